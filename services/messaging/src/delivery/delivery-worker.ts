// Sends the queued messages — texts through the SMS provider, emails with their attachments through the
// email provider — outside any booking's transaction: claims a batch (for update skip locked, with a
// lease), sends each, and records SENT with the provider's id or FAILED with its reason and the next try
// (back-off, up to a limit). A provider that is down leaves the messages in the log to be tried again; a
// refusal that can never succeed (a bad number, no template) is given up at once; several workers never
// take the same row at once.
import { MESSAGE_LOG_SMS_TYPES, type MessageLogSmsType } from '@fleet/domain';
import {
  type Database,
  type EmailAttachment,
  EmailDeliveryError,
  type EmailProvider,
  type Logger,
  SmsDeliveryError,
  type SmsProvider,
  type Tx,
} from '@fleet/platform';
import { z } from 'zod';
import { linkOf, PAYMENT_LINK_TYPES, withLink, writtenLinkVariable } from '../domain/templates';
import {
  attachmentsOf,
  claimDue,
  eraseSignInCode,
  type MessageRow,
  paymentLinkTokenOf,
} from '../storage/messages-store';
import type { AttachmentSource } from './attachments';
import type { LinkSource } from './links';
import { claimAndSend, createPollingLoop } from './polling-loop';
import { recordTry } from './record-try';
import { DEFAULT_RETRY, nextTryAt, type RetryPolicy } from './retry';

export interface DeliveryWorkerOptions {
  db: Database;
  sms: SmsProvider;
  email: EmailProvider;
  /** Where an email's attachments are fetched from when it is sent. */
  attachments: AttachmentSource;
  /** Where a text's link to a passenger's page is asked for when it is sent. */
  links?: LinkSource;
  /** The link a payment request's token opens, put into its text or email when it is sent. */
  paymentLinks?: (token: string) => string;
  logger: Logger;
  retry?: RetryPolicy;
  /** How often it looks for texts due again (retries); a commit wakes it sooner. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed text is this worker's before another may try it (a worker that died mid-send). */
  leaseMs?: number;
}

export interface DeliveryWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now, batch after batch; answers how many texts it tried. */
  drain(): Promise<number>;
  /** Tries one row this caller has claimed, now; answers whether the provider took it, or why not. */
  sendNow(row: MessageRow): Promise<DeliveryOutcome>;
}

export type DeliveryOutcome = { sent: true } | { sent: false; error: string };

type Attempt = { sent: true; id: string } | { sent: false; error: string; retryable: boolean };

/** The variables a row carries, read back as the provider needs them. */
const variablesSchema = z.record(z.string(), z.string());
/** A sign-in code's: the code until it is sent or given up, and when it stops being valid. */
const signInSchema = z.object({ otp: z.string().regex(/^\d{4,8}$/), expiresAt: z.iso.datetime() });

/** A text an operator words (a booking's, or billing's), sent from its template. */
const isTemplatedText = (type: string): type is MessageLogSmsType =>
  (MESSAGE_LOG_SMS_TYPES as readonly string[]).includes(type);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain text as simple HTML: paragraphs at blank lines, line breaks kept, nothing of it markup. */
