// /operations/receipts/new: a payment received from a customer — against its open invoices (ticked,
// with the amount, TDS and bank charges of each, the figures live), as an advance, or on account.
// `?customerId=…&invoiceId=…` comes pre-set from an invoice's page. The server's messages land at their
// fields; nothing typed is lost when a save fails.
import { operatorDate, PAYMENT_MODES } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { useRefreshReceipts } from './receipt-actions';
import { choicesOf, PAYMENT_MODE_LABELS, RECEIPT_TYPE_LABELS, RECEIPT_TYPES_OFFERED } from './receipt-format';
import type { PaymentMode, ReceiptInput, ReceiptType } from './receipt-types';
import {
  blankReceipt,
  type ReceiptFormValues,
  receiptInputOf,
  receiptProblems,
  receivedOf,
} from './receipt-values';
import { SettlementTable } from './settlement-table';
import { type Picks, pickedRow, summarise } from './settlements';

const preset = z.object({
  customerId: idSchema.optional().catch(undefined),
  invoiceId: idSchema.optional().catch(undefined),
});

const RIGHT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;
const TYPES = choicesOf(RECEIPT_TYPES_OFFERED, RECEIPT_TYPE_LABELS);
const MODES = choicesOf(PAYMENT_MODES, PAYMENT_MODE_LABELS);
const typeOf = (value: string) => TYPES.find((t) => t.value === value)?.value;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

