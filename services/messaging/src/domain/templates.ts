// The messages' words: a default template per message type (SMS and email) with named variables, the
// rules an operator's own template must keep (its variables, and TRAI's DLT rules for a registered SMS),
// and the one function that fills a template. No row of an operator's = the default here.
import {
  DEFAULT_OPERATOR_TIME_ZONE,
  formatDateTime,
  formatIsoDate,
  MESSAGE_TEMPLATE_TYPES,
  type PublicLinkPurpose,
  shownBookingNo,
} from '@fleet/domain';
import type { BookingFacts } from './booking-texts';
import { EMAIL_TYPES, type MessageType } from './message-types';

export const TEMPLATE_VARIABLES = [
  'bookingNo',
  'reportingTime',
  'pickup',
  'drop',
  'vehicleNo',
  'driverName',
  'driverPhone',
  'tripOtp',
  'passengerName',
  'customerName',
  'companyName',
  'supplierName',
  'slipLink',
  'feedbackLink',
  'invoiceNo',
  'invoiceTotal',
  'dueDate',
  'personName',
  'voucherNo',
  'pettyCashKind',
  'pettyCashAmount',
  'pettyCashDate',
  'pettyCashPurpose',
  'pettyCashHeld',
  'receiptNo',
  'receiptAmount',
  'receiptDate',
  'amountDue',
  'paymentLink',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

/**
 * The links a text may carry, each to a passenger's page of its booking and only in its own type of
 * text. A link is asked from bookings when the text is sent, never before: until then the text (and
 * the log) holds the variable itself, so no table of ours ever holds a working link. A link is never
 * cut to the DLT limit (a cut link opens nothing): register it as a URL variable ({#url#}).
 */
export const LINK_VARIABLES = {
  slipLink: { type: 'DIGITAL_DUTY_SLIP_SMS', purpose: 'DIGITAL_DUTY_SLIP' },
  feedbackLink: { type: 'FEEDBACK_REQUEST_SMS', purpose: 'FEEDBACK' },
} as const satisfies Record<string, { type: string; purpose: PublicLinkPurpose }>;
export type LinkVariable = keyof typeof LINK_VARIABLES;
const isLinkVariable = (name: string): name is LinkVariable => Object.hasOwn(LINK_VARIABLES, name);

/** An invoice's variables: they go only in the invoice's email, which is about no booking. */
export const INVOICE_VARIABLES = [
  'invoiceNo',
  'invoiceTotal',
  'dueDate',
] as const satisfies readonly TemplateVariable[];
const isInvoiceVariable = (name: TemplateVariable) => (INVOICE_VARIABLES as readonly string[]).includes(name);
/** What a supplier's invoice's email (to the supplier) can name: the invoice's variables, the supplier, the company. */
const PURCHASE_INVOICE_EMAIL_VARIABLES: readonly TemplateVariable[] = [
  ...INVOICE_VARIABLES,
  'supplierName',
  'companyName',
];
/** The emails about an invoice, and what each may name. */
const INVOICE_EMAILS: Partial<Record<TemplateType, readonly TemplateVariable[]>> = {
  INVOICE_EMAIL: [...INVOICE_VARIABLES, 'customerName', 'companyName'],
  PURCHASE_INVOICE_EMAIL: PURCHASE_INVOICE_EMAIL_VARIABLES,
};

/** A petty cash entry's variables: they go only in its text and email to the person it names. */
export const PETTY_CASH_VARIABLES = [
  'personName',
  'voucherNo',
  'pettyCashKind',
  'pettyCashAmount',
  'pettyCashDate',
  'pettyCashPurpose',
  'pettyCashHeld',
] as const satisfies readonly TemplateVariable[];
const PETTY_CASH_TYPES: readonly string[] = ['PETTY_CASH_INFO_SMS', 'PETTY_CASH_INFO_EMAIL'];
/** What a petty cash text or email can name: the entry's variables and the operator's company. */
const PETTY_CASH_MESSAGE_VARIABLES: readonly TemplateVariable[] = [...PETTY_CASH_VARIABLES, 'companyName'];
const isPettyCashVariable = (name: TemplateVariable) =>
  (PETTY_CASH_VARIABLES as readonly string[]).includes(name);
/** The petty cash variables of a message about something else: all empty. */
export const NO_PETTY_CASH_VALUES: Record<(typeof PETTY_CASH_VARIABLES)[number], string> = {
  personName: '',
  voucherNo: '',
  pettyCashKind: '',
  pettyCashAmount: '',
  pettyCashDate: '',
  pettyCashPurpose: '',
  pettyCashHeld: '',
};

/** What a link variable holds until the text is sent: the variable as written. */
/** A receipt's variables: they go only in the receipt's email. */
export const RECEIPT_VARIABLES = [
  'receiptNo',
  'receiptAmount',
  'receiptDate',
] as const satisfies readonly TemplateVariable[];
/** A payment request's variables: they go only in its email and text. */
export const PAYMENT_REQUEST_VARIABLES = [
  'amountDue',
  'paymentLink',
] as const satisfies readonly TemplateVariable[];

/** What each of billing's messages (about no booking) can name: its own variables, the customer and the company. */
const BILLING_MESSAGE_VARIABLES: Partial<Record<TemplateType, readonly TemplateVariable[]>> = {
  // An invoice's email names the invoice, its buyer and its seller.
  INVOICE_EMAIL: [...INVOICE_VARIABLES, 'customerName', 'companyName'],
  RECEIPT_EMAIL: [...RECEIPT_VARIABLES, 'customerName', 'companyName'],
  PAYMENT_REQUEST_EMAIL: [...PAYMENT_REQUEST_VARIABLES, 'customerName', 'companyName'],
  PAYMENT_REQUEST_SMS: [...PAYMENT_REQUEST_VARIABLES, 'customerName', 'companyName'],
  PURCHASE_INVOICE_EMAIL: PURCHASE_INVOICE_EMAIL_VARIABLES,
};

const BILLING_MESSAGE_NAMES: Partial<Record<TemplateType, string>> = {
  INVOICE_EMAIL: 'an invoice’s email',
  RECEIPT_EMAIL: 'a receipt’s email',
  PAYMENT_REQUEST_EMAIL: 'a payment request’s email',
  PAYMENT_REQUEST_SMS: 'a payment request’s text',
  PURCHASE_INVOICE_EMAIL: 'a supplier’s invoice’s email',
};

/** The values none of billing's messages fill: a booking's. */
export const NO_BOOKING_VALUES = {
  bookingNo: '',
  reportingTime: '',
  pickup: '',
  drop: '',
  vehicleNo: '',
  driverName: '',
  driverPhone: '',
  tripOtp: '',
  passengerName: '',
  supplierName: '',
  slipLink: '',
  feedbackLink: '',
} as const satisfies Partial<TemplateValues>;

/** The values only billing's messages fill, empty for the others. */
export const NO_BILLING_VALUES = {
  invoiceNo: '',
  invoiceTotal: '',
  dueDate: '',
  receiptNo: '',
  receiptAmount: '',
  receiptDate: '',
  amountDue: '',
  paymentLink: '',
  ...NO_PETTY_CASH_VALUES,
} as const satisfies Partial<TemplateValues>;

/** A YYYY-MM-DD date as billing's messages write it (DD/MM/YYYY); '' when it is none. */
export const shownDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatIsoDate(date) : '');

