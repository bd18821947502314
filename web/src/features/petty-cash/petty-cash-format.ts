// How the petty cash screens name kinds, categories and payment modes, and what an entry's page offers
// this person: edit and void (manage_petty_cash; add_petty_cash voids its own entry of the day), send.
import {
  operatorDate,
  PAYMENT_MODES,
  PETTY_CASH_CATEGORIES,
  PETTY_CASH_CATEGORY_LABELS,
  PETTY_CASH_KIND_LABELS,
  PETTY_CASH_KINDS,
  type PettyCashCategory,
  type PettyCashKind,
} from '@fleet/domain';

export const KIND_CHOICES = PETTY_CASH_KINDS.map((value) => ({
  value,
  label: PETTY_CASH_KIND_LABELS[value],
}));
export const CATEGORY_CHOICES = PETTY_CASH_CATEGORIES.map((value) => ({
  value,
  label: PETTY_CASH_CATEGORY_LABELS[value],
}));
const MODE_LABELS: Record<(typeof PAYMENT_MODES)[number], string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  NEFT: 'NEFT / bank transfer',
  CREDIT_CARD: 'Card',
  OTHER: 'Other',
};
export const MODE_CHOICES = PAYMENT_MODES.map((value) => ({ value, label: MODE_LABELS[value] }));

const isKind = (value: string): value is PettyCashKind => Object.hasOwn(PETTY_CASH_KIND_LABELS, value);
const isCategory = (value: string): value is PettyCashCategory =>
  Object.hasOwn(PETTY_CASH_CATEGORY_LABELS, value);

export const kindText = (kind: string) => (isKind(kind) ? PETTY_CASH_KIND_LABELS[kind] : kind);
export const categoryText = (category: string) =>
  isCategory(category) ? PETTY_CASH_CATEGORY_LABELS[category] : category;
export const modeText = (mode: string) => MODE_LABELS[PAYMENT_MODES.find((m) => m === mode) ?? 'OTHER'];

/** Whether the box gains (+1), loses (−1) or is untouched (0) by an entry: a person's spend is from what they hold. */
export function boxSign(entry: { kind: string; personKey: string }): 1 | -1 | 0 {
  if (entry.kind === 'RECEIVED' || entry.kind === 'RETURNED') return 1;
  if (entry.kind === 'GIVEN') return -1;
  return entry.personKey ? 0 : -1;
}

/** What this person may do to an entry from its page. */
export function offeredEntryActions(
  entry: { isVoided: boolean; personKey: string; recordedByUserId: string | null; createdAt: Date | null },
  permissions: ReadonlySet<string>,
  me: { userId?: string; now: Date },
) {
  const manage = permissions.has('manage_petty_cash');
  const ownToday =
    permissions.has('add_petty_cash') &&
    !!me.userId &&
    entry.recordedByUserId === me.userId &&
    !!entry.createdAt &&
    operatorDate(entry.createdAt) === operatorDate(me.now);
  return {
    edit: !entry.isVoided && manage,
    void: !entry.isVoided && (manage || ownToday),
    send: !entry.isVoided && !!entry.personKey && permissions.has('send_petty_cash_info'),
  };
}