export default function NewReceiptPage() {
  const search = preset.parse(useSearch({ strict: false }));
  const initial = useMemo(
    () => blankReceipt(operatorDate(new Date()), search.customerId),
    [search.customerId],
  );
  const [values, setValues] = useState<ReceiptFormValues>(initial);
  const [picks, setPicks] = useState<Picks>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  // The invoice it came from is ticked once its customer's open invoices arrive.
  const [presetInvoice, setPresetInvoice] = useState(search.invoiceId);
  const navigate = useNavigate();
  const refresh = useRefreshReceipts();
  const set = (patch: Partial<ReceiptFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const open = useQuery(
    trpc.receipt.openInvoices.queryOptions(
      { customerId: values.customerId },
      { enabled: values.customerId !== '' },
    ),
  );
  const invoices = values.customerId ? (open.data?.invoices ?? []) : [];
  useEffect(() => {
    if (!presetInvoice || !open.data) return;
    const invoice = open.data.invoices.find((i) => i.invoiceId === presetInvoice);
    if (invoice)
      setPicks((p) => (p[invoice.invoiceId] ? p : { ...p, [invoice.invoiceId]: pickedRow(invoice) }));
    setPresetInvoice(undefined);
  }, [presetInvoice, open.data]);

  const received = receivedOf(values);
  const applied = summarise(invoices, picks, received).applied;
  const heldUnapplied = new Decimal(open.data?.unapplied || '0');

  const save = useMutation({
    mutationFn: (input: ReceiptInput) => trpcClient.receipt.create.mutate(input),
    onSuccess: (saved) => {
      showToast(`Receipt ${saved.receiptNo} is saved.`);
      refresh();
      void navigate({ to: `/operations/receipts/${saved.id}` });
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure));
      setProblem(errorMessage(failure));
    },
  });
  const submit = () => {
    const found = receiptProblems(values, invoices, picks);
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length) {
      setProblem('Some fields need attention.');
      return;
    }
    save.mutate(receiptInputOf(values, invoices, picks));
  };

  return (
    <Stack gap="sm">
      <PageHeader title="Receive payment" />
      <form
        aria-label="Receipt form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Section title="Payment">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <RefSelect
                target="customer"
                label="Customer"
                required
                value={values.customerId}
                onChange={(customerId) => {
                  set({ customerId });
                  setPicks({});
                }}
                error={errors.customerId}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="receipt-type-label">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="receipt-type-label"
                  data={TYPES}
                  value={values.type}
                  onChange={(value) => {
                    const type: ReceiptType | undefined = typeOf(value);
                    if (type) set({ type });
                  }}
                />
                {errors.type ? (
                  <Text size="xs" c="red">
                    {errors.type}
                  </Text>
                ) : null}
              </Stack>
              {values.type === 'INVOICE' ? null : (
                <RefSelect
                  target="company"
                  label="Company (default: the primary)"
                  value={values.companyId}
                  onChange={(companyId) => set({ companyId })}
                  error={errors.companyId}
                />
              )}
              <DateBox
                label="Receipt date"
                required
                value={values.receiptDate}
                onChange={(receiptDate) => set({ receiptDate })}
                error={errors.receiptDate}
              />
              <TextInput
                label="Amount received"
                description="What reached your account"
                withAsterisk
                leftSection="₹"
                inputMode="decimal"
                styles={RIGHT}
                value={values.receivedAmount}
                onChange={(e) => set({ receivedAmount: e.currentTarget.value })}
                error={errors.receivedAmount}
              />
              <Select
                label="Payment mode"
                withAsterisk
                allowDeselect={false}
                data={MODES}
                value={values.paymentMode}
                onChange={(value) => {
                  const mode: PaymentMode | undefined = MODES.find((m) => m.value === value)?.value;
                  if (mode) set({ paymentMode: mode });
                }}
                error={errors.paymentMode}
              />
              {values.paymentMode === 'CHEQUE' ? (
                <>
                  <TextInput
                    label="Cheque no."
                    withAsterisk
                    maxLength={30}
                    value={values.chequeNo}
                    onChange={(e) => set({ chequeNo: e.currentTarget.value })}
                    error={errors.chequeNo}
                  />
                  <DateBox
                    label="Cheque date"
                    value={values.chequeDate}
                    onChange={(chequeDate) => set({ chequeDate })}
                    error={errors.chequeDate}
                  />
                </>
              ) : null}
              <TextInput
                label="Bank"
                maxLength={100}
                value={values.bankName}
                onChange={(e) => set({ bankName: e.currentTarget.value })}
                error={errors.bankName}
              />
              <TextInput
                label="Reference"
                description="UTR or transaction id"
                maxLength={60}
                value={values.reference}
                onChange={(e) => set({ reference: e.currentTarget.value })}
                error={errors.reference}
              />
            </SimpleGrid>
            <Textarea
              label="Notes"
              maxLength={1000}
              autosize
              minRows={2}
              value={values.notes}
              onChange={(e) => set({ notes: e.currentTarget.value })}
              error={errors.notes}
            />
          </Section>
          {values.type === 'INVOICE' ? (
            <Section title="Invoices it settles">
              {!values.customerId ? (
                <Text size="sm" c="dimmed">
                  Choose the customer to see the invoices that still ask for money.
                </Text>
              ) : open.isError ? (
                <Alert color="red">{errorMessage(open.error)}</Alert>
              ) : open.isLoading ? null : (
                <>
                  <Text size="sm" c="dimmed">
                    An invoice's outstanding is settled by the money applied, the TDS the customer deducted
                    and the bank charges your bank kept; only the money is taken from the amount received.
                  </Text>
                  <SettlementTable
                    invoices={invoices}
                    picks={picks}
                    onChange={(next) => {
                      setPicks(next);
                      setErrors((e) =>
                        Object.fromEntries(
                          Object.entries(e).filter(([key]) => !key.startsWith('settlements')),
                        ),
                      );
                    }}
                    available={received}
                    availableLabel="Amount received"
                    errors={errors}
                  />
                  {!values.receivedAmount.trim() && applied.greaterThan(0) ? (
                    <Group justify="flex-end">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => set({ receivedAmount: applied.toFixed(2) })}
                      >
                        Take {rupees(applied)} as the amount received
                      </Anchor>
                    </Group>
                  ) : null}
                </>
              )}
            </Section>
          ) : (
            <Section title={values.type === 'ADVANCE' ? 'An advance' : 'Money on account'}>
              <Text size="sm">
                The whole amount is held for the customer and applied to its invoices later, from the
                receipt's page.
              </Text>
            </Section>
          )}
          {values.customerId && heldUnapplied.greaterThan(0) ? (
            <Alert color="blue" title="This customer holds money unapplied">
              Its advances and money on account hold {rupees(heldUnapplied)} not yet applied to invoices.{' '}
              <Anchor
                href={`/operations/receipts?customerIds=${encodeURIComponent(JSON.stringify([values.customerId]))}`}
                target="_blank"
                size="sm"
              >
                See its receipts
              </Anchor>{' '}
              (in a new tab) to apply it instead.
            </Alert>
          ) : null}
          {problem ? (
            <Alert color="red" title="The receipt was not saved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: '/operations/receipts' })}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save receipt
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
