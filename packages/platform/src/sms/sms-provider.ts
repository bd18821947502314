/**
 * The templates texts are sent with, and the variables each one fills. In India a gateway delivers
 * only texts registered as DLT templates, so a provider sends a template's id and its variables; the
 * whole text travels beside them for providers that take text (the development outbox).
 */
export interface SmsTemplates {
  /** A one-time code: `otp` is the code. */
  otp: { otp: string };
  /** The messaging service's texts about a booking (spec §9 SMS types and the digital slip's), each filling the same variables. */
  CONFIRMATION_SMS: BookingSmsVariables;
  DRIVER_ALLOTMENT_SMS: BookingSmsVariables;
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP: BookingSmsVariables;
  CANCELLATION_SMS: BookingSmsVariables;
  FEEDBACK_REQUEST_SMS: BookingSmsVariables;
  SEND_INFO_TO_SUPPLIER_SMS: BookingSmsVariables;
  /** The passenger's link to approve the digital duty slip (`slipLink`). */
  DIGITAL_DUTY_SLIP_SMS: BookingSmsVariables;
  /** A petty cash entry sent to the person it names: its amount, kind, date, purpose and what they hold. */
  PETTY_CASH_INFO_SMS: BookingSmsVariables;
  /** Billing's request for payment, with the link to the customer's dues (`paymentLink`). */
  PAYMENT_REQUEST_SMS: BookingSmsVariables;
}

/**
 * What a text about a booking fills, by variable name (the messaging service's template variables; one
 * the booking does not have is empty).
 */
export type BookingSmsVariables = Readonly<Record<string, string>>;

export type SmsTemplate = keyof SmsTemplates;

export type SmsMessage = {
  [T in SmsTemplate]: {
    /** E.164, e.g. +919800000001. */
    to: string;
    /** What the message is for, e.g. SIGN_IN_CODE_SMS: logs and metrics say it, it never selects content. */
    purpose: string;
    template: T;
    variables: SmsTemplates[T];
    /** The text as its recipient reads it. */
    text: string;
    /**
     * The operator's own DLT registration for this text, when it has one: it takes the place of the
     * configured template id and sender id.
     */
    dlt?: { templateId: string; senderId: string };
  };
}[SmsTemplate];

/** Where texts go out. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider has accepted the text; rejects with an SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<SmsReceipt>;
}

/** What a provider says of a text it took. */
export interface SmsReceipt {
  /** The provider's own id for the request (MSG91's request id), for its delivery reports and support. */
  providerMessageId: string;
}

/**
 * A text was not accepted. `retryable` says whether sending the same text later may succeed (the
 * provider could not be reached, was overloaded or failed on its side) or never will (the number or
 * the template is wrong, the account's key is refused, the provider refused the content). The message
 * is safe to log: it never holds the text or its variables (a code), nor a credential.
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly retryable: boolean = true,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
