import { z } from 'zod';

/** What a chat provider answers once it has taken a message: its id, which its status updates carry. */
export interface ChatSent {
  providerMessageId: string;
}

/**
 * Where chat messages to drivers go (WhatsApp). A template message may open a conversation at any
 * time; a free text (session) message is allowed only within 24 hours of the driver's last message.
 */
export interface ChatProvider {
  readonly name: string;
  /**
   * The business phone number it sends from (WhatsApp's phone_number_id), which every webhook event
   * about its messages names; none for a provider that sends through no such number.
   */
  readonly businessNumberId?: string;
  /**
   * Sends an approved template by its name and language, its body's `{{1}}`, `{{2}}`… filled in order
   * with `bodyParameters`. Rejects with a ChatDeliveryError.
   */
  sendTemplate(
    to: string,
    templateName: string,
    languageCode: string,
    bodyParameters: readonly string[],
  ): Promise<ChatSent>;
  /** Sends free text inside the 24-hour session window. Rejects with a ChatDeliveryError. */
  sendText(to: string, text: string): Promise<ChatSent>;
}

/** A status the provider reports for a message it took: `failed` carries why, in the same terms as a send. */
export interface ChatStatusEvent {
  kind: 'status';
  /** The business phone number the message went from (WhatsApp's phone number id): which operator's line. */
  businessNumberId: string;
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** E.164. */
  recipient: string;
  at: Date;
  error?: { code: number; title: string; details?: string; failure: ChatFailureKind };
}

/** What a driver sent: text, a tap on a button (a template's quick reply or an interactive button), or something else. */
export type ChatIncomingContent =
  | { type: 'text'; text: string }
  | { type: 'button'; payload: string; text: string }
  /** An image, a location, a voice note…: named so dispatch can be told to look on the phone. */
  | { type: 'other'; messageType: string };

export interface ChatIncomingMessage {
  kind: 'message';
  businessNumberId: string;
  providerMessageId: string;
  /** E.164. */
  from: string;
  /** The name on the sender's WhatsApp profile, when WhatsApp gave it. */
  senderName?: string;
  at: Date;
  /** The message this one answers (a reply, or a button under it), when there is one. */
  contextMessageId?: string;
  content: ChatIncomingContent;
}

export type ChatWebhookEvent = ChatStatusEvent | ChatIncomingMessage;

/**
 * Why a chat message did not go out, in the terms the messaging service acts on:
 * - `not_on_whatsapp`: the number has no WhatsApp account — send an SMS instead;
 * - `reengagement_required`: more than 24 hours since the driver last wrote — send a template or an SMS;
 * - `rate_limited`: too many messages for now — retry later;
 * - `auth`: the access token or its permissions are wrong — nothing goes out until configuration is fixed;
 * - `network`: the provider could not be reached, did not answer in time, or failed on its side — retry;
 * - `rejected`: the provider refused this message (a malformed number, an unknown template, parameters
 *   that do not match it) — sending it again fails again.
 */
export type ChatFailureKind =
  | 'not_on_whatsapp'
  | 'reengagement_required'
  | 'rate_limited'
  | 'auth'
  | 'network'
  | 'rejected';

const RETRYABLE: ReadonlySet<ChatFailureKind> = new Set(['rate_limited', 'network']);

/**
 * A chat message was not accepted. The message is safe to log: it never holds the text, its
 * parameters or a credential.
 */
export class ChatDeliveryError extends Error {
  /** Whether sending the same message later may succeed. */
  readonly retryable: boolean;

