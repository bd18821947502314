// The one dialog that records a petty cash entry or edits one: what happened to the cash (kind), when,
// how much, for what, and who it went to or came from (a driver picked from the driver master fills the
// name, phone and email; anyone else is typed). The service's refusals show at their fields.
import { operatorDate } from '@fleet/domain';
import { SegmentedControl, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { trpc, trpcClient } from '../../lib/trpc';
import { DateBox, RefSelect } from '../billing/invoice-form';
import { boundFields, useCheckedSave, withoutPrefix } from '../common/form/checked-save';
import { RecordDialog } from '../common/form/record-dialog';
import { mayListMaster } from '../common/list/list-filters';
import { rupees } from '../duties/duty-format';
import { useRefOptions } from '../masters/master-fields';
import { CATEGORY_CHOICES, KIND_CHOICES, MODE_CHOICES } from './petty-cash-format';
import type { PettyCashEntry, PettyCashInput } from './petty-cash-types';

type Kind = PettyCashInput['kind'];
type Category = PettyCashInput['category'];
type Mode = NonNullable<PettyCashInput['paymentMode']>;

interface Values {
  companyId: string;
  kind: Kind;
  entryDate: string;
  amount: string;
  category: Category;
  driverId: string;
  personName: string;
  personPhone: string;
  personEmail: string;
  bookingNo: string;
  vehicleNo: string;
  paymentMode: Mode;
  notes: string;
}

/** The category a kind most often has, chosen when the kind changes. */
const USUAL_CATEGORY: Record<Kind, Category> = {
  RECEIVED: 'CASH_DEPOSIT',
  GIVEN: 'DRIVER_ADVANCE',
  RETURNED: 'DRIVER_ADVANCE',
  SPENT: 'FUEL',
};

const PERSON_HELP: Record<Kind, string> = {
  RECEIVED: 'Who brought the cash in (optional)',
  GIVEN: 'Who the cash is given to',
  RETURNED: 'Who gives the cash back',
  SPENT: 'Who spent it from what they hold; leave empty for cash paid from the box',
};

const valuesOf = (entry: PettyCashEntry | undefined): Values =>
  entry
    ? {
        companyId: entry.companyId,
        kind: KIND_CHOICES.find((k) => k.value === entry.kind)?.value ?? 'SPENT',
        entryDate: entry.entryDate,
        amount: entry.amount.toFixed(2),
        category: CATEGORY_CHOICES.find((c) => c.value === entry.category)?.value ?? 'OTHER',
        driverId: entry.driverId ?? '',
        personName: entry.personName,
        personPhone: entry.personPhone ?? '',
        personEmail: entry.personEmail ?? '',
        bookingNo: entry.bookingNo,
        vehicleNo: entry.vehicleNo,
        paymentMode: MODE_CHOICES.find((m) => m.value === entry.paymentMode)?.value ?? 'CASH',
        notes: entry.notes,
      }
    : {
        companyId: '',
        kind: 'GIVEN',
        entryDate: operatorDate(new Date()),
        amount: '',
        category: 'DRIVER_ADVANCE',
        driverId: '',
        personName: '',
        personPhone: '',
        personEmail: '',
        bookingNo: '',
        vehicleNo: '',
        paymentMode: 'CASH',
        notes: '',
      };

function DriverSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions('driver', value ? [value] : [], debounced);
  return (
    <Select
      label="Driver"
      description="A driver from your drivers fills the name, phone and email"
      searchable
      clearable
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onSearchChange={setSearch}
      nothingFoundMessage="No driver matches"
      error={error}
    />
  );
}

/** Everything read about petty cash (the book, the balance, an entry's page) is read again. */
export function useRefreshPettyCash() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.pettyCash.pathKey() });
}