export const writtenLinkVariable = (name: LinkVariable | 'paymentLink') => `{${name}}`;

/**
 * The link to a customer's dues a payment request carries. Like a passenger's page, it is put in when
 * the text or email is sent: until then the text (and the log) holds the variable itself.
 */
export const PAYMENT_LINK_TYPES: readonly string[] = ['PAYMENT_REQUEST_EMAIL', 'PAYMENT_REQUEST_SMS'];

/** The link a text of this type carries, if any. */
export function linkOf(type: string): { variable: LinkVariable; purpose: PublicLinkPurpose } | undefined {
  for (const [variable, link] of Object.entries(LINK_VARIABLES)) {
    if (link.type === type && isLinkVariable(variable)) return { variable, purpose: link.purpose };
  }
  return undefined;
}

/** A composed text with its link put in: in the words and in the provider's variables. */
export function withLink(
  text: string,
  variables: Readonly<Record<string, string>>,
  variable: LinkVariable | 'paymentLink',
  url: string,
): { text: string; variables: Record<string, string> } {
  return {
    text: text.replaceAll(writtenLinkVariable(variable), url),
    variables: { ...variables, [variable]: url },
  };
}

/** Every message type an operator words itself: the texts and emails of its log (the sign-in code and the pushes are the product's own). */
export const TEMPLATE_TYPES = MESSAGE_TEMPLATE_TYPES satisfies readonly Exclude<
  MessageType,
  'SIGN_IN_CODE_SMS'
