// Billing's messages to a customer put into words, in the operator's templates (or the defaults): a
// receipt's email carrying its PDF (named here, fetched from billing when it is sent), and a payment
// request by email and text with the link to the customer's dues (put in when sent: the words hold
// {paymentLink} until then). Pure; the caller writes what this answers.
import { formatRupees } from '@fleet/platform/pdf';
import {
  DEFAULT_TEMPLATES,
  NO_BILLING_VALUES,
  NO_BOOKING_VALUES,
  renderMessage,
  shownDate,
  type TemplateText,
  type TemplateValues,
  writtenLinkVariable,
} from './templates';

/** What billing's fleet.billing.receipt.emailed says of the receipt. */
export interface EmailedReceipt {
  id: string;
  receiptNo: string;
  /** YYYY-MM-DD. */
  receiptDate: string;
  /** Decimal text. */
  receivedAmount: string;
  customerName: string;
  companyName: string;
}

export interface BillingEmail {
  type: 'RECEIPT_EMAIL' | 'PAYMENT_REQUEST_EMAIL';
  channel: 'EMAIL';
  role: 'CUSTOMER';
  name: string;
  email: string;
  phone: '';
  subject: string;
  text: string;
  variables: TemplateValues;
  attachments: { kind: 'RECEIPT'; receiptId: string; fileName: string }[];
}

export interface BillingText {
  type: 'PAYMENT_REQUEST_SMS';
  channel: 'SMS';
  role: 'CUSTOMER';
  name: string;
  email: '';
  phone: string;
  text: string;
  variables: TemplateValues;
  dltTemplateId: string;
  senderId: string;
}

/** The receipt's file as the email carries it (as billing names it): receipt-RCT-26-27-0001.pdf. */
export const receiptFileName = (receiptNo: string) =>
  `receipt-${receiptNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

const uniqueOf = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function receiptValues(receipt: EmailedReceipt): TemplateValues {
  return {
    ...NO_BOOKING_VALUES,
    ...NO_BILLING_VALUES,
    customerName: receipt.customerName.trim(),
    companyName: receipt.companyName.trim(),
    receiptNo: receipt.receiptNo,
    receiptAmount: formatRupees(receipt.receivedAmount || '0'),
    receiptDate: shownDate(receipt.receiptDate),
  };
}

/** A receipt's emails: each address once, in the order given. */
export function receiptEmails(
  receipt: EmailedReceipt,
  to: readonly string[],
  template: TemplateText = DEFAULT_TEMPLATES.RECEIPT_EMAIL,
): BillingEmail[] {
  const rendered = renderMessage(template, receiptValues(receipt));
  return uniqueOf(to).map((email) => ({
    type: 'RECEIPT_EMAIL',
    channel: 'EMAIL',
    role: 'CUSTOMER',
    name: receipt.customerName,
    email,
    phone: '',
    subject: rendered.subject,
    text: rendered.text,
    variables: rendered.values,
    attachments: [{ kind: 'RECEIPT', receiptId: receipt.id, fileName: receiptFileName(receipt.receiptNo) }],
  }));
}

/** What billing's fleet.billing.payment.requested says of the request. */
export interface RequestedPayment {
  customerName: string;
  companyName: string;
  /** Decimal text. */
  amountDue: string;
}

export function paymentRequestValues(request: RequestedPayment): TemplateValues {
  return {
    ...NO_BOOKING_VALUES,
    ...NO_BILLING_VALUES,
    customerName: request.customerName.trim(),
    companyName: request.companyName.trim(),
    amountDue: formatRupees(request.amountDue || '0'),
    // Made when the message is sent (withLink), from the token kept beside it.
    paymentLink: writtenLinkVariable('paymentLink'),
  };
}

/** A payment request's emails and texts: each address and phone once. */
export function paymentRequestMessages(
  request: RequestedPayment,
  to: { emails: readonly string[]; phones: readonly string[] },
  templates: { email?: TemplateText; sms?: TemplateText } = {},
): (BillingEmail | BillingText)[] {
  const values = paymentRequestValues(request);
  const mail = renderMessage(templates.email ?? DEFAULT_TEMPLATES.PAYMENT_REQUEST_EMAIL, values);
  const smsTemplate = templates.sms ?? DEFAULT_TEMPLATES.PAYMENT_REQUEST_SMS;
  const text = renderMessage(smsTemplate, values);
  return [
    ...uniqueOf(to.emails).map(
      (email): BillingEmail => ({
        type: 'PAYMENT_REQUEST_EMAIL',
        channel: 'EMAIL',
        role: 'CUSTOMER',
        name: request.customerName,
        email,
        phone: '',
        subject: mail.subject,
        text: mail.text,
        variables: mail.values,
        attachments: [],
      }),
    ),
    ...uniqueOf(to.phones).map(
      (phone): BillingText => ({
        type: 'PAYMENT_REQUEST_SMS',
        channel: 'SMS',
        role: 'CUSTOMER',
        name: request.customerName,
        email: '',
        phone,
        text: text.text,
        variables: text.values,
        dltTemplateId: smsTemplate.dltTemplateId,
        senderId: smsTemplate.senderId,
      }),
    ),
  ];
}
