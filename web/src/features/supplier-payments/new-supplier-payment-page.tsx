// /operations/purchases/payments/new: a payment to a supplier — against its approved invoices that still
// owe (ticked oldest first, the amount of each, the figures live) or as an advance (on a duty, when it
// comes from one, or on account). `?supplierId=…&invoiceId=…` comes pre-set from a purchase invoice's
// page, `?supplierId=…&bookingId=…` from a duty's. The server's messages land at their fields; nothing
// typed is lost when a save fails.
import { operatorDate } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { Alert, Anchor, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { useCheckedSave } from '../common/form/checked-save';
import { PageHeader } from '../common/list/page-header';
import { Panel } from '../common/panel';
import { rupees } from '../duties/duty-format';
import { useRefOptions } from '../masters/master-fields';
import {
  AMOUNT_INPUT,
  NotesInput,
  PaymentModeFields,
  SaveButtons,
  TakeAmountOffer,
  TypeChoice,
} from '../receipts/money-form';
import { choicesOf } from '../receipts/receipt-format';
import { PayTable } from './pay-table';
import { appliedOf, type Picks, toggled } from './payment-picks';
import { useRefreshSupplierPayments } from './supplier-payment-actions';
import {
  paymentPath,
  SUPPLIER_PAYMENT_TYPE_LABELS,
  SUPPLIER_PAYMENT_TYPES_OFFERED,
} from './supplier-payment-format';
import type { SupplierPaymentInput } from './supplier-payment-types';
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

const TYPES = choicesOf(SUPPLIER_PAYMENT_TYPES_OFFERED, SUPPLIER_PAYMENT_TYPE_LABELS);

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
  // The invoice it came from is ticked once the supplier's open invoices arrive, and what it owes is the
  // amount paid unless one was typed meanwhile.
  const [presetInvoice, setPresetInvoice] = useState(search.invoiceId);
  const navigate = useNavigate();
  const refresh = useRefreshSupplierPayments();
  const { errors, problem, submit, saving, forget } = useCheckedSave({
    check: () => paymentProblems(values, invoices, picks),
    input: () => paymentInputOf(values, invoices, picks),
    send: (input: SupplierPaymentInput) => trpcClient.supplierPayment.create.mutate(input),
    onSaved: (saved) => {
      showToast(`Payment ${saved.paymentNo} is saved.`);
      refresh();
      void navigate({ to: paymentPath(saved.id) });
    },
  });
  const set = (patch: Partial<PaymentFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    forget(Object.keys(patch));
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
    if (invoice) {
      setPicks((p) => (p[invoice.purchaseInvoiceId] ? p : toggled(invoice, open.data.invoices, p, null)));
      setValues((v) => (v.amount.trim() ? v : { ...v, amount: invoice.owing.toFixed(2) }));
    }
    setPresetInvoice(undefined);
  }, [presetInvoice, open.data]);

  const paid = paidOf(values);
  const applied = appliedOf(invoices, picks);
  const advances = new Decimal(open.data?.advances || '0');

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
          <Panel title="Payment">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <SupplierSelect
                value={values.supplierId}
                onChange={(supplierId) => {
                  set({ supplierId });
                  setPicks({});
                }}
                error={errors.supplierId}
              />
              <TypeChoice
                id="supplier-payment-type-label"
                choices={TYPES}
                value={values.type}
                onChange={(type) => set({ type })}
                error={errors.type}
              />
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
                styles={AMOUNT_INPUT}
                value={values.amount}
                onChange={(e) => set({ amount: e.currentTarget.value })}
                error={errors.amount}
              />
              <PaymentModeFields values={values} set={set} errors={errors} />
            </SimpleGrid>
            <NotesInput value={values.notes} onChange={(notes) => set({ notes })} error={errors.notes} />
          </Panel>
          {values.type === 'INVOICE' ? (
            <Panel title="Invoices it pays">
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
                      forget(['settlements']);
                    }}
                    available={paid}
                    availableLabel="Amount paid"
                    errors={errors}
                  />
                  <TakeAmountOffer
                    typed={values.amount}
                    applied={applied}
                    what="paid"
                    onTake={(amount) => set({ amount })}
                  />
                </>
              )}
            </Panel>
          ) : (
            <Panel title="An advance">
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
            </Panel>
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
          <SaveButtons
            problem={problem}
            problemTitle="The payment was not saved"
            saving={saving}
            saveLabel="Save payment"
            onCancel={() => void navigate({ to: '/operations/purchases/payments' })}
          />
        </Stack>
      </form>
    </Stack>
  );
}
