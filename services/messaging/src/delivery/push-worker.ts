// Sends the queued pushes to drivers' apps through the push provider (FCM), after the transaction that
// wrote them and never inside it: claims a batch as the text worker does (for update skip locked, with a
// lease), looks up the driver's token at that moment, sends, and records the outcome as FCM's failure
// kinds say:
// - SENT with FCM's message name when it took the push;
// - RETRY (FCM busy, failing or out of reach): tried again with the same back-off as texts, never
//   sooner than FCM's Retry-After, and given up after the last try;
// - UNREGISTERED: the token is dead — the push is FAILED and the token forgotten, so no other push is
//   tried at it until the app registers again;
// - AUTH (the service account) and INVALID (a push FCM refuses): FAILED with the reason, not retried.
import { type Database, type Logger, PushDeliveryError, type PushProvider, type Tx } from '@fleet/platform';
import { z } from 'zod';
import { dutyCollapseKey } from '../domain/duty-pushes';
import { isPushType } from '../domain/message-types';
import { claimDuePushes, type MessageRow } from '../storage/messages-store';
import { forgetPushToken, pushTargetOf } from '../storage/push-targets-store';
import { claimAndSend, createPollingLoop } from './polling-loop';
import { recordTry } from './record-try';
import { DEFAULT_RETRY, nextTryHonouring, type RetryPolicy } from './retry';

export interface PushWorkerOptions {
  db: Database;
  push: PushProvider;
  logger: Logger;
  retry?: RetryPolicy;
  /** How often it looks for pushes due again (retries); a commit wakes it sooner. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed push is this worker's before another may try it (a worker that died mid-send). */
  leaseMs?: number;
}

export interface PushWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends every push due now, batch after batch; answers how many it tried. */
  drain(): Promise<number>;
}

/** What the app reads when the push is opened, as written with the push. */
const dataSchema = z.record(z.string(), z.string());

type Outcome =
  | { sent: true; providerMessageId: string }
  | { sent: false; error: string; retryAt: Date | null; forget?: string };

export function createPushWorker(options: PushWorkerOptions): PushWorker {
  const { db, push, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;

  const giveUp = (error: string): Outcome => ({ sent: false, error, retryAt: null });

  /** Sends one claimed push to the driver's current token, as an outcome to record. */
  async function attempt(row: MessageRow, tenantId: string, driverId: string): Promise<Outcome> {
    const data = dataSchema.safeParse(row.variables);
    if (!isPushType(row.type) || !data.success)
      return giveUp(`cannot send a ${row.type} push from this log row`);
    const target = await db.read(tenantId, (tx) => pushTargetOf(tx, driverId));
    if (!target?.isActive) return giveUp('the driver has no active app account');
    if (!target.pushToken) {
      return giveUp('the driver’s app has no push token (not registered since FCM forgot the last one)');
    }
    const token = target.pushToken;
    try {
      const sent = await push.send({
        token,
        title: row.subject,
        body: row.text,
        data: data.data,
        ...(row.bookingId ? { collapseKey: dutyCollapseKey(row.bookingId) } : {}),
      });
      return { sent: true, providerMessageId: sent.providerMessageId };
    } catch (error) {
      const failure = error instanceof PushDeliveryError ? error : undefined;
      if (!failure) logger.error({ err: error, messageId: row.id }, 'push provider threw');
      const reason = failure?.message ?? 'the push provider failed unexpectedly';
      logger.warn(
        { messageId: row.id, attempts: row.attempts, failure: failure?.failure, reason },
        'push not sent',
      );
      if (!failure || failure.failure === 'RETRY') {
        return {
          sent: false,
          error: reason,
          retryAt: nextTryHonouring(retry, row.attempts, failure?.retryAfterSeconds, new Date()),
        };
      }
      if (failure.failure === 'UNREGISTERED')
        return { sent: false, error: reason, retryAt: null, forget: token };
      return giveUp(reason);
    }
  }

  async function deliver(row: MessageRow): Promise<void> {
    const { tenantId, recipientDriverId: driverId } = row;
    if (!tenantId || !driverId) {
      // Not a push the log holds (its checks want a driver, and an operator for all but sign-in codes).
      await db.asSystem((tx) =>
        recordTry(tx, row, {
          sent: false,
          provider: push.name,
          error: 'a push needs an operator and a driver',
          retryAt: null,
        }),
      );
      return;
    }
    const outcome = await attempt(row, tenantId, driverId);
    await db.withTenant(tenantId, async (tx: Tx) => {
      await recordTry(
        tx,
        row,
        outcome.sent
          ? { sent: true, provider: push.name, providerMessageId: outcome.providerMessageId }
          : { sent: false, provider: push.name, error: outcome.error, retryAt: outcome.retryAt },
      );
      if (!outcome.sent && outcome.forget) await forgetPushToken(tx, driverId, outcome.forget);
    });
  }

  const pass = (running: () => boolean) =>
    claimAndSend(db, (tx) => claimDuePushes(tx, batchSize, leaseMs), deliver, running);

  const loop = createPollingLoop({
    db,
    logger,
    pollMs: options.pollMs ?? 5_000,
    pass,
    failure: 'the push delivery pass failed; trying again',
  });
  return { start: loop.start, stop: loop.stop, drain: loop.passNow };
}