  constructor(
    readonly provider: string,
    readonly kind: ChatFailureKind,
    message: string,
    /** The provider's own error code (WhatsApp's `error.code`), when it gave one. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ChatDeliveryError';
    this.retryable = RETRYABLE.has(kind);
  }
}

/**
 * What a WhatsApp Cloud API error code means for the sender. The same codes come back in the answer to
 * a send and, for a message that failed after it was taken, in a `failed` status on the webhook.
 */
export function whatsAppFailureKind(code: number): ChatFailureKind {
  switch (code) {
    // 131026: message undeliverable — the number is not on WhatsApp (or cannot receive this message).
    case 131026:
      return 'not_on_whatsapp';
    // 131047: more than 24 hours since the recipient last replied; only a template may be sent.
    case 131047:
      return 'reengagement_required';
    // 130429 throughput, 80007 account rate limit, 131056 pair rate limit, 131048 spam rate limit, 4 and
    // 613 call-rate limits of the Graph API.
    case 130429:
    case 80007:
    case 131056:
    case 131048:
    case 4:
    case 613:
      return 'rate_limited';
    // 190 invalid or expired access token; 0 authentication failure; 3 capability; 10 and 200–299 permission.
    case 190:
    case 0:
    case 3:
    case 10:
      return 'auth';
    // 1 and 2 unknown / temporary Graph API errors; 131000 something went wrong; 131016 service unavailable.
    case 1:
    case 2:
    case 131000:
    case 131016:
      return 'network';
    default:
      return code >= 200 && code <= 299 ? 'auth' : 'rejected';
  }
}

/** E.164: a plus, the country code and the number, 8 to 15 digits. */
export const chatRecipientSchema = z
  .string()
  .regex(/^\+[1-9]\d{7,14}$/, 'is not a phone number in international form (+<country code><number>)');

/** A template's name as WhatsApp Manager registers it: lowercase letters, digits and underscores. */
export const chatTemplateNameSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, 'is not a template name (lowercase letters, digits and underscores)');

/** A template language as WhatsApp names it: `en`, `hi`, `en_US`, `pt_BR`. */
export const chatLanguageCodeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'is not a template language code such as en, hi or en_US');

/** WhatsApp refuses a body parameter with a new line, a tab or more than four spaces in a row. */
export const chatBodyParameterSchema = z
  .string()
  .min(1, 'is empty')
  .max(1024, 'is longer than 1024 characters')
  .refine((text) => !/[\n\t\r]/.test(text) && !text.includes('\u0000'), 'holds a new line, a tab or a NUL')
  .refine((text) => !/ {5}/.test(text), 'holds more than four spaces in a row');

/** A session message's text: 1 to 4096 characters, no NUL. */
export const chatTextSchema = z
  .string()
  .min(1, 'is empty')
  .max(4096, 'is longer than 4096 characters')
  .refine((text) => !text.includes('\u0000'), 'holds a NUL')
  .refine((text) => text.trim().length > 0, 'is only spaces');

/**
 * Checks a template message before any provider sees it; a bad one is a `rejected` ChatDeliveryError
 * naming the bad part but never its value (a parameter may be a trip OTP).
 */
export function checkTemplateMessage(
  provider: string,
  to: string,
  templateName: string,
  languageCode: string,
  bodyParameters: readonly string[],
): void {
  const reject = (message: string) => new ChatDeliveryError(provider, 'rejected', message);
  if (!chatRecipientSchema.safeParse(to).success) {
    throw reject(
      `${JSON.stringify(to)} is not a phone number in international form (+<country code><number>)`,
    );
  }
  const name = chatTemplateNameSchema.safeParse(templateName);
  if (!name.success) throw reject(`the template name ${name.error.issues[0]?.message}`);
  const language = chatLanguageCodeSchema.safeParse(languageCode);
  if (!language.success) throw reject(`the language code ${language.error.issues[0]?.message}`);
  if (!Array.isArray(bodyParameters) || bodyParameters.length > 100) {
    throw reject('a template takes a list of at most 100 body parameters');
  }
  bodyParameters.forEach((parameter, i) => {
    const checked = chatBodyParameterSchema.safeParse(parameter);
    if (!checked.success) throw reject(`body parameter {{${i + 1}}} ${checked.error.issues[0]?.message}`);
  });
}

/** Checks a session message before any provider sees it, as `checkTemplateMessage` does. */
export function checkTextMessage(provider: string, to: string, text: string): void {
  const reject = (message: string) => new ChatDeliveryError(provider, 'rejected', message);
  if (!chatRecipientSchema.safeParse(to).success) {
    throw reject(
      `${JSON.stringify(to)} is not a phone number in international form (+<country code><number>)`,
    );
  }
  const checked = chatTextSchema.safeParse(text);
  if (!checked.success) throw reject(`the text ${checked.error.issues[0]?.message}`);
}