function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('')}</body></html>`;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, sms, email, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;

  /**
   * Records a try. `notAfter`: no try is planned past it (a sign-in code's expiry). `erase`: the code to
   * take out of the row once it is sent or given up.
   */
  async function record(
    row: MessageRow,
    outcome: Attempt,
    options: { notAfter?: Date; erase?: string } = {},
  ): Promise<DeliveryOutcome> {
    const tenantId = row.tenantId;
    let retryAt = outcome.sent || !outcome.retryable ? null : nextTryAt(retry, row.attempts, new Date());
    if (retryAt && options.notAfter && retryAt >= options.notAfter) retryAt = null;
    const provider = row.channel === 'EMAIL' ? email.name : sms.name;
    const write = async (tx: Tx) => {
      await recordTry(
        tx,
        row,
        outcome.sent
          ? { sent: true, provider, providerMessageId: outcome.id }
          : { sent: false, provider, error: outcome.error, retryAt },
      );
      if (options.erase && (outcome.sent || !retryAt)) await eraseSignInCode(tx, row.id, options.erase);
    };
    if (tenantId) await db.withTenant(tenantId, write);
    else await db.asSystem(write, { quiet: true });
    return outcome.sent ? { sent: true } : { sent: false, error: outcome.error };
  }

  /** An SMS provider's try, as an attempt: a known refusal says whether it may succeed later. */
  async function trySms(
    row: MessageRow,
    send: () => Promise<{ providerMessageId: string }>,
  ): Promise<Attempt> {
    try {
      return { sent: true, id: (await send()).providerMessageId };
    } catch (error) {
      const known = error instanceof SmsDeliveryError;
      if (!known) logger.error({ err: error, messageId: row.id }, 'SMS provider threw');
      const reason = known ? error.message : 'the SMS provider failed unexpectedly';
      logger.warn({ messageId: row.id, attempts: row.attempts, reason }, 'text not sent');
      return { sent: false, error: reason, retryable: known ? error.retryable : true };
    }
  }

  /** A sign-in code: sent only while valid, never retried past its expiry, erased once done with. */
  async function deliverSignInCode(row: MessageRow): Promise<DeliveryOutcome> {
    const parsed = signInSchema.safeParse(row.variables);
    if (!parsed.success) {
      return record(row, { sent: false, error: 'the code is no longer held', retryable: false });
    }
    const { otp, expiresAt } = parsed.data;
    const notAfter = new Date(expiresAt);
    if (notAfter.getTime() <= Date.now()) {
      return record(
        row,
        { sent: false, error: 'the code expired before it could be sent', retryable: false },
        { erase: otp },
      );
    }
    const attempt = await trySms(row, () =>
      sms.send({
        to: row.recipientPhone,
        purpose: row.type,
        template: 'otp',
        variables: { otp },
        text: row.text,
      }),
    );
    return record(row, attempt, { notAfter, erase: otp });
  }

  /**
   * A payment request's words with its link put in, for this send only (the log keeps the variable);
   * the same words when they name no link; undefined when the link is no longer held.
   */
  async function withPaymentLink(
    row: MessageRow,
    words: { text: string; subject: string; variables: Record<string, string> },
  ): Promise<{ text: string; subject: string; variables: Record<string, string> } | undefined> {
    const variable = writtenLinkVariable('paymentLink');
    if (!PAYMENT_LINK_TYPES.includes(row.type)) return words;
    if (!words.text.includes(variable) && !words.subject.includes(variable)) return words;
    const tenantId = row.tenantId;
    const token = tenantId
      ? await db.withTenant(tenantId, (tx) => paymentLinkTokenOf(tx, row.id))
      : undefined;
    if (!token || !options.paymentLinks) return undefined;
    const url = options.paymentLinks(token);
    const filled = withLink(words.text, words.variables, 'paymentLink', url);
    return { ...filled, subject: words.subject.replaceAll(variable, url) };
  }

  async function deliverEmail(row: MessageRow): Promise<DeliveryOutcome> {
    if (!row.tenantId || !row.recipientEmail) {
      return record(row, {
        sent: false,
        error: `cannot send a ${row.type} email from this log row`,
        retryable: false,
      });
    }
    const tenantId = row.tenantId;
    let files: EmailAttachment[];
    try {
      files = await Promise.all(attachmentsOf(row.attachments).map((a) => options.attachments(tenantId, a)));
    } catch (error) {
      logger.warn({ err: error, messageId: row.id, attempts: row.attempts }, 'email attachment not fetched');
      return record(row, { sent: false, error: 'its attachment could not be fetched', retryable: true });
    }
    const words = await withPaymentLink(row, { text: row.text, subject: row.subject, variables: {} });
    if (!words) {
      return record(row, { sent: false, error: 'its payment link is no longer held', retryable: false });
    }
    try {
      const sent = await email.send({
        to: [row.recipientEmail],
        subject: words.subject,
        text: words.text,
        html: htmlOf(words.text),
        attachments: files,
      });
      return await record(row, { sent: true, id: sent.providerMessageId });
    } catch (error) {
      const known = error instanceof EmailDeliveryError;
      if (!known) logger.error({ err: error, messageId: row.id }, 'email provider threw');
      const reason = known ? error.message : 'the email provider failed unexpectedly';
      logger.warn({ messageId: row.id, attempts: row.attempts, reason }, 'email not sent');
      return record(row, { sent: false, error: reason, retryable: known ? error.retryable : true });
    }
  }

  async function deliver(row: MessageRow): Promise<DeliveryOutcome> {
    if (row.channel === 'EMAIL') return deliverEmail(row);
    if (row.type === 'SIGN_IN_CODE_SMS') return deliverSignInCode(row);
    const variables = variablesSchema.safeParse(row.variables);
    if (row.channel !== 'SMS' || !isTemplatedText(row.type) || !variables.success) {
      return record(row, {
        sent: false,
        error: `cannot send a ${row.type} text from this log row`,
        retryable: false,
      });
    }
    const type = row.type;
    let text = row.text;
    let values: Record<string, string> = variables.data;
    // A link is made now, for this send only; the log keeps the text with its variable.
    const link = linkOf(type);
    if (link && text.includes(writtenLinkVariable(link.variable))) {
      const made =
        row.tenantId && row.bookingId && options.links
          ? await options.links(row.tenantId, row.bookingId, link.purpose)
          : { ok: false as const, error: 'no link can be made for this log row', retryable: false };
      if (!made.ok) {
        logger.warn({ messageId: row.id, reason: made.error }, 'text not sent');
        return record(row, { sent: false, error: made.error, retryable: made.retryable });
      }
      ({ text, variables: values } = withLink(text, values, link.variable, made.url));
    }
    const paid = await withPaymentLink(row, { text, subject: '', variables: values });
    if (!paid) {
      return record(row, { sent: false, error: 'its payment link is no longer held', retryable: false });
    }
    ({ text, variables: values } = paid);
    const attempt = await trySms(row, () =>
      sms.send({
        to: row.recipientPhone,
        purpose: type,
        template: type,
        variables: values,
        text,
        ...(row.dltTemplateId ? { dlt: { templateId: row.dltTemplateId, senderId: row.senderId } } : {}),
      }),
    );
    return record(row, attempt);
  }

  const pass = (running: () => boolean) =>
    claimAndSend(db, (tx) => claimDue(tx, batchSize, leaseMs), deliver, running);

  const loop = createPollingLoop({
    db,
    logger,
    pollMs,
    pass,
    failure: 'the delivery pass failed; trying again',
  });

  return {
    start: loop.start,
    stop: loop.stop,
    drain: loop.passNow,
    sendNow: deliver,
  };
}
