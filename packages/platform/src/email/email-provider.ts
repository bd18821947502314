import { isEmail } from '@fleet/domain';
import { z } from 'zod';

/** A file sent with an email: the duty slip PDF, an invoice. */
export interface EmailAttachment {
  /** The name the recipient sees and saves it as, e.g. `duty-slip-B-10231.pdf`. */
  fileName: string;
  /** Its media type, e.g. `application/pdf`. */
  contentType: string;
  content: Uint8Array;
}

export interface EmailMessage {
  /** The addresses the email is to; at least one. */
  to: readonly string[];
  cc?: readonly string[];
  subject: string;
  /** The plain-text body; every email has one, for readers that show no HTML. */
  text: string;
  /** The same body as HTML, shown instead of the text by readers that can. */
  html?: string;
  attachments?: readonly EmailAttachment[];
}

export interface EmailSent {
  /** The provider's id of the message: the Message-ID header for SMTP, which replies and bounces quote. */
  providerMessageId: string;
  /** Recipients the provider refused while taking the message for the others (none unless it said so). */
  rejectedRecipients: string[];
}

/** Where emails go out. */
export interface EmailProvider {
  readonly name: string;
  /** Resolves once the provider has taken the email; rejects with an EmailDeliveryError otherwise. */
  send(message: EmailMessage): Promise<EmailSent>;
}

/**
 * An email was not taken. `retryable` says whether sending the same email again later may succeed (the
 * server could not be reached or answered 4xx) or not (it answered 5xx, refused the credentials, or
 * the email itself is malformed). The message is safe to log: it never holds a credential, nor the
 * email's body.
 */
export class EmailDeliveryError extends Error {
  constructor(
    readonly provider: string,
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'EmailDeliveryError';
  }
}

/** The most recipients of one email, To and Cc together: a notice goes to a booking's few contacts. */
export const MAX_EMAIL_RECIPIENTS = 50;
/**
 * The most attachment bytes one email carries. Base64 makes them a third larger on the wire, and
 * common providers refuse messages over 25 MB; invoices and duty slips are far smaller.
 */
export const MAX_EMAIL_ATTACHMENT_BYTES = 15 * 1024 * 1024;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is refused
const NUL = /\u0000/;

const address = z.string().refine(isEmail, { message: 'expected an email address such as name@example.com' });
const addresses = z.array(address);
/** A header's value: one line (a line break would start a header of the sender's choosing). */
const headerText = (max: number) =>
  z
    .string()
    .max(max, `expected at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'expected one line without control characters' });
const bodyText = z.string().refine((value) => !NUL.test(value), { message: 'expected text without NUL' });

const attachmentSchema = z.object({
  fileName: headerText(200)
    .min(1, 'expected a file name')
    .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', {
      message: 'expected a file name without a folder',
    }),
  contentType: z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, {
    message: 'expected a media type such as application/pdf',
  }),
  content: z.instanceof(Uint8Array, { message: 'expected the file’s bytes' }),
});

const messageSchema = z
  .object({
    to: addresses.min(1, 'expected at least one recipient'),
    cc: addresses.optional(),
    subject: headerText(500).refine((subject) => subject.trim() !== '', { message: 'expected a subject' }),
    text: bodyText,
    html: bodyText.optional(),
    attachments: z.array(attachmentSchema).optional(),
  })
  .superRefine((message, ctx) => {
    if (message.to.length + (message.cc?.length ?? 0) > MAX_EMAIL_RECIPIENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `expected at most ${MAX_EMAIL_RECIPIENTS} recipients, To and Cc together`,
      });
    }
    const bytes = (message.attachments ?? []).reduce((sum, file) => sum + file.content.byteLength, 0);
    if (bytes > MAX_EMAIL_ATTACHMENT_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['attachments'],
        message: `expected attachments of at most ${MAX_EMAIL_ATTACHMENT_BYTES} bytes together, got ${bytes}`,
      });
    }
  });

/**
 * Checks an email before any provider sees it, and throws a permanent EmailDeliveryError naming each
 * problem by its field (`to.1`, `attachments.0.fileName`). Problems name the field, never the body.
 */
export function checkEmailMessage(provider: string, message: EmailMessage): void {
  const parsed = messageSchema.safeParse(message);
  if (parsed.success) return;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'email'}: ${issue.message}`);
  throw new EmailDeliveryError(provider, false, `the email cannot be sent: ${problems.join('; ')}`);
}
