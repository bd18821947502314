// An invoice's editable part, for a manual invoice (/operations/billing/manual) and to edit a draft
// (/operations/billing/$id/edit): the customer and company (a new one only), dates, notes, the typed
// rows and (editing) the duties it bills. The server's messages land at their fields.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { useCheckedSave, withoutPrefix } from '../common/form/checked-save';
import { DayInput } from '../common/form/day-input';
import { Panel } from '../common/panel';
import { dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { useRefOptions } from '../masters/master-fields';
import { useRefreshInvoices } from './invoice-actions';
import { companyToBillFrom, invoiceNumberText } from './invoice-format';
import { type InvoiceRowValues, rowProblems, rowsToLines } from './invoice-rows';
import { InvoiceRowsEditor } from './invoice-rows-editor';
import type { BillableDuty, DraftInput, InvoiceDetail } from './invoice-types';

export interface InvoiceFormValues {
  customerId: string;
  companyId: string;
  invoiceDate: string;
  dueDate: string;
  notes: string;
  rows: InvoiceRowValues[];
  duties: BillableDuty[];
}

/** The draft the invoice procedures take from the form. */
export function draftOf(values: InvoiceFormValues, invoice?: InvoiceDetail): DraftInput {
  return {
    customerId: values.customerId,
    companyId: values.companyId || undefined,
    companyProfileId: invoice?.companyProfileId ?? undefined,
    bookingIds: values.duties.map((d) => d.bookingId),
    invoiceDate: values.invoiceDate || undefined,
    dueDate: values.dueDate || undefined,
    lines: rowsToLines(values.rows),
    notes: values.notes.trim() || undefined,
  };
}

/** A customer or one of the operator's companies, searched on the server as the user types. */
export function RefSelect({
  target,
  label,
  value,
  onChange,
  error,
  required,
}: {
  target: 'customer' | 'company';
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions(target, value ? [value] : [], debounced);
  return (
    <Select
      label={label}
      withAsterisk={required}
      searchable
      clearable={!required}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onSearchChange={setSearch}
      nothingFoundMessage="Nothing matches"
      error={error}
    />
  );
}

/** A DD/MM/YYYY date, typed or picked, kept as YYYY-MM-DD ('' when none). */
export function DateBox(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  description?: string;
  required?: boolean;
}) {
  return (
    <DayInput
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      clearable={!props.required}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      error={props.error}
    />
  );
}

/** The customer's bill-pending duties not yet on the invoice, to add. */
function AddDuties({
  customerId,
  held,
  onAdd,
}: {
  customerId: string;
  held: readonly BillableDuty[];
  onAdd: (duties: BillableDuty[]) => void;
}) {
  const pending = useQuery(
    trpc.invoice.duties.queryOptions({ customerIds: [customerId], billingStatus: 'UNBILLED', limit: 100 }),
  );
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const offered = (pending.data?.duties ?? []).filter((d) => !held.some((h) => h.bookingId === d.bookingId));
  if (pending.isError) return <Alert color="red">{errorMessage(pending.error)}</Alert>;
  if (offered.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This customer has no other bill-pending duties.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Bill-pending duties of this customer
      </Text>
      {offered.map((duty) => (
        <Checkbox
          key={duty.bookingId}
          label={`${dutyNumber(duty.bookingNo)} · ${ddmmyyyy(duty.startDate)} · ${rupees(duty.carHire.plus(duty.billingItems))}`}
          checked={picked.has(duty.bookingId)}
          onChange={() => {
            const next = new Set(picked);
            if (!next.delete(duty.bookingId)) next.add(duty.bookingId);
            setPicked(next);
          }}
        />
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={picked.size === 0}
          onClick={() => {
            onAdd(offered.filter((d) => picked.has(d.bookingId)));
            setPicked(new Set());
          }}
        >
          Add {picked.size || ''} to the invoice
        </Button>
      </Group>
    </Stack>
  );
}

export function InvoiceForm({
  initial,
  invoice,
  canAddDuties,
}: {
  initial: InvoiceFormValues;
  /** The draft being edited; none for a new manual invoice. */
  invoice?: InvoiceDetail;
  canAddDuties: boolean;
}) {
  const [values, setValues] = useState(initial);
  const navigate = useNavigate();
  const refresh = useRefreshInvoices();
  const set = (patch: Partial<InvoiceFormValues>) => setValues((v) => ({ ...v, ...patch }));
  // A new invoice is billed from the customer's own billed-from company until another is chosen.
  const customer = useQuery({
    ...trpc.masters.customer.get.queryOptions({ id: values.customerId }),
    enabled: !invoice && values.customerId !== '',
  });
  const companyId = companyToBillFrom({ chosen: values.companyId, customer: customer.data?.values });
  const { errors, problem, submit, saving } = useCheckedSave({
    check: () => {
      const found = rowProblems(values.rows);
      if (!values.customerId) found.customerId = 'Choose the customer to bill.';
      return found;
    },
    input: () => draftOf({ ...values, companyId }, invoice),
    send: (draft: DraftInput) =>
      invoice
        ? trpcClient.invoice.update.mutate({ id: invoice.id, expectedVersion: invoice.version, draft })
        : trpcClient.invoice.create.mutate(draft),
    onSaved: (saved) => {
      showToast(
        invoice
          ? `Saved invoice ${invoiceNumberText(saved)}.`
          : `Invoice ${invoiceNumberText(saved)} is drafted.`,
      );
      refresh();
      void navigate({ to: `/operations/billing/${saved.id}` });
    },
    // The server names a draft's fields under `draft.`.
    fieldsOf: withoutPrefix('draft'),
  });

  return (
    <form
      aria-label="Invoice form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Panel title="Invoice">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            {invoice ? (
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Customer
                </Text>
                <Text size="sm">{invoice.buyer.name}</Text>
              </Stack>
            ) : (
              <RefSelect
                target="customer"
                label="Customer"
                required
                value={values.customerId}
                onChange={(customerId) => set({ customerId })}
                error={errors.customerId}
              />
            )}
            {invoice ? (
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Company
                </Text>
                <Text size="sm">{invoice.seller.name}</Text>
              </Stack>
            ) : (
              <RefSelect
                target="company"
                label="Company (default: the customer’s, else the primary)"
                value={companyId}
                onChange={(companyId) => set({ companyId })}
                error={errors.companyId}
              />
            )}
            <DateBox
              label="Invoice date"
              description={invoice ? undefined : 'Today when left empty'}
              value={values.invoiceDate}
              onChange={(invoiceDate) => set({ invoiceDate })}
              error={errors.invoiceDate}
            />
            <DateBox
              label="Due date"
              description="From the customer's terms when left empty"
              value={values.dueDate}
              onChange={(dueDate) => set({ dueDate })}
              error={errors.dueDate}
            />
          </SimpleGrid>
          <Textarea
            label="Notes (printed on the invoice)"
            value={values.notes}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(e) => set({ notes: e.currentTarget.value })}
            error={errors.notes}
          />
        </Panel>
        {invoice ? (
          <Panel title={`Duties (${values.duties.length})`}>
            {values.duties.length ? (
              <Table fz="sm" verticalSpacing={2} aria-label="Duties on the invoice">
                <Table.Tbody>
                  {values.duties.map((duty) => (
                    <Table.Tr key={duty.bookingId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/duties/booking/${duty.bookingId}`} size="sm">
                          {dutyNumber(duty.bookingNo)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{ddmmyyyy(duty.startDate)}</Table.Td>
                      <Table.Td ta="right">{rupees(duty.carHire.plus(duty.billingItems))}</Table.Td>
                      <Table.Td w={40}>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Take duty ${dutyNumber(duty.bookingNo)} off the invoice`}
                          onClick={() =>
                            set({ duties: values.duties.filter((d) => d.bookingId !== duty.bookingId) })
                          }
                        >
                          ✕
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                No duties on this invoice.
              </Text>
            )}
            {errors.bookingIds ? (
              <Text size="sm" c="red" role="alert">
                {errors.bookingIds}
              </Text>
            ) : null}
            {canAddDuties ? (
              <AddDuties
                customerId={values.customerId}
                held={values.duties}
                onAdd={(added) => set({ duties: [...values.duties, ...added] })}
              />
            ) : null}
          </Panel>
        ) : null}
        <Panel title="Rows">
          <InvoiceRowsEditor rows={values.rows} onChange={(rows) => set({ rows })} errors={errors} />
        </Panel>
        {problem ? (
          <Alert color="red" title="The invoice was not saved">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() =>
              void navigate({ to: invoice ? `/operations/billing/${invoice.id}` : '/operations/billing' })
            }
          >
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {invoice ? 'Save changes' : 'Create draft invoice'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
