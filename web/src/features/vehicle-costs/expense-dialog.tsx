// Adding or editing one vehicle expense: the vehicle, the day, what it was for, the amount before GST and
// the GST on it, the odometer when read, the vendor and bill, and how it was paid. The server's messages
// land at their fields; nothing typed is lost when a save fails. An edit can delete it instead.
import { operatorDate, PAYMENT_MODES, VEHICLE_EXPENSE_CATEGORIES } from '@fleet/domain';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { trpcClient } from '../../lib/trpc';
import { DateBox } from '../billing/invoice-form';
import { boundFields, useCheckedSave, withoutPrefix } from '../common/form/checked-save';
import { RecordDialog } from '../common/form/record-dialog';
import { CATEGORY_CHOICES, paymentModeText } from './vehicle-cost-format';
import { RefPicker, useRefreshVehicleCosts } from './vehicle-cost-parts';
import type { VehicleExpense, VehicleExpenseInput } from './vehicle-cost-types';

type Category = (typeof VEHICLE_EXPENSE_CATEGORIES)[number];
type Mode = (typeof PAYMENT_MODES)[number];
interface Values {
  expenseDate: string;
  vehicleId: string;
  category: Category | '';
  amount: string;
  gstAmount: string;
  odometerKm: string;
  vendor: string;
  billNo: string;
  paymentMode: Mode;
  notes: string;
}

const valuesOf = (e: VehicleExpense | undefined): Values =>
  e
    ? {
        expenseDate: e.expenseDate,
        vehicleId: e.vehicleId,
        category: VEHICLE_EXPENSE_CATEGORIES.find((c) => c === e.category) ?? '',
        amount: e.amount.toFixed(2),
        gstAmount: e.gstAmount.isZero() ? '' : e.gstAmount.toFixed(2),
        odometerKm: e.odometerKm === null ? '' : String(e.odometerKm),
        vendor: e.vendor,
        billNo: e.billNo,
        paymentMode: PAYMENT_MODES.find((m) => m === e.paymentMode) ?? 'CASH',
        notes: e.notes,
      }
    : {
        expenseDate: operatorDate(new Date()),
        vehicleId: '',
        category: '',
        amount: '',
        gstAmount: '',
        odometerKm: '',
        vendor: '',
        billNo: '',
        paymentMode: 'CASH',
        notes: '',
      };

const MONEY = /^\d{1,11}(\.\d{1,2})?$/;

function problemsOf(v: Values): Record<string, string> {
  const found: Record<string, string> = {};
  if (!v.vehicleId) found.vehicleId = 'Choose the vehicle.';
  if (!v.expenseDate) found.expenseDate = 'Give the day of the bill.';
  if (!v.category) found.category = 'Choose what it was for.';
  if (!MONEY.test(v.amount.trim()) || Number(v.amount) <= 0)
    found.amount = 'Give the amount before GST, to the paisa.';
  if (v.gstAmount.trim() && !MONEY.test(v.gstAmount.trim()))
    found.gstAmount = 'Give the GST in rupees, to the paisa.';
  if (v.odometerKm.trim() && !/^\d{1,7}$/.test(v.odometerKm.trim()))
    found.odometerKm = 'Give whole kilometres.';
  return found;
}

export function ExpenseDialog({
  expense,
  canManage,
  onClose,
}: {
  expense?: VehicleExpense;
  canManage: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(expense));
  const refresh = useRefreshVehicleCosts();
  const { errors, problem, submit, saving, failed, forget } = useCheckedSave({
    check: () => problemsOf(values),
    input: () => values,
    send: ({ category, ...rest }: Values) => {
      // The checks require a category; the API's input has no room for none.
      if (!category) throw new Error('Choose what it was for.');
      const input: VehicleExpenseInput = { ...rest, category };
      return expense
        ? trpcClient.vehicleExpense.update.mutate({
            id: expense.id,
            version: expense.version,
            expense: input,
          })
        : trpcClient.vehicleExpense.record.mutate(input);
    },
    // An edit's fields arrive as expense.amount…; the form names them without it.
    fieldsOf: withoutPrefix('expense'),
    onSaved: (saved) => {
      showToast(`The expense of ${saved.vehicleNo} is saved.`);
      refresh();
      onClose();
    },
  });
  const { set, text } = boundFields(values, setValues, errors, forget);
  const remove = useMutation({
    mutationFn: (target: VehicleExpense) =>
      trpcClient.vehicleExpense.delete.mutate({ id: target.id, version: target.version }),
    onSuccess: () => {
      showToast('The expense is deleted.');
      refresh();
      onClose();
    },
    onError: failed,
  });

  return (
    <RecordDialog
      title={expense ? `Expense of ${expense.vehicleNo}` : 'Add an expense'}
      formLabel="Vehicle expense form"
      canChange={canManage}
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      saving={saving}
      saveLabel={expense ? 'Save changes' : 'Save expense'}
      remove={
        expense
          ? { label: 'Delete expense', pending: remove.isPending, onRemove: () => remove.mutate(expense) }
          : undefined
      }
    >
      <SimpleGrid cols={2}>
        <RefPicker
          target="vehicle"
          label="Vehicle"
          required
          value={values.vehicleId}
          onChange={(vehicleId) => set({ vehicleId })}
          error={errors.vehicleId}
        />
        <DateBox
          label="Date"
          required
          value={values.expenseDate}
          onChange={(expenseDate) => set({ expenseDate })}
          error={errors.expenseDate}
        />
      </SimpleGrid>
      <Select
        label="For"
        withAsterisk
        data={CATEGORY_CHOICES}
        value={values.category || null}
        onChange={(v) => set({ category: VEHICLE_EXPENSE_CATEGORIES.find((c) => c === v) ?? '' })}
        error={errors.category}
      />
      <SimpleGrid cols={3}>
        <TextInput label="Amount before GST (₹)" withAsterisk inputMode="decimal" {...text('amount')} />
        <TextInput label="GST (₹)" inputMode="decimal" {...text('gstAmount')} />
        <TextInput label="Odometer (km)" inputMode="numeric" {...text('odometerKm')} />
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <TextInput label="Vendor" {...text('vendor')} />
        <TextInput label="Bill no." {...text('billNo')} />
        <Select
          label="Paid by"
          allowDeselect={false}
          value={values.paymentMode}
          onChange={(v) => set({ paymentMode: PAYMENT_MODES.find((m) => m === v) ?? 'CASH' })}
          data={PAYMENT_MODES.map((value) => ({ value, label: paymentModeText(value) }))}
          error={errors.paymentMode}
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} {...text('notes')} />
    </RecordDialog>
  );
}
