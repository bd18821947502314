// An expense the driver paid on the duty (a toll, parking, a permit) — one of the billing items the
// operator lets drivers add, or one the checklist needs before the start — with its receipt's photo.
import { formatRupees } from '@fleet/domain';
import { type DriverBillingItemInput, driverBillingItemSchema } from '@fleet/domain/inputs';
import { Alert, Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { DriverDuty } from '../api/types';
import { newActId } from '../offline/act-id';
import { type FormErrors, fieldErrorsOfIssues, placeErrors } from './form-errors';
import { PhotoField, type TakenPhoto } from './photo-field';
import { useSubmitAct } from './use-submit-act';

const FIELDS: Record<string, string> = {
  billingItemId: 'item',
  amount: 'amount',
  receiptFileId: 'receipt',
  note: 'note',
};

export function ExpenseForm({
  duty,
  itemId,
  onClose,
}: {
  duty: DriverDuty;
  /** The item chosen already (a checklist's). */
  itemId?: string;
  onClose(told?: string): void;
}) {
  const submit = useSubmitAct();
  const [billingItemId, setBillingItemId] = useState<string | null>(itemId ?? null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState<TakenPhoto>();
  const [errors, setErrors] = useState<FormErrors>({ byField: {} });
  const [saving, setSaving] = useState(false);
  const items = duty.addableItems.map((item) => ({ value: item.billingItemId, label: item.name }));
  const name = items.find((item) => item.value === billingItemId)?.label ?? 'Expense';

  async function save(event: FormEvent) {
    event.preventDefault();
    const input: DriverBillingItemInput = {
      id: duty.id,
      clientActionId: newActId(),
      at: new Date(),
      billingItemId: billingItemId ?? '',
      amount: amount.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const checked = driverBillingItemSchema.safeParse(input);
    const found = checked.success
      ? { byField: {} }
      : placeErrors(
          {
            ...fieldErrorsOfIssues(checked.error.issues),
            ...(billingItemId ? {} : { billingItemId: 'Choose what you paid for.' }),
          },
          FIELDS,
        );
    setErrors(found);
    if (!checked.success) return;
    setSaving(true);
    const result = await submit(
      { kind: 'billingItem', input },
      receipt ? [{ field: 'receiptFileId', ...receipt }] : [],
    );
    setSaving(false);
    if (result.kind === 'refused') {
      setErrors(placeErrors(result.refusal.fieldErrors, FIELDS, result.refusal.message));
      return;
    }
    onClose(
      result.kind === 'sent'
        ? `${name} ${formatRupees(amount.trim())}: added.`
        : `${name} ${formatRupees(amount.trim())}: kept on the phone; it goes when the network is back.`,
    );
  }

  return (
    <Modal
      opened
      onClose={() => onClose()}
      title="Add expense"
      fullScreen
      radius={0}
      transitionProps={{ duration: 0 }}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="lg">
          {errors.general ? <Alert color="red">{errors.general}</Alert> : null}
          <Select
            label="What you paid for"
            data={items}
            value={billingItemId}
            onChange={setBillingItemId}
            size="lg"
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={errors.byField.item}
            required
          />
          <TextInput
            label="Amount (₹)"
            inputMode="decimal"
            size="lg"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.byField.amount}
            required
          />
          <PhotoField
            label="Photo of the receipt"
            baseName="receipt"
            value={receipt}
            onChange={setReceipt}
            error={errors.byField.receipt}
          />
          <TextInput
            label="Note (optional)"
            size="lg"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.byField.note}
          />
          <Button type="submit" size="xl" fullWidth loading={saving}>
            Add expense
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