>[];
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const isTemplateType = (value: string): value is TemplateType =>
  (TEMPLATE_TYPES as readonly string[]).includes(value);

/** A template is an SMS's or an email's. */
export const templateChannelOf = (type: TemplateType): 'SMS' | 'EMAIL' =>
  (EMAIL_TYPES as readonly string[]).includes(type) ? 'EMAIL' : 'SMS';

/** A template's words and, for an SMS, the DLT registration it is sent under (empty for none). */
export interface TemplateText {
  body: string;
  /** An email's subject; empty for an SMS. */
  subject: string;
  dltTemplateId: string;
  senderId: string;
}

const sms = (body: string): TemplateText => ({ body, subject: '', dltTemplateId: '', senderId: '' });
const email = (subject: string, body: string): TemplateText => ({
  body,
  subject,
  dltTemplateId: '',
  senderId: '',
});

/**
 * `{name}` is a variable. `[…]` is a part kept only when every variable in it has a value, so a text
 * never says "Trip OTP: ." for a booking without one. The brand closes every text (DLT wants it).
 */
export const DEFAULT_TEMPLATES: Record<TemplateType, TemplateText> = {
  CONFIRMATION_SMS: sms(
    'Booking #{bookingNo} is confirmed: pickup {reportingTime}[ at {pickup}]. We will text you the car and driver before the trip.[ - {companyName}]',
  ),
  DRIVER_ALLOTMENT_SMS: sms(
    'New duty #{bookingNo}: report {reportingTime}[ at {pickup}][ with {vehicleNo}].[ - {companyName}]',
  ),
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP: sms(
    'Booking #{bookingNo}: your car[ {vehicleNo}][ with {driverName}][ ({driverPhone})] reports {reportingTime}[ at {pickup}].[ Trip OTP {tripOtp}: give it to the driver at the start.][ - {companyName}]',
  ),
  CANCELLATION_SMS: sms('Booking #{bookingNo} for {reportingTime} has been cancelled.[ - {companyName}]'),
  FEEDBACK_REQUEST_SMS: sms(
    'Thank you for travelling with us on booking #{bookingNo}. Tell us how the trip went: {feedbackLink}[ - {companyName}]',
  ),
  DIGITAL_DUTY_SLIP_SMS: sms(
    'Your duty slip for booking #{bookingNo} is ready. Please check and sign it: {slipLink}[ - {companyName}]',
  ),
  SEND_INFO_TO_SUPPLIER_SMS: sms(
    'Duty #{bookingNo} allotted to you: report {reportingTime}[ at {pickup}][ with {vehicleNo}][, driver {driverName}][ ({driverPhone})].[ - {companyName}]',
  ),
  CONFIRMATION_EMAIL: email(
    'Booking #{bookingNo} confirmed[ - {companyName}]',
    'Dear[ {passengerName}],\n\nYour booking #{bookingNo} is confirmed.\nPickup: {reportingTime}[ at {pickup}][\nDrop: {drop}]\n\nWe will send you the car and driver details before the trip.\n\nRegards,[\n{companyName}]',
  ),
  // Never the trip code: the supplier (and through it the driver) may read this one.
  DUTY_INFO_EMAIL: email(
    'The car for booking #{bookingNo}[ - {companyName}]',
    'Hello,\n\nThe car for booking #{bookingNo}[ ({passengerName})] reports {reportingTime}[ at {pickup}].[\nVehicle: {vehicleNo}][\nDriver: {driverName}][ ({driverPhone})]\n\nRegards,[\n{companyName}]',
  ),
  DUTY_SLIP_EMAIL: email(
    'Duty slip for booking #{bookingNo}[ - {companyName}]',
    'Dear[ {customerName}],\n\nPlease find attached the duty slip for booking #{bookingNo} of {reportingTime}[ ({vehicleNo})].\n\nRegards,[\n{companyName}]',
  ),
  INVOICE_EMAIL: email(
    'Invoice {invoiceNo}[ from {companyName}]',
    'Dear[ {customerName}],\n\nPlease find attached invoice {invoiceNo} for {invoiceTotal}[, due by {dueDate}].\n\nRegards,[\n{companyName}]',
  ),
  // To the supplier, with our record of its invoice attached: its number, what we make payable after TDS.
  PURCHASE_INVOICE_EMAIL: email(
    'Your invoice {invoiceNo}[ - {companyName}]',
    'Dear[ {supplierName}],\n\nWe have recorded your invoice {invoiceNo}; {invoiceTotal} is payable to you after TDS[, by {dueDate}]. Our record of it is attached.\n\nRegards,[\n{companyName}]',
  ),
  PETTY_CASH_INFO_SMS: sms(
    'Dear {personName}, petty cash {voucherNo} of {pettyCashDate}: {pettyCashAmount} {pettyCashKind}[ for {pettyCashPurpose}]. You now hold {pettyCashHeld} of the office cash.[ - {companyName}]',
  ),
  PETTY_CASH_INFO_EMAIL: email(
    'Petty cash {voucherNo}: {pettyCashAmount} {pettyCashKind}[ - {companyName}]',
    'Dear {personName},\n\nPetty cash voucher {voucherNo} of {pettyCashDate}: {pettyCashAmount} {pettyCashKind}[ for {pettyCashPurpose}].\n\nYou now hold {pettyCashHeld} of the office cash. Please keep the bills of what you spend and return what is left.\n\nRegards,[\n{companyName}]',
  ),
  RECEIPT_EMAIL: email(
    'Receipt {receiptNo} for {receiptAmount}[ - {companyName}]',
    'Dear[ {customerName}],\n\nThank you for your payment of {receiptAmount}[ received on {receiptDate}]. Please find attached receipt {receiptNo}.\n\nRegards,[\n{companyName}]',
  ),
  PAYMENT_REQUEST_EMAIL: email(
    'Payment due: {amountDue}[ - {companyName}]',
    'Dear[ {customerName}],\n\nThis is a reminder that {amountDue} is due to us. You can see the invoices, download them and find our bank details here:\n{paymentLink}\n\nIf you have already paid, please ignore this message.\n\nRegards,[\n{companyName}]',
  ),
  PAYMENT_REQUEST_SMS: sms(
    'Dear[ {customerName}], {amountDue} is due to us. See your invoices and how to pay: {paymentLink}[ - {companyName}]',
  ),
};

