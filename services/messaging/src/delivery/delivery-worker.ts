// Sends the queued texts through the SMS provider, outside any booking's transaction: claims a batch
// (for update skip locked, with a lease), sends each, and records SENT with the provider's id or FAILED
// with its reason and the next try (back-off, up to a limit). A provider that is down leaves the texts
// in the log to be tried again; several workers never take the same row at once.
import { randomUUID } from 'node:crypto';
import { SMS_TYPES, type SmsType } from '@fleet/domain';
import { type Database, type Logger, SmsDeliveryError, type SmsProvider, type Tx } from '@fleet/platform';
import { z } from 'zod';
import { MessagingEvents, messagingOutbox } from '../events/published';
import { messageToProto } from '../mappers';
import { claimDue, type MessageRow, recordFailed, recordSent } from '../storage/messages-store';
import { createPollingLoop } from './polling-loop';
import { DEFAULT_RETRY, nextTryAt, type RetryPolicy } from './retry';

export interface DeliveryWorkerOptions {
  db: Database;
  sms: SmsProvider;
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
}

/** The variables a row carries, read back as the provider needs them. */
const variablesSchema = z.record(z.string(), z.string());

const isBookingText = (type: string): type is SmsType => (SMS_TYPES as readonly string[]).includes(type);

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, sms, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const pollMs = options.pollMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;

  async function record(
    row: MessageRow,
    outcome: { sent: true; id: string } | { sent: false; error: string; retryable: boolean },
  ) {
    const tenantId = row.tenantId;
    const write = async (tx: Tx) => {
      const [changed] = outcome.sent
        ? await recordSent(tx, row.id, { provider: sms.name, providerMessageId: outcome.id })
        : await recordFailed(tx, row.id, {
            provider: sms.name,
            error: outcome.error,
            retryAt: outcome.retryable ? nextTryAt(retry, row.attempts, new Date()) : null,
          });
      // A sign-in code belongs to no operator: nobody's log shows it, no event tells of it.
      if (!changed || !tenantId) return;
      await messagingOutbox.enqueue(
        tx,
        outcome.sent ? MessagingEvents.messageSent : MessagingEvents.messageFailed,
        { tenantId, message: messageToProto(changed) },
        { tenantId, requestId: randomUUID() },
      );
    };
    if (tenantId) await db.withTenant(tenantId, write);
    else await db.asSystem(write, { quiet: true });
  }

  async function deliver(row: MessageRow): Promise<void> {
    const variables = variablesSchema.safeParse(row.variables);
    if (row.channel !== 'SMS' || !isBookingText(row.type) || !variables.success) {
      await record(row, {
        sent: false,
        error: `cannot send a ${row.type} text from this log row`,
        retryable: false,
      });
      return;
    }
    try {
      const receipt = await sms.send({
        to: row.recipientPhone,
        purpose: row.type,
        template: row.type,
        variables: variables.data,
        text: row.text,
        ...(row.dltTemplateId ? { dlt: { templateId: row.dltTemplateId, senderId: row.senderId } } : {}),
      });
      await record(row, { sent: true, id: receipt.providerMessageId });
    } catch (error) {
      const reason =
        error instanceof SmsDeliveryError ? error.message : `the SMS provider failed unexpectedly`;
      if (!(error instanceof SmsDeliveryError))
        logger.error({ err: error, messageId: row.id }, 'SMS provider threw');
      logger.warn({ messageId: row.id, attempts: row.attempts, reason }, 'text not sent');
      await record(row, { sent: false, error: reason, retryable: true });
    }
  }

  async function drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await db.asSystem((tx) => claimDue(tx, batchSize, leaseMs), { quiet: true });
      if (claimed.length === 0) return tried;
      await Promise.all(claimed.map((row) => deliver(row)));
      tried += claimed.length;
    }
  }

  const loop = createPollingLoop({
    db,
    logger,
    pollMs,
    pass: drain,
    failure: 'the SMS delivery pass failed; trying again',
  });

  return {
    start: loop.start,
    stop: loop.stop,
    drain,
  };
}
