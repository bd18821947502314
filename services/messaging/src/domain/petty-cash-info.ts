// A petty cash entry put into words for the person it names: a text and/or an email, in the operator's
// PETTY_CASH_INFO_SMS / _EMAIL templates (or the defaults), saying the amount, what happened to it, the
// date, what it was for and what the person holds of the office's cash now. Pure; the caller writes
// what this answers.
import { PETTY_CASH_CATEGORY_LABELS, type PettyCashCategory, shownBookingNo } from '@fleet/domain';
import { formatRupees } from '@fleet/platform/pdf';
import {
  DEFAULT_TEMPLATES,
  NO_BILLING_VALUES,
  NO_BOOKING_VALUES,
  renderMessage,
  shownDate,
  type TemplateText,
  type TemplateValues,
} from './templates';

/** What billing's fleet.billing.petty_cash.sent says of the entry. */
export interface SentPettyCash {
  voucherNo: string;
  /** YYYY-MM-DD. */
  entryDate: string;
  kind: string;
  /** Decimal text. */
  amount: string;
  category: string;
  notes: string;
  bookingNo: string;
  personName: string;
  personPhone: string;
  personEmail: string;
  driverId: string;
  /** What the person holds after it, decimal text. */
  held: string;
  companyName: string;
}

export interface PettyCashMessage {
  type: 'PETTY_CASH_INFO_SMS' | 'PETTY_CASH_INFO_EMAIL';
  channel: 'SMS' | 'EMAIL';
  role: 'DRIVER' | 'USER';
  name: string;
  phone: string;
  email: string;
  subject: string;
  text: string;
  variables: TemplateValues;
  dltTemplateId: string;
  senderId: string;
}

/** How the person reads what happened to the cash. */
const KIND_WORDS: Record<string, string> = {
  RECEIVED: 'received into the office cash',
  GIVEN: 'given to you',
  RETURNED: 'returned by you',
  SPENT: 'spent',
};

const isCategory = (value: string): value is PettyCashCategory =>
  Object.hasOwn(PETTY_CASH_CATEGORY_LABELS, value);

/** What it was for: its category, and the duty it was for, if any. */
function purposeOf(entry: SentPettyCash): string {
  const category = isCategory(entry.category) ? PETTY_CASH_CATEGORY_LABELS[entry.category].toLowerCase() : '';
  const duty = entry.bookingNo ? `duty #${shownBookingNo(entry.bookingNo)}` : '';
  return [category, duty].filter(Boolean).join(', ');
}

export function pettyCashValues(entry: SentPettyCash): TemplateValues {
  return {
    ...NO_BOOKING_VALUES,
    ...NO_BILLING_VALUES,
    customerName: '',
    companyName: entry.companyName.trim(),
    personName: entry.personName.trim(),
    voucherNo: entry.voucherNo,
    pettyCashKind: KIND_WORDS[entry.kind] ?? entry.kind.toLowerCase(),
    pettyCashAmount: formatRupees(entry.amount || '0'),
    pettyCashDate: shownDate(entry.entryDate),
    pettyCashPurpose: purposeOf(entry),
    pettyCashHeld: formatRupees(entry.held || '0'),
  };
}

/** The messages of one send: a text to the person's phone, an email to their address, as asked. */
export function pettyCashMessages(
  entry: SentPettyCash,
  channels: readonly string[],
  templates: { sms?: TemplateText; email?: TemplateText } = {},
): PettyCashMessage[] {
  const values = pettyCashValues(entry);
  const role = entry.driverId ? 'DRIVER' : 'USER';
  const made: PettyCashMessage[] = [];
  if (channels.includes('SMS') && entry.personPhone.trim()) {
    const template = templates.sms ?? DEFAULT_TEMPLATES.PETTY_CASH_INFO_SMS;
    const rendered = renderMessage(template, values);
    made.push({
      type: 'PETTY_CASH_INFO_SMS',
      channel: 'SMS',
      role,
      name: entry.personName,
      phone: entry.personPhone.trim(),
      email: '',
      subject: '',
      text: rendered.text,
      variables: rendered.values,
      dltTemplateId: template.dltTemplateId,
      senderId: template.senderId,
    });
  }
  if (channels.includes('EMAIL') && entry.personEmail.trim()) {
    const rendered = renderMessage(templates.email ?? DEFAULT_TEMPLATES.PETTY_CASH_INFO_EMAIL, values);
    made.push({
      type: 'PETTY_CASH_INFO_EMAIL',
      channel: 'EMAIL',
      role,
      name: entry.personName,
      phone: '',
      email: entry.personEmail.trim(),
      subject: rendered.subject,
      text: rendered.text,
      variables: rendered.values,
      dltTemplateId: '',
      senderId: '',
    });
  }
  return made;
}
