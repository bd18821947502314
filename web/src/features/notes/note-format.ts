// How the credit and debit note screens write a note and check one before it is made: its type's badge,
// its GST components, the value before GST as typed, and the note's figures under its invoice's own GST
// regime — computed as billing computes them (@fleet/domain's computeInvoice over one row, rounded to the
// rupee), so the form can say what the note comes to and refuse a credit larger than the invoice asks.
import { computeInvoice, type GstRegimeKind } from '@fleet/domain';
import Decimal from 'decimal.js';
import { rupees } from '../duties/duty-format';
import type { Note, NoteInvoice, NoteType } from './note-types';

export const NOTE_TYPES = ['CREDIT', 'DEBIT'] as const satisfies readonly NoteType[];

const TYPE_MARKS: Record<NoteType, { label: string; color: string }> = {
  CREDIT: { label: 'Credit', color: 'teal' },
  DEBIT: { label: 'Debit', color: 'orange' },
};

/** A note type's badge; a type this screen does not know is shown as it came. */
export const noteTypeMark = (type: string) =>
  NOTE_TYPES.filter((t) => t === type).map((t) => TYPE_MARKS[t])[0] ?? { label: type, color: 'gray' };

/** "Credit note" or "Debit note". */
export const noteTypeName = (type: string) => `${noteTypeMark(type).label} note`;

/** A GST component as the note prints it: CGST @ 2.5% on ₹1,000.00. */
export const taxLabel = (tax: Pick<Note['taxes'][number], 'kind' | 'rate' | 'taxableValue'>) =>
  `${tax.kind} @ ${tax.rate.toFixed()}% on ${rupees(tax.taxableValue)}`;

/** Which actions this person may take on the note now. */
export const offeredNoteActions = (note: Pick<Note, 'isCancelled'>, permissions: ReadonlySet<string>) => ({
  cancel: !note.isCancelled && permissions.has('cancel_credit_debit_note'),
});

const AMOUNT = /^\d{1,11}(\.\d{1,2})?$/;

/**
 * The value before GST as typed — grouping commas, spaces and a ₹ sign allowed — as the text the note
 * procedure takes, or why it is not one.
 */
export function amountOf(typed: string): { text: string; value: Decimal } | { problem: string } {
  const text = typed.replace(/[\s,₹]/g, '');
  if (!text) return { problem: 'Enter the value before GST.' };
  if (!AMOUNT.test(text))
    return { problem: 'Enter the value before GST in rupees, to the paisa, e.g. 1000.50' };
  const value = new Decimal(text);
  if (value.isZero()) return { problem: 'Enter a value before GST of more than ₹0.00.' };
  return { text, value };
}

const REGIME_KINDS: readonly GstRegimeKind[] = ['INTRA', 'INTER', 'ZERO_RATED', 'NONE'];

/** What a note of this value before GST comes to under its invoice's GST regime, as billing makes it. */
export function noteFigures(tax: NoteInvoice['placeOfSupply'], taxableAmount: Decimal) {
  const kind = REGIME_KINDS.find((k) => k === tax.kind) ?? 'NONE';
  try {
    const figures = computeInvoice(
      [
        {
          type: 'CUSTOM',
          description: 'Note',
          sac: '9966',
          quantity: new Decimal(1),
          rate: taxableAmount,
          taxable: true,
          taxRate: null,
        },
      ],
      {
        placeOfSupplyStateId: tax.placeOfSupplyStateId,
        placeOfSupplyStateCode: '',
        kind,
        carHireRate: tax.carHireRate,
        withoutPayment: kind === 'ZERO_RATED',
        reverseCharge: tax.reverseCharge,
      },
    );
    return {
      taxableValue: figures.taxableValue,
      taxes: figures.taxes.map((t) => ({
        kind: t.kind,
        rate: t.rate,
        taxableValue: t.taxableValue,
        amount: t.amount,
      })),
      tax: figures.taxTotal,
      roundOff: figures.roundOff,
      total: figures.total,
    };
  } catch {
    // A value beyond what an invoice row may hold: the field's own check says so.
    return undefined;
  }
}

export interface NoteFormValues {
  type: NoteType;
  invoiceId: string;
  noteDate: string;
  taxableAmount: string;
  reason: string;
}

/** What is known of the chosen invoice: its date, and what it still asks (when this person may see it). */
export interface ChosenInvoice {
  invoiceNo: string;
  invoiceDate?: string;
  outstanding?: Decimal;
}

/** Why the note cannot be made as it stands, by field; empty when it can be sent. */
export function noteProblems(
  values: NoteFormValues,
  invoice: ChosenInvoice | undefined,
  total: Decimal | undefined,
): Partial<Record<keyof NoteFormValues, string>> {
  const problems: Partial<Record<keyof NoteFormValues, string>> = {};
  if (!values.invoiceId) problems.invoiceId = 'Choose the invoice the note changes.';
  const amount = amountOf(values.taxableAmount);
  if ('problem' in amount) problems.taxableAmount = amount.problem;
  if (!values.reason.trim())
    problems.reason = `Say why the ${values.type === 'CREDIT' ? 'credit' : 'debit'} note is made.`;
  if (values.noteDate && invoice?.invoiceDate && values.noteDate < invoice.invoiceDate)
    problems.noteDate = 'A note is dated on or after its invoice.';
  if (values.type === 'CREDIT' && invoice?.outstanding && total?.gt(invoice.outstanding)) {
    problems.taxableAmount = `The credit note comes to ${rupees(total)} with GST, more than the ${rupees(invoice.outstanding)} invoice ${invoice.invoiceNo} still asks.`;
  }
  return problems;
}
