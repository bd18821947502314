// What the forms of money moving share — a receipt from a customer, a payment to a supplier: their
// sections, the type choice, how the money moved (mode, cheque, bank, reference), notes, the offer to take
// what the ticked invoices add up to as the amount, and the save and cancel buttons under what went wrong.
import { PAYMENT_MODES, type PaymentMode } from '@fleet/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type Decimal from 'decimal.js';
import { DateBox } from '../billing/invoice-form';
import { rupees } from '../duties/duty-format';
import { choicesOf, PAYMENT_MODE_LABELS } from './receipt-format';

/** An amount typed: right-aligned, digits lined up. */
export const AMOUNT_INPUT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;

const MODES = choicesOf(PAYMENT_MODES, PAYMENT_MODE_LABELS);

/** The document's type (against invoices, an advance…), one of a few shown side by side. */
export function TypeChoice<T extends string>({
  id,
  choices,
  value,
  onChange,
  error,
}: {
  /** Names the label for the control. */
  id: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Type
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={[...choices]}
        value={value}
        onChange={(chosen) => {
          const type = choices.find((choice) => choice.value === chosen)?.value;
          if (type) onChange(type);
        }}
      />
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** How the money moved, as a receipt and a supplier payment both record it. */
export interface MoneyMoved {
  paymentMode: PaymentMode;
  chequeNo: string;
  chequeDate: string;
  bankName: string;
  reference: string;
}

/** The mode, the cheque's number and date when by cheque, the bank and the reference: cells of a grid. */
export function PaymentModeFields({
  values,
  set,
  errors,
}: {
  values: MoneyMoved;
  set: (patch: Partial<MoneyMoved>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Select
        label="Payment mode"
        withAsterisk
        allowDeselect={false}
        data={MODES}
        value={values.paymentMode}
        onChange={(value) => {
          const mode = MODES.find((m) => m.value === value)?.value;
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
    </>
  );
}

export function NotesInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Textarea
      label="Notes"
      maxLength={1000}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** While no amount is typed, the offer to take what the ticked invoices add up to ("received", "paid"). */
export function TakeAmountOffer({
  typed,
  applied,
  what,
  onTake,
}: {
  typed: string;
  applied: Decimal;
  what: string;
  onTake: (amount: string) => void;
}) {
  if (typed.trim() || !applied.greaterThan(0)) return null;
  return (
    <Group justify="flex-end">
      <Anchor component="button" type="button" size="sm" onClick={() => onTake(applied.toFixed(2))}>
        Take {rupees(applied)} as the amount {what}
      </Anchor>
    </Group>
  );
}

/** Why the save failed, if it did, over the cancel and save buttons. */
export function SaveButtons({
  problem,
  problemTitle,
  saving,
  saveLabel,
  onCancel,
}: {
  problem: string | undefined;
  /** "The receipt was not saved". */
  problemTitle: string;
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {problem ? (
        <Alert color="red" title={problemTitle}>
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {saveLabel}
        </Button>
      </Group>
    </>
  );
}
