// /operations/receipts/new: a payment received from a customer — against its open invoices (ticked,
// with the amount, TDS and bank charges of each, the figures live), as an advance, or on account.
// `?customerId=…&invoiceId=…` comes pre-set from an invoice's page. The server's messages land at their
// fields; nothing typed is lost when a save fails.
import { operatorDate } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Alert, Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { useCheckedSave } from '../common/form/checked-save';
import { PageHeader } from '../common/list/page-header';
import { Panel } from '../common/panel';
import { rupees } from '../duties/duty-format';
import {
  AMOUNT_INPUT,
  NotesInput,
  PaymentModeFields,
  SaveButtons,
  TakeAmountOffer,
  TypeChoice,
} from './money-form';
import { useRefreshReceipts } from './receipt-actions';
import { choicesOf, RECEIPT_TYPE_LABELS, RECEIPT_TYPES_OFFERED } from './receipt-format';
import type { ReceiptInput } from './receipt-types';
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

const TYPES = choicesOf(RECEIPT_TYPES_OFFERED, RECEIPT_TYPE_LABELS);

export default function NewReceiptPage() {
  const search = preset.parse(useSearch({ strict: false }));
  const initial = useMemo(
    () => blankReceipt(operatorDate(new Date()), search.customerId),
    [search.customerId],
  );
  const [values, setValues] = useState<ReceiptFormValues>(initial);
  const [picks, setPicks] = useState<Picks>({});
  // The invoice it came from is ticked once its customer's open invoices arrive.
  const [presetInvoice, setPresetInvoice] = useState(search.invoiceId);
  const navigate = useNavigate();
  const refresh = useRefreshReceipts();
  const { errors, problem, submit, saving, forget } = useCheckedSave({
    check: () => receiptProblems(values, invoices, picks),
    input: () => receiptInputOf(values, invoices, picks),
    send: (input: ReceiptInput) => trpcClient.receipt.create.mutate(input),
    onSaved: (saved) => {
      showToast(`Receipt ${saved.receiptNo} is saved.`);
      refresh();
      void navigate({ to: `/operations/receipts/${saved.id}` });
    },
  });
  const set = (patch: Partial<ReceiptFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    forget(Object.keys(patch));
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
          <Panel title="Payment">
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
              <TypeChoice
                id="receipt-type-label"
                choices={TYPES}
                value={values.type}
                onChange={(type) => set({ type })}
                error={errors.type}
              />
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
                styles={AMOUNT_INPUT}
                value={values.receivedAmount}
                onChange={(e) => set({ receivedAmount: e.currentTarget.value })}
                error={errors.receivedAmount}
              />
              <PaymentModeFields values={values} set={set} errors={errors} />
            </SimpleGrid>
            <NotesInput value={values.notes} onChange={(notes) => set({ notes })} error={errors.notes} />
          </Panel>
          {values.type === 'INVOICE' ? (
            <Panel title="Invoices it settles">
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
                      forget(['settlements']);
                    }}
                    available={received}
                    availableLabel="Amount received"
                    errors={errors}
                  />
                  <TakeAmountOffer
                    typed={values.receivedAmount}
                    applied={applied}
                    what="received"
                    onTake={(receivedAmount) => set({ receivedAmount })}
                  />
                </>
              )}
            </Panel>
          ) : (
            <Panel title={values.type === 'ADVANCE' ? 'An advance' : 'Money on account'}>
              <Text size="sm">
                The whole amount is held for the customer and applied to its invoices later, from the
                receipt's page.
              </Text>
            </Panel>
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
          <SaveButtons
            problem={problem}
            problemTitle="The receipt was not saved"
            saving={saving}
            saveLabel="Save receipt"
            onCancel={() => void navigate({ to: '/operations/receipts' })}
          />
        </Stack>
      </form>
    </Stack>
  );
}
