// /operations/purchases/invoices/new: a supplier's invoice recorded over its duties — pick the supplier,
// tick its billable duties (with their purchase amounts; those that cannot be taken say why), the
// supplier's number, date and received date, extra rows, a discount, the TDS, notes — and the figures
// previewed as billing will save them. The server's messages land at their fields; nothing typed is
// lost when a save fails.
import { operatorDate } from '@fleet/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { useMemo, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { FigureRow } from '../common/facts';
import { useCheckedSave } from '../common/form/checked-save';
import { PageHeader } from '../common/list/page-header';
import { Panel } from '../common/panel';
import { dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { useRefOptions } from '../masters/master-fields';
import { useRefreshPurchaseInvoices } from './purchase-invoice-actions';
import { SLIP_STATUS_LABELS } from './purchase-invoice-format';
import type { PurchaseDraftInput, PurchaseDuty, PurchaseInvoice } from './purchase-invoice-types';
import {
  blankPurchase,
  type DutyPick,
  draftOf,
  type ExtraRowType,
  type PurchaseFormValues,
  preview,
  purchaseProblems,
  ROW_TYPE_LABELS,
  valuesOf,
} from './purchase-invoice-values';

const RIGHT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const ROW_TYPES = (Object.keys(ROW_TYPE_LABELS) as ExtraRowType[]).map((value) => ({
  value,
  label: ROW_TYPE_LABELS[value],
}));

function SupplierSelect(props: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions('supplier', props.value ? [props.value] : [], debounced);
  return (
    <Select
      label="Supplier"
      withAsterisk
      disabled={props.disabled}
      searchable
      data={options}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing matches"
      error={props.error}
    />
  );
}

function DutyPicker({
  duties,
  picks,
  onChange,
  error,
}: {
  duties: PurchaseDuty[];
  picks: DutyPick[];
  onChange: (picks: DutyPick[]) => void;
  error?: string;
}) {
  const picked = new Map(picks.map((p) => [p.bookingId, p]));
  const takeable = duties.filter((d) => !d.blockedReason);
  const toggle = (duty: PurchaseDuty, on: boolean) =>
    onChange(
      on
        ? [
            ...picks,
            { bookingId: duty.bookingId, includeBillingItems: duty.billingItems.length > 0, amount: '' },
          ]
        : picks.filter((p) => p.bookingId !== duty.bookingId),
    );
  if (duties.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The supplier has no closed duty of these dates left to bill.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {/* Scrolls inside its card on a narrow screen, as the other wide tables do, never past the page. */}
      <Table.ScrollContainer minWidth={900}>
        <Table fz="sm" verticalSpacing={4} aria-label="Supplier's duties">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Tick every duty that can be taken"
                  checked={takeable.length > 0 && takeable.every((d) => picked.has(d.bookingId))}
                  indeterminate={picks.length > 0 && picks.length < takeable.length}
                  onChange={(e) =>
                    onChange(
                      e.currentTarget.checked
                        ? takeable.map((d) => ({
                            bookingId: d.bookingId,
                            includeBillingItems: d.billingItems.length > 0,
                            amount: '',
                          }))
                        : [],
                    )
                  }
                />
              </Table.Th>
              <Table.Th>Duty</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Customer · vehicle</Table.Th>
              <Table.Th>Slip</Table.Th>
              <Table.Th ta="right">Purchase amount</Table.Th>
              <Table.Th>Billed (if not)</Table.Th>
              <Table.Th>Billing items</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {duties.map((duty) => {
              const pick = picked.get(duty.bookingId);
              const items = duty.billingItems.reduce((sum, i) => sum.plus(i.amount), new Decimal(0));
              return (
                <Table.Tr key={duty.bookingId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Take duty ${dutyNumber(duty.bookingNo)}`}
                      disabled={!!duty.blockedReason}
                      checked={!!pick}
                      onChange={(e) => toggle(duty, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {dutyNumber(duty.bookingNo)}
                    {duty.blockedReason ? (
                      <Text size="xs" c="orange">
                        {duty.blockedReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{ddmmyyyy(duty.startDate)}</Table.Td>
                  <Table.Td>{[duty.customerName, duty.vehicleNo].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td>
                    {SLIP_STATUS_LABELS[duty.purchaseSlipStatus] ?? duty.purchaseSlipStatus}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {duty.purchaseAmount ? rupees(duty.purchaseAmount) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      w={120}
                      leftSection="₹"
                      inputMode="decimal"
                      styles={RIGHT}
                      aria-label={`Amount billed for duty ${dutyNumber(duty.bookingNo)}`}
                      placeholder={duty.purchaseAmount?.toFixed(2) ?? ''}
                      disabled={!pick}
                      value={pick?.amount ?? ''}
                      onChange={(e) => {
                        const amount = e.currentTarget.value;
                        onChange(picks.map((p) => (p.bookingId === duty.bookingId ? { ...p, amount } : p)));
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    {duty.billingItems.length ? (
                      <Checkbox
                        size="xs"
                        label={`${rupees(items)} (${duty.billingItems.map((i) => i.name).join(', ')})`}
                        aria-label={`Add the billing items of duty ${dutyNumber(duty.bookingNo)}`}
                        disabled={!pick}
                        checked={!!pick?.includeBillingItems}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          onChange(
                            picks.map((p) =>
                              p.bookingId === duty.bookingId ? { ...p, includeBillingItems: on } : p,
                            ),
                          );
                        }}
                      />
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Records a supplier's invoice, or (given `existing`, a draft) changes it. */
export function PurchaseInvoiceForm({ existing }: { existing?: PurchaseInvoice }) {
  const today = operatorDate(new Date());
  const initial = useMemo(() => (existing ? valuesOf(existing) : blankPurchase(today)), [existing, today]);
  const [values, setValues] = useState<PurchaseFormValues>(initial);
  const [period, setPeriod] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const navigate = useNavigate();
  const refresh = useRefreshPurchaseInvoices();
  const { errors, problem, submit, saving, forget } = useCheckedSave({
    check: () => {
      const found = purchaseProblems(values, today);
      if (shown && 'problem' in shown) found[shown.field] = shown.problem;
      return found;
    },
    input: () => draftOf(values),
    send: (input: PurchaseDraftInput) =>
      existing
        ? trpcClient.purchaseInvoice.update.mutate({
            id: existing.id,
            draft: input,
            expectedVersion: existing.version,
          })
        : trpcClient.purchaseInvoice.create.mutate(input),
    onSaved: (saved) => {
      showToast(
        existing
          ? `Purchase invoice ${saved.purchaseNo} is changed.`
          : `Purchase invoice ${saved.purchaseNo} is saved as a draft.`,
      );
      refresh();
      void navigate({ to: `/operations/purchases/invoices/${saved.id}` });
    },
    // A duty named by its place in the draft is shown at the duty picker.
    fieldsOf: (fields) => {
      const duty = Object.entries(fields).find(([key]) => key.startsWith('duties'));
      return duty ? { ...fields, duties: duty[1] } : fields;
    },
  });
  const set = (patch: Partial<PurchaseFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    forget(Object.keys(patch));
  };

  const billable = useQuery(
    trpc.purchaseInvoice.billableDuties.queryOptions(
      {
        supplierId: values.supplierId,
        dateFrom: period.from || undefined,
        dateTo: period.to || undefined,
        purchaseInvoiceId: existing?.id,
      },
      { enabled: values.supplierId !== '' },
    ),
  );
  const duties = values.supplierId ? (billable.data?.duties ?? []) : [];
  const supplier = billable.data
    ? {
        taxes: billable.data.taxes.map((t) => ({ ...t, percentage: t.percentage.toString() })),
        defaultTdsPercentage: billable.data.defaultTdsPercentage,
      }
    : undefined;
  const shown = preview(values, duties, supplier);

  const setRow = (index: number, patch: Partial<PurchaseFormValues['rows'][number]>) =>
    set({ rows: values.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const figures = shown && 'figures' in shown ? shown.figures : undefined;

  return (
    <Stack gap="sm">
      <PageHeader
        title={existing ? `Edit purchase invoice ${existing.purchaseNo}` : 'Record supplier invoice'}
      />
      <form
        aria-label="Purchase invoice form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Panel title="The supplier's invoice">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <SupplierSelect
                disabled={!!existing}
                value={values.supplierId}
                onChange={(supplierId) => set({ supplierId, picks: [] })}
                error={errors.supplierId}
              />
              <RefSelect
                target="company"
                label="Billed to (default: your primary company)"
                value={values.companyId}
                onChange={(companyId) => set({ companyId })}
                error={errors.companyId}
              />
              <TextInput
                label="Supplier's invoice no."
                withAsterisk
                maxLength={40}
                value={values.supplierInvoiceNo}
                onChange={(e) => set({ supplierInvoiceNo: e.currentTarget.value })}
                error={errors.supplierInvoiceNo}
              />
              <DateBox
                label="Supplier's invoice date"
                required
                value={values.supplierInvoiceDate}
                onChange={(supplierInvoiceDate) => set({ supplierInvoiceDate })}
                error={errors.supplierInvoiceDate}
              />
              <DateBox
                label="Received on"
                required
                value={values.receivedDate}
                onChange={(receivedDate) => set({ receivedDate })}
                error={errors.receivedDate}
              />
            </SimpleGrid>
          </Panel>
          <Panel title="Duties">
            {!values.supplierId ? (
              <Text size="sm" c="dimmed">
                Choose the supplier to see its closed duties left to bill.
              </Text>
            ) : (
              <>
                <Group gap="sm" align="end">
                  <DateBox
                    label="Duties from"
                    description="Default: the start of last financial year"
                    value={period.from}
                    onChange={(from) => setPeriod((p) => ({ ...p, from }))}
                  />
                  <DateBox
                    label="Duties to"
                    value={period.to}
                    onChange={(to) => setPeriod((p) => ({ ...p, to }))}
                  />
                </Group>
                {billable.data && !billable.data.invoicesUnaccepted ? (
                  <Text size="xs" c="dimmed">
                    This supplier bills only duties whose slip you accepted.
                  </Text>
                ) : null}
                {billable.isError ? (
                  <Alert color="red">{errorMessage(billable.error)}</Alert>
                ) : billable.isLoading ? null : (
                  <DutyPicker
                    duties={duties}
                    picks={values.picks}
                    onChange={(picks) => {
                      set({ picks });
                      forget(['duties']);
                    }}
                    error={errors.duties}
                  />
                )}
              </>
            )}
          </Panel>
          <Panel title="Other rows">
            {values.rows.map((row, index) => (
              <Group key={row.key} gap="sm" align="start" wrap="nowrap">
                <Select
                  aria-label={`Row ${index + 1} type`}
                  w={160}
                  allowDeselect={false}
                  data={ROW_TYPES}
                  value={row.type}
                  onChange={(value) => {
                    const type = ROW_TYPES.find((t) => t.value === value)?.value;
                    if (type) setRow(index, { type });
                  }}
                />
                <TextInput
                  aria-label={`Row ${index + 1} description`}
                  placeholder="Description"
                  style={{ flex: 1 }}
                  maxLength={200}
                  value={row.description}
                  onChange={(e) => setRow(index, { description: e.currentTarget.value })}
                  error={errors[`rows.${index}.description`]}
                />
                <TextInput
                  aria-label={`Row ${index + 1} amount`}
                  leftSection="₹"
                  inputMode="decimal"
                  w={160}
                  styles={RIGHT}
                  value={row.amount}
                  onChange={(e) => setRow(index, { amount: e.currentTarget.value })}
                  error={errors[`rows.${index}.amount`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={`Remove row ${index + 1}`}
                  onClick={() => set({ rows: values.rows.filter((_, i) => i !== index) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  set({
                    rows: [
                      ...values.rows,
                      { key: crypto.randomUUID(), type: 'CUSTOM', description: '', amount: '' },
                    ],
                  })
                }
              >
                Add row
              </Button>
            </Group>
          </Panel>
          <Panel title="Figures">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <Stack gap="sm">
                <TextInput
                  label="Discount"
                  leftSection="₹"
                  inputMode="decimal"
                  styles={RIGHT}
                  value={values.discount}
                  onChange={(e) => set({ discount: e.currentTarget.value })}
                  error={errors.discount}
                />
                <TextInput
                  label="TDS %"
                  description={
                    supplier
                      ? `Default for this supplier: ${supplier.defaultTdsPercentage}%`
                      : 'Default: the supplier’s'
                  }
                  inputMode="decimal"
                  styles={RIGHT}
                  value={values.tdsPercentage}
                  placeholder={supplier?.defaultTdsPercentage}
                  onChange={(e) => set({ tdsPercentage: e.currentTarget.value })}
                  error={errors.tdsPercentage}
                />
                <Textarea
                  label="Notes"
                  maxLength={1000}
                  autosize
                  minRows={2}
                  value={values.notes}
                  onChange={(e) => set({ notes: e.currentTarget.value })}
                  error={errors.notes}
                />
              </Stack>
              {figures ? (
                <Table fz="sm" verticalSpacing={2} aria-label="Purchase invoice figures">
                  <Table.Tbody>
                    <FigureRow label="Sub-total" value={rupees(new Decimal(figures.subTotal))} />
                    <FigureRow label="Discount" value={rupees(new Decimal(figures.discount))} />
                    <FigureRow label="Taxable value" value={rupees(new Decimal(figures.taxable))} />
                    {figures.taxes.map((tax) => (
                      <FigureRow key={tax.taxId} label={tax.name} value={rupees(new Decimal(tax.amount))} />
                    ))}
                    <FigureRow label="Round off" value={rupees(new Decimal(figures.roundOff))} />
                    <FigureRow
                      label="Total"
                      value={rupees(new Decimal(figures.total))}
                      strong
                      testId="purchase-total"
                    />
                    <FigureRow
                      label={`TDS (${figures.tdsPercentage}%)`}
                      value={rupees(new Decimal(figures.tds))}
                      testId="purchase-tds"
                    />
                    <FigureRow
                      label="Payable"
                      value={rupees(new Decimal(figures.payable))}
                      strong
                      testId="purchase-payable"
                    />
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="sm" c={shown && 'problem' in shown ? 'red' : 'dimmed'}>
                  {shown && 'problem' in shown
                    ? shown.problem
                    : 'Tick a duty or add a row to see the figures.'}
                </Text>
              )}
            </SimpleGrid>
          </Panel>
          {problem ? (
            <Alert color="red" title="The purchase invoice was not saved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() =>
                void navigate({
                  to: existing
                    ? `/operations/purchases/invoices/${existing.id}`
                    : '/operations/purchases/invoices',
                })
              }
            >
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {existing ? 'Save changes' : 'Save purchase invoice'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export default function NewPurchaseInvoicePage() {
  return <PurchaseInvoiceForm />;
}