const VARIABLE = /\{([A-Za-z]+)\}/g;
const isVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** The variables a template names that are not ours: a template with any is refused before it is kept. */
export function unknownVariables(template: string): string[] {
  return [...template.matchAll(VARIABLE)].map((m) => m[1] ?? '').filter((name) => !isVariable(name));
}

/** The variables a template names, each once, in order. */
export function variablesOf(template: string): TemplateVariable[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1] ?? ''))].filter(isVariable);
}

/** Fills a template: each `{variable}` by its value, each `[…]` part dropped when a variable in it is empty. */
export function renderTemplate(template: string, values: TemplateValues): string {
  const fill = (part: string) =>
    part.replace(VARIABLE, (whole, name: string) => (isVariable(name) ? values[name] : whole));
  const withOptionalParts = template.replace(/\[([^[\]]*)\]/g, (_whole, part: string) => {
    const names = [...part.matchAll(VARIABLE)].map((m) => m[1] ?? '');
    return names.every((name) => isVariable(name) && values[name].trim() !== '') ? fill(part) : '';
  });
  return fill(withOptionalParts)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The longest value a DLT template's variable may carry (TRAI). */
export const DLT_VALUE_LIMIT = 30;

/**
 * A registered (DLT) SMS's values cut to 30 characters each. Cut, not refused: a pickup address is
 * routinely longer, and a booking's text is worth more than its address's tail; the preview says
 * which values were cut. Other templates' values are left whole.
 */
export function fitValues(
  template: Pick<TemplateText, 'dltTemplateId'>,
  values: TemplateValues,
): { values: TemplateValues; cut: TemplateVariable[] } {
  if (!template.dltTemplateId) return { values, cut: [] };
  const fitted = { ...values };
  const cut: TemplateVariable[] = [];
  for (const name of TEMPLATE_VARIABLES) {
    if (isLinkVariable(name) || name === 'paymentLink') continue;
    const chars = [...values[name]];
    if (chars.length > DLT_VALUE_LIMIT) {
      fitted[name] = chars.slice(0, DLT_VALUE_LIMIT).join('').trimEnd();
      cut.push(name);
    }
  }
  return { values: fitted, cut };
}

/** A message rendered from a template: its text, subject and the values it was filled with. */
export interface RenderedMessage {
  text: string;
  subject: string;
  values: TemplateValues;
  /** Variables the template names whose value was empty. */
  empty: TemplateVariable[];
  /** Variables whose value was cut to the DLT limit. */
  cut: TemplateVariable[];
}

export function renderMessage(template: TemplateText, values: TemplateValues): RenderedMessage {
  const fitted = fitValues(template, values);
  const named = variablesOf(`${template.subject}\n${template.body}`);
  return {
    text: renderTemplate(template.body, fitted.values),
    subject: renderTemplate(template.subject, fitted.values),
    values: fitted.values,
    empty: named.filter((name) => fitted.values[name].trim() === ''),
    cut: fitted.cut.filter((name) => named.includes(name)),
  };
}

/** A problem with a template an operator typed, naming the field. */
export interface TemplateProblem {
  field: 'body' | 'subject' | 'dltTemplateId' | 'senderId';
  message: string;
}

/**
 * What is wrong with a template for a type, if anything: variables we do not fill, a subject on an SMS
 * or none on an email, and for an SMS under a DLT registration (DOMAIN.md "Messages (India)"): the
 * 12–19 digit id with its 6-letter header, the brand ({companyName}) in the text, no variable as the
 * last word, and no optional parts — a registered text is sent exactly as registered.
 */
export function templateProblem(type: TemplateType, template: TemplateText): TemplateProblem | undefined {
  const isSms = templateChannelOf(type) === 'SMS';
  const limit = isSms ? 1000 : 5000;
  if (template.body.trim() === '') return { field: 'body', message: 'Write the message.' };
  if ([...template.body].length > limit)
    return { field: 'body', message: `Keep the message to ${limit} characters or fewer.` };
  const unknownInBody = unknownVariables(template.body);
  if (unknownInBody.length > 0) return { field: 'body', message: unknownMessage(unknownInBody) };
  for (const name of variablesOf(`${template.subject}\n${template.body}`)) {
    if (isLinkVariable(name) && LINK_VARIABLES[name].type !== type) {
      return { field: 'body', message: `{${name}} goes only in the ${LINK_VARIABLES[name].type} text.` };
    }
    const field = template.body.includes(`{${name}}`) ? 'body' : 'subject';
    const invoiceVariables = INVOICE_EMAILS[type];
    if (isInvoiceVariable(name) && !invoiceVariables) {
      return { field, message: `{${name}} goes only in the INVOICE_EMAIL email.` };
    }
    if (isPettyCashVariable(name) && !PETTY_CASH_TYPES.includes(type)) {
      return { field, message: `{${name}} goes only in the petty cash text and email.` };
    }
    if (PETTY_CASH_TYPES.includes(type) && !PETTY_CASH_MESSAGE_VARIABLES.includes(name)) {
      return {
        field,
        message: `{${name}} is not a petty cash entry’s: its text fills only ${PETTY_CASH_MESSAGE_VARIABLES.map((v) => `{${v}}`).join(', ')}.`,
      };
    }
    if ((RECEIPT_VARIABLES as readonly string[]).includes(name) && type !== 'RECEIPT_EMAIL') {
      return { field, message: `{${name}} goes only in the RECEIPT_EMAIL email.` };
    }
    if (
      (PAYMENT_REQUEST_VARIABLES as readonly string[]).includes(name) &&
      type !== 'PAYMENT_REQUEST_EMAIL' &&
      type !== 'PAYMENT_REQUEST_SMS'
    ) {
      return { field, message: `{${name}} goes only in the payment request’s email and text.` };
    }
    const fills = BILLING_MESSAGE_VARIABLES[type];
    if (fills && !fills.includes(name)) {
      return {
        field,
        message: `{${name}} is a booking’s: ${BILLING_MESSAGE_NAMES[type] ?? 'this message'} fills only ${fills.map((v) => `{${v}}`).join(', ')}.`,
      };
    }
  }
  if (isSms) {
    if (template.subject !== '') return { field: 'subject', message: 'A text message has no subject.' };
  } else {
    if (template.subject.trim() === '') return { field: 'subject', message: 'Write the email’s subject.' };
    if ([...template.subject].length > 200)
      return { field: 'subject', message: 'Keep the subject to 200 characters or fewer.' };
    const unknownInSubject = unknownVariables(template.subject);
    if (unknownInSubject.length > 0) return { field: 'subject', message: unknownMessage(unknownInSubject) };
    if (template.dltTemplateId !== '')
      return { field: 'dltTemplateId', message: 'Only text messages are registered on DLT.' };
    if (template.senderId !== '')
      return { field: 'senderId', message: 'Only text messages have a sender id.' };
    return undefined;
  }
  if (template.dltTemplateId !== '' && !/^\d{12,19}$/.test(template.dltTemplateId))
    return { field: 'dltTemplateId', message: 'A DLT template id is 12 to 19 digits.' };
  if (template.senderId !== '' && !/^[A-Z]{6}$/.test(template.senderId))
    return { field: 'senderId', message: 'A sender id (DLT header) is 6 capital letters, e.g. FLTOPS.' };
  if (template.dltTemplateId === '' && template.senderId !== '')
    return { field: 'dltTemplateId', message: 'Give the DLT template id the sender id goes with.' };
  if (template.dltTemplateId === '') return undefined;
  if (template.senderId === '')
    return {
      field: 'senderId',
      message: 'Give the sender id (DLT header) the template is registered under.',
    };
  if (/[[\]]/.test(template.body))
    return {
      field: 'body',
      message: 'A DLT template is sent exactly as registered: write it without [optional] parts.',
    };
  if (!template.body.includes('{companyName}'))
    return { field: 'body', message: 'A DLT template names the brand: put {companyName} in the text.' };
  if (/\{[A-Za-z]+\}[^\p{L}\p{N}]*$/u.test(template.body.trim()))
    return { field: 'body', message: 'A DLT template may not end with a variable: end it with words.' };
  return undefined;
}

const unknownMessage = (names: string[]) =>
  `${names.map((n) => `{${n}}`).join(', ')} ${names.length === 1 ? 'is not a variable' : 'are not variables'}. Use ${TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(', ')}.`;

/** Who a message is about beyond the booking: the operator, the customer, the supplier, the recipient. */
export interface ValueContext {
  companyName?: string;
  customerName?: string;
  supplierName?: string;
  /** The recipient, when it is a passenger: "Dear {passengerName}" names them. */
  passengerName?: string;
  timeZone?: string;
}

/** The values a booking gives the variables; the reporting time as DD/MM/YYYY HH:mm on the operator's clock. */
export function templateValues(booking: BookingFacts, context: ValueContext = {}): TemplateValues {
  return {
    // Eight digits, as every screen and slip shows it, so a number read off a text finds its booking.
    bookingNo: booking.bookingNo ? shownBookingNo(booking.bookingNo) : '',
    reportingTime: booking.reportingAt
      ? formatDateTime(booking.reportingAt, context.timeZone || DEFAULT_OPERATOR_TIME_ZONE)
      : '',
    pickup: booking.pickup.trim(),
    drop: booking.drop.trim(),
    vehicleNo: booking.vehicleNo.trim(),
    driverName: booking.driverName.trim(),
    driverPhone: booking.driverPhone.trim(),
    tripOtp: booking.tripOtp.trim(),
    passengerName: (context.passengerName ?? booking.passengers[0]?.name ?? '').trim(),
    customerName: (context.customerName || booking.customerName).trim(),
    companyName: (context.companyName ?? '').trim(),
    supplierName: (context.supplierName ?? '').trim(),
    // Made when the text is sent (withLink).
    slipLink: writtenLinkVariable('slipLink'),
    feedbackLink: writtenLinkVariable('feedbackLink'),
    ...NO_BILLING_VALUES,
  };
}
