// Adding or editing one vehicle expense: the vehicle, the day, what it was for, the amount before GST and
// the GST on it, the odometer when read, the vendor and bill, and how it was paid. The server's messages
// land at their fields; nothing typed is lost when a save fails. An edit can delete it instead.
import { operatorDate, PAYMENT_MODES, VEHICLE_EXPENSE_CATEGORIES } from '@fleet/domain';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpcClient } from '../../lib/trpc';
import { DateBox } from '../billing/invoice-form';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshVehicleCosts();
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const failed = (failure: unknown) => {
    setErrors(fieldErrorsOf(failure));
    setProblem(errorMessage(failure));
  };
  const save = useMutation({
    mutationFn: (input: VehicleExpenseInput) =>
      expense
        ? trpcClient.vehicleExpense.update.mutate({
            id: expense.id,
            version: expense.version,
            expense: input,
          })
        : trpcClient.vehicleExpense.record.mutate(input),
    onSuccess: (saved) => {
      showToast(`The expense of ${saved.vehicleNo} is saved.`);
      refresh();
      onClose();
    },
    onError: failed,
  });
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
  const submit = () => {
    const found = problemsOf(values);
    setErrors(found);
    setProblem(Object.keys(found).length ? 'Some fields need attention.' : undefined);
    if (Object.keys(found).length || !values.category) return;
    save.mutate({ ...values, category: values.category });
  };
  const error = (field: string) => errors[field] ?? errors[`expense.${field}`];

  return (
    <Modal
      opened
      onClose={onClose}
      title={expense ? `Expense of ${expense.vehicleNo}` : 'Add an expense'}
      size="lg"
    >
      <form
        aria-label="Vehicle expense form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <SimpleGrid cols={2}>
              <RefPicker
                target="vehicle"
                label="Vehicle"
                required
                value={values.vehicleId}
                onChange={(vehicleId) => set({ vehicleId })}
                error={error('vehicleId')}
              />
              <DateBox
                label="Date"
                required
                value={values.expenseDate}
                onChange={(expenseDate) => set({ expenseDate })}
                error={error('expenseDate')}
              />
            </SimpleGrid>
            <Select
              label="For"
              withAsterisk
              data={CATEGORY_CHOICES}
              value={values.category || null}
              onChange={(v) => set({ category: VEHICLE_EXPENSE_CATEGORIES.find((c) => c === v) ?? '' })}
              error={error('category')}
            />
            <SimpleGrid cols={3}>
              <TextInput
                label="Amount before GST (₹)"
                withAsterisk
                inputMode="decimal"
                value={values.amount}
                onChange={(e) => set({ amount: e.currentTarget.value })}
                error={error('amount')}
              />
              <TextInput
                label="GST (₹)"
                inputMode="decimal"
                value={values.gstAmount}
                onChange={(e) => set({ gstAmount: e.currentTarget.value })}
                error={error('gstAmount')}
              />
              <TextInput
                label="Odometer (km)"
                inputMode="numeric"
                value={values.odometerKm}
                onChange={(e) => set({ odometerKm: e.currentTarget.value })}
                error={error('odometerKm')}
              />
            </SimpleGrid>
            <SimpleGrid cols={3}>
              <TextInput
                label="Vendor"
                value={values.vendor}
                onChange={(e) => set({ vendor: e.currentTarget.value })}
                error={error('vendor')}
              />
              <TextInput
                label="Bill no."
                value={values.billNo}
                onChange={(e) => set({ billNo: e.currentTarget.value })}
                error={error('billNo')}
              />
              <Select
                label="Paid by"
                allowDeselect={false}
                value={values.paymentMode}
                onChange={(v) => set({ paymentMode: PAYMENT_MODES.find((m) => m === v) ?? 'CASH' })}
                data={PAYMENT_MODES.map((value) => ({ value, label: paymentModeText(value) }))}
                error={error('paymentMode')}
              />
            </SimpleGrid>
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              value={values.notes}
              onChange={(e) => set({ notes: e.currentTarget.value })}
              error={error('notes')}
            />
            {problem ? (
              <Alert color="red" title="Not saved">
                {problem}
              </Alert>
            ) : null}
            {canManage ? (
              <Group justify="space-between">
                {expense ? (
                  <Button
                    color="red"
                    variant="subtle"
                    loading={remove.isPending}
                    onClick={() => remove.mutate(expense)}
                  >
                    Delete expense
                  </Button>
                ) : (
                  <span />
                )}
                <Group>
                  <Button variant="default" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    {expense ? 'Save changes' : 'Save expense'}
                  </Button>
                </Group>
              </Group>
            ) : null}
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
}
