import { z } from 'zod';

/** A notification to one device of the driver app. */
export interface PushMessage {
  /** The device's registration token, which the app got from FCM and registered with us. */
  token: string;
  title: string;
  body: string;
  /** What the app reads when the notification is opened (a duty's id…); FCM carries only strings. */
  data: Record<string, string>;
  /** Pushes with the same key replace one another while the device is offline: only the latest shows. */
  collapseKey?: string;
  /** How long FCM keeps trying an offline device; FCM's own default (4 weeks) when absent. */
  ttlSeconds?: number;
}

/** What a push provider answers once it has taken a push: FCM's message name. */
export interface PushSent {
  providerMessageId: string;
}

/** Where pushes to the driver app go (Firebase Cloud Messaging). */
export interface PushProvider {
  readonly name: string;
  /** Rejects with a PushDeliveryError. */
  send(message: PushMessage): Promise<PushSent>;
}

/**
 * Why a push did not go out, in the terms the caller acts on:
 * - `UNREGISTERED`: the token is no longer valid (the app was removed, its data cleared, the token
 *   rotated, or it was never a token) — forget it and do not send to it again;
 * - `RETRY`: FCM was busy, failed on its side, could not be reached or did not answer in time — try
 *   again later, after `retryAfterSeconds` when FCM said;
 * - `AUTH`: the service account or its permissions are wrong — nothing goes out until configuration is fixed;
 * - `INVALID`: FCM refused this push as malformed — sending it again fails again.
 */
export type PushFailureKind = 'UNREGISTERED' | 'RETRY' | 'AUTH' | 'INVALID';

/**
 * A push was not accepted. The message is safe to log: it never holds the device token, the title,
 * the body, the data or a credential.
 */
export class PushDeliveryError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: PushFailureKind,
    message: string,
    /** For `RETRY`: how long FCM asked to wait (its Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
    /** FCM's own error code (`UNREGISTERED`, `QUOTA_EXCEEDED`…) or status, when it gave one. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}

/** FCM registration tokens: printable ASCII without spaces, at most 4096 characters. */
export const pushTokenSchema = z
  .string({ message: 'is missing or not text' })
  .min(1, 'is empty')
  .max(4096, 'is longer than 4096 characters')
  .regex(/^[\x21-\x7e]+$/, 'holds a space or a character that is not printable ASCII');

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_EXCEPT_NEW_LINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** A notification's title: one line a lock screen can show. */
export const pushTitleSchema = z
  .string({ message: 'is missing or not text' })
  .min(1, 'is empty')
  .max(200, 'is longer than 200 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'holds a new line or a control character')
  .refine((text) => text.trim().length > 0, 'is only spaces');

/** A notification's text: a few lines; new lines allowed, other control characters not. */
export const pushBodySchema = z
  .string({ message: 'is missing or not text' })
  .min(1, 'is empty')
  .max(2000, 'is longer than 2000 characters')
  .refine((text) => !CONTROL_EXCEPT_NEW_LINE.test(text), 'holds a control character')
  .refine((text) => text.trim().length > 0, 'is only spaces');

/** Keys FCM reserves in `data`: these words and anything starting with `google` or `gcm`. */
const RESERVED_DATA_KEYS = new Set(['from', 'notification', 'message_type', 'collapse_key']);

export const pushDataKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'is not a data key (letters, digits and _ . -, at most 100)')
  .refine(
    (key) => !RESERVED_DATA_KEYS.has(key) && !/^(google|gcm)/i.test(key),
    'is a key FCM reserves (from, notification, message_type, collapse_key, google…, gcm…)',
  );

/** A collapse key: printable ASCII without spaces. */
export const pushCollapseKeySchema = z
  .string({ message: 'is not text' })
  .regex(/^[\x21-\x7e]{1,100}$/, 'is not a collapse key (1 to 100 printable characters, no spaces)');

/** FCM keeps a push for at most 28 days. */
export const MAX_PUSH_TTL_SECONDS = 2_419_200;

export const pushTtlSecondsSchema = z
  .number({ message: 'is not a number of seconds' })
  .int('is not a whole number of seconds')
  .min(0, 'is negative')
  .max(MAX_PUSH_TTL_SECONDS, `is longer than ${MAX_PUSH_TTL_SECONDS} seconds (28 days)`);

/** FCM refuses a message whose notification and data together exceed 4096 bytes. */
export const MAX_PUSH_PAYLOAD_BYTES = 4096;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const payloadBytesOf = (message: Pick<PushMessage, 'title' | 'body' | 'data'>) =>
  Object.entries(message.data).reduce(
    (total, [key, value]) => total + bytes(key) + bytes(value),
    bytes(message.title) + bytes(message.body),
  );

/** A push as FCM would take it; `checkPushMessage` turns its first problem into a PushDeliveryError. */
export const pushMessageSchema = z
  .object({
    token: pushTokenSchema,
    title: pushTitleSchema,
    body: pushBodySchema,
    data: z.record(
      pushDataKeySchema,
      z.string({ message: 'is not a string' }).refine((value) => !value.includes('\u0000'), 'holds a NUL'),
      { message: 'is not a map of strings' },
    ),
    collapseKey: pushCollapseKeySchema.optional(),
    ttlSeconds: pushTtlSecondsSchema.optional(),
  })
  .superRefine((message, ctx) => {
    const total = payloadBytesOf(message);
    if (total > MAX_PUSH_PAYLOAD_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `the title, body and data come to ${total} bytes; FCM takes at most ${MAX_PUSH_PAYLOAD_BYTES}`,
      });
    }
  });

const PART_NAMES: Record<string, string> = {
  token: 'the device token',
  title: 'the title',
  body: 'the body',
  data: 'the data',
  collapseKey: 'the collapse key',
  ttlSeconds: 'the time to live',
};

/**
 * Checks a push before any provider sees it. A malformed token is `UNREGISTERED`, as FCM answers one
 * (the caller forgets it); anything else is `INVALID`. The error names the bad part, never its value.
 */
export function checkPushMessage(provider: string, message: PushMessage): void {
  const checked = pushMessageSchema.safeParse(message);
  const issue = checked.success ? undefined : checked.error.issues[0];
  if (!issue) return;
  const [part, key] = issue.path;
  const partName = PART_NAMES[String(part)] ?? 'the push';
  let words: string;
  if (part === undefined) {
    words = issue.code === 'invalid_type' ? 'the push is not a message' : issue.message;
  } else if (part === 'data' && typeof key === 'string') {
    words =
      issue.code === 'invalid_key'
        ? `the data key ${JSON.stringify(key)} ${issue.issues[0]?.message ?? 'is not a data key'}`
        : `the data value of ${key} ${issue.message}`;
  } else {
    words = `${partName} ${issue.message}`;
  }
  throw new PushDeliveryError(provider, part === 'token' ? 'UNREGISTERED' : 'INVALID', words);
}
