// /operations/purchases/payments/new: a payment to a supplier — against its approved invoices that still
// owe (ticked oldest first, the amount of each, the figures live) or as an advance (on a duty, when it
// comes from one, or on account). `?supplierId=…&invoiceId=…` comes pre-set from a purchase invoice's
// page, `?supplierId=…&bookingId=…` from a duty's. The server's messages land at their fields; nothing
// typed is lost when a save fails.
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
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { useRefOptions } from '../masters/master-fields';
import { choicesOf, PAYMENT_MODE_LABELS } from '../receipts/receipt-format';
import { PayTable } from './pay-table';
import { appliedOf, type Picks, toggled } from './payment-picks';
import { useRefreshSupplierPayments } from './supplier-payment-actions';
import {
  paymentPath,
  SUPPLIER_PAYMENT_TYPE_LABELS,
  SUPPLIER_PAYMENT_TYPES_OFFERED,
} from './supplier-payment-format';
import type { PaymentMode, SupplierPaymentInput, SupplierPaymentType } from './supplier-payment-types';
import {
  blankPayment,
  type PaymentFormValues,
  paidOf,
  paymentInputOf,
  paymentProblems,
} from './supplier-payment-values';

const preset = z.object({
  supplierId: idSchema.optional().catch(undefined),
  invoiceId: idSchema.optional().catch(undefined),
  bookingId: idSchema.optional().catch(undefined),
});

const RIGHT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;
const TYPES = choicesOf(SUPPLIER_PAYMENT_TYPES_OFFERED, SUPPLIER_PAYMENT_TYPE_LABELS);
const MODES = choicesOf(PAYMENT_MODES, PAYMENT_MODE_LABELS);

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

/** The supplier, searched by name among the active suppliers. */
function SupplierSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useRefOptions('supplier', value ? [value] : [], debounced);
  // While a search or the chosen supplier's own lookup is loading, the options name the chosen one by its
  // id; the names seen so far stand in, so the picker never shows an id.
  const seen = useRef(new Map<string, string>());
  const options = found.map((option) => {
    if (option.label !== option.value) seen.current.set(option.value, option.label);
    return { value: option.value, label: seen.current.get(option.value) ?? option.label };
  });
  return (
    <Select
      label="Supplier"
      withAsterisk
      searchable
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing matches"
      error={error}
    />
  );
}