export function EntryDialog({
  entry,
  permissions,
  onClose,
}: {
  /** The entry edited; none to record a new one. */
  entry?: PettyCashEntry;
  permissions: ReadonlySet<string>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(entry));
  const refresh = useRefreshPettyCash();
  const pickDrivers = mayListMaster('driver', permissions);
  const input = (): PettyCashInput => ({
    ...values,
    amount: values.amount.trim(),
    personName: values.driverId ? '' : values.personName,
  });
  const { errors, problem, submit, saving, forget } = useCheckedSave({
    check: () => {
      const found: Record<string, string> = {};
      if (!/^\d{1,11}(\.\d{1,2})?$/.test(values.amount.trim()) || !/[1-9]/.test(values.amount)) {
        found.amount = 'Enter the amount in rupees, to the paisa, e.g. 250.50';
      }
      if (
        (values.kind === 'GIVEN' || values.kind === 'RETURNED') &&
        !values.driverId &&
        !values.personName.trim()
      ) {
        found.personName =
          values.kind === 'GIVEN' ? 'Say who the cash is given to.' : 'Say who gives the cash back.';
      }
      return found;
    },
    input,
    send: (draft: PettyCashInput) =>
      entry
        ? trpcClient.pettyCash.update.mutate({ id: entry.id, expectedVersion: entry.version, entry: draft })
        : trpcClient.pettyCash.record.mutate(draft),
    onSaved: (saved) => {
      showToast(
        `${saved.voucherNo}: ${rupees(saved.amount)} ${entry ? 'saved' : 'recorded'}${saved.personName ? ` (${saved.personName})` : ''}.`,
      );
      onClose();
    },
    // An edit's fields arrive as entry.amount…; the form names them without it.
    fieldsOf: withoutPrefix('entry'),
    onSettled: refresh,
  });
  const { set, text } = boundFields(values, setValues, errors, forget);
  return (
    <RecordDialog
      title={entry ? `Edit ${entry.voucherNo}` : 'Record petty cash'}
      formLabel="Petty cash entry form"
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      problemTitle="Nothing was saved"
      saving={saving}
      saveLabel={entry ? 'Save' : 'Record'}
    >
      <SegmentedControl
        aria-label="Kind"
        fullWidth
        data={KIND_CHOICES}
        value={values.kind}
        onChange={(value) => {
          const kind = KIND_CHOICES.find((k) => k.value === value)?.value ?? values.kind;
          set({ kind, category: USUAL_CATEGORY[kind] });
        }}
      />
      {errors.kind ? (
        <Text size="xs" c="red">
          {errors.kind}
        </Text>
      ) : null}
      {entry || !mayListMaster('company', permissions) ? null : (
        <RefSelect
          target="company"
          label="Cash box of (default: your primary company)"
          value={values.companyId}
          onChange={(companyId) => set({ companyId })}
          error={errors.companyId}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DateBox
          label="Date"
          required
          value={values.entryDate}
          onChange={(entryDate) => set({ entryDate })}
          error={errors.entryDate}
        />
        <TextInput
          label="Amount"
          withAsterisk
          leftSection="₹"
          inputMode="decimal"
          styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
          {...text('amount')}
        />
        <Select
          label="Category"
          withAsterisk
          allowDeselect={false}
          data={CATEGORY_CHOICES}
          value={values.category}
          onChange={(v) =>
            set({ category: CATEGORY_CHOICES.find((c) => c.value === v)?.value ?? values.category })
          }
          error={errors.category}
        />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        Person{' '}
        <Text span size="xs" c="dimmed">
          — {PERSON_HELP[values.kind]}
        </Text>
      </Text>
      {pickDrivers ? (
        <DriverSelect
          value={values.driverId}
          onChange={(driverId) => set({ driverId })}
          error={errors.driverId}
        />
      ) : null}
      {values.driverId ? null : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={pickDrivers ? 'Or someone else: name' : 'Name'} {...text('personName')} />
          <TextInput label="Phone" placeholder="+919876543210" {...text('personPhone')} />
          <TextInput label="Email" {...text('personEmail')} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Duty no." {...text('bookingNo')} />
        <TextInput label="Vehicle no." {...text('vehicleNo')} />
        <Select
          label="Paid by"
          allowDeselect={false}
          data={MODE_CHOICES}
          value={values.paymentMode}
          onChange={(v) => set({ paymentMode: MODE_CHOICES.find((m) => m.value === v)?.value ?? 'CASH' })}
          error={errors.paymentMode}
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} {...text('notes')} />
    </RecordDialog>
  );
}