export default function NewSupplierPaymentPage() {
  const search = preset.parse(useSearch({ strict: false }));
  const initial = useMemo(
    () =>
      blankPayment(operatorDate(new Date()), { supplierId: search.supplierId, bookingId: search.bookingId }),
    [search.supplierId, search.bookingId],
  );
  const [values, setValues] = useState<PaymentFormValues>(initial);
  const [picks, setPicks] = useState<Picks>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  // The invoice it came from is ticked once the supplier's open invoices arrive.
  const [presetInvoice, setPresetInvoice] = useState(search.invoiceId);
  const navigate = useNavigate();
  const refresh = useRefreshSupplierPayments();
  const set = (patch: Partial<PaymentFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const open = useQuery(
    trpc.supplierPayment.openInvoices.queryOptions(
      { supplierId: values.supplierId },
      { enabled: values.supplierId !== '' },
    ),
  );
  const invoices = values.supplierId ? (open.data?.invoices ?? []) : [];
  useEffect(() => {
    if (!presetInvoice || !open.data) return;
    const invoice = open.data.invoices.find((i) => i.purchaseInvoiceId === presetInvoice);
    if (invoice)
      setPicks((p) => (p[invoice.purchaseInvoiceId] ? p : toggled(invoice, open.data.invoices, p, null)));
    setPresetInvoice(undefined);
  }, [presetInvoice, open.data]);

  const paid = paidOf(values);
  const applied = appliedOf(invoices, picks);
  const advances = new Decimal(open.data?.advances || '0');

  const save = useMutation({
    mutationFn: (input: SupplierPaymentInput) => trpcClient.supplierPayment.create.mutate(input),
    onSuccess: (saved) => {
      showToast(`Payment ${saved.paymentNo} is saved.`);
      refresh();
      void navigate({ to: paymentPath(saved.id) });
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure));
      setProblem(errorMessage(failure));
    },
  });
  const submit = () => {
    const found = paymentProblems(values, invoices, picks);
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length) {
      setProblem('Some fields need attention.');
      return;
    }
    save.mutate(paymentInputOf(values, invoices, picks));
  };

  return (
    <Stack gap="sm">
      <PageHeader title="Pay supplier" />
      <form
        aria-label="Supplier payment form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Section title="Payment">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <SupplierSelect
                value={values.supplierId}
                onChange={(supplierId) => {
                  set({ supplierId });
                  setPicks({});
                }}
                error={errors.supplierId}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="supplier-payment-type-label">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="supplier-payment-type-label"
                  data={TYPES}
                  value={values.type}
                  onChange={(value) => {
                    const type: SupplierPaymentType | undefined = TYPES.find((t) => t.value === value)?.value;
                    if (type) set({ type });
                  }}
                />
                {errors.type ? (
                  <Text size="xs" c="red">
                    {errors.type}
                  </Text>
                ) : null}
              </Stack>
              {values.type === 'ADVANCE' ? (
                <RefSelect
                  target="company"
                  label="Paid by company (default: the primary)"
                  value={values.companyId}
                  onChange={(companyId) => set({ companyId })}
                  error={errors.companyId}
                />
              ) : null}
              <DateBox
                label="Payment date"
                required
                value={values.paymentDate}
                onChange={(paymentDate) => set({ paymentDate })}
                error={errors.paymentDate}
              />
              <TextInput
                label="Amount paid"
                withAsterisk
                leftSection="₹"
                inputMode="decimal"
                styles={RIGHT}
                value={values.amount}
                onChange={(e) => set({ amount: e.currentTarget.value })}
                error={errors.amount}
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
            <Section title="Invoices it pays">
              {!values.supplierId ? (
                <Text size="sm" c="dimmed">
                  Choose the supplier to see its invoices that still owe something.
                </Text>
              ) : open.isError ? (
                <Alert color="red">{errorMessage(open.error)}</Alert>
              ) : open.isLoading ? null : (
                <>
                  <PayTable
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
                    available={paid}
                    availableLabel="Amount paid"
                    errors={errors}
                  />
                  {!values.amount.trim() && applied.greaterThan(0) ? (
                    <Group justify="flex-end">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => set({ amount: applied.toFixed(2) })}
                      >
                        Take {rupees(applied)} as the amount paid
                      </Anchor>
                    </Group>
                  ) : null}
                </>
              )}
            </Section>
          ) : (
            <Section title="An advance">
              <Text size="sm">
                {values.bookingId
                  ? 'Paid on the duty this page was opened from. '
                  : 'Paid on account of the supplier. '}
                The whole amount is held for the supplier and applied to its invoices later, from the
                payment's page.
              </Text>
              {errors.bookingId ? (
                <Text size="sm" c="red" role="alert">
                  {errors.bookingId}
                </Text>
              ) : null}
            </Section>
          )}
          {values.supplierId && advances.greaterThan(0) ? (
            <Alert color="blue" title="This supplier holds advances">
              Its payments hold {rupees(advances)} not yet applied to invoices.{' '}
              <Anchor
                href={`/operations/purchases/payments?supplierIds=${encodeURIComponent(JSON.stringify([values.supplierId]))}`}
                target="_blank"
                size="sm"
              >
                See its payments
              </Anchor>{' '}
              (in a new tab) to apply them instead.
            </Alert>
          ) : null}
          {problem ? (
            <Alert color="red" title="The payment was not saved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: '/operations/purchases/payments' })}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
