// Sends the queued chat messages to drivers through the chat provider, after the transaction that
// queued them and never inside it: claims a batch as the delivery worker claims texts, sends each,
// and records SENT with WhatsApp's id or FAILED with its reason and the next try (the same back-off).
// A duty that fails for good falls back to the SMS (chat-fallback.ts).
import { ChatDeliveryError, type ChatProvider, type Database, type Logger, type Tx } from '@fleet/platform';
import { z } from 'zod';
import { MessagingEvents } from '../events/published';
import {
  type ChatMessageRow,
  type ClaimedChatMessage,
  claimDueChat,
  recordChatFailed,
  recordChatSent,
} from '../storage/chat-store';
import { fallBackToSms, publishChatChange } from './chat-fallback';
import { claimAndSend, createPollingLoop } from './polling-loop';
import { DEFAULT_RETRY, nextTryAt, type RetryPolicy } from './retry';

export interface ChatWorkerOptions {
  db: Database;
  chat: ChatProvider;
  logger: Logger;
  retry?: RetryPolicy;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

export interface ChatWorker {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; answers how many messages it tried. */
  drain(): Promise<number>;
}

const parameters = z.array(z.string());

export function createChatWorker(options: ChatWorkerOptions): ChatWorker {
  const { db, chat, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;

  const send = (row: ClaimedChatMessage) => {
    if (row.kind !== 'TEMPLATE') return chat.sendText(row.driverPhone, row.text);
    const body = parameters.safeParse(row.templateParameters);
    return chat.sendTemplate(
      row.driverPhone,
      row.templateName ?? '',
      row.templateLanguage ?? '',
      body.success ? body.data : [],
    );
  };

  const told = async (tx: Tx, before: ClaimedChatMessage, after: ChatMessageRow | undefined) => {
    if (after && after.status !== before.status)
      await publishChatChange(tx, MessagingEvents.chatStatusChanged, after);
  };

  async function deliver(row: ClaimedChatMessage): Promise<void> {
    try {
      const sent = await send(row);
      await db.withTenant(row.tenantId, async (tx) => {
        const changed = await recordChatSent(tx, row.id, {
          provider: chat.name,
          whatsappMessageId: sent.providerMessageId,
        });
        await told(tx, row, changed);
      });
    } catch (error) {
      const failure = error instanceof ChatDeliveryError ? error : undefined;
      if (!failure) logger.error({ err: error, chatMessageId: row.id }, 'chat provider threw');
      const reason = failure?.message ?? 'the chat provider failed unexpectedly';
      const retryAt = failure && !failure.retryable ? null : nextTryAt(retry, row.attempts, new Date());
      logger.warn({ chatMessageId: row.id, attempts: row.attempts, reason }, 'chat message not sent');
      await db.withTenant(row.tenantId, async (tx) => {
        const changed = await recordChatFailed(tx, row.id, {
          provider: chat.name,
          error: reason,
          code: failure?.code ?? null,
          retryAt,
        });
        if (changed && retryAt === null) await fallBackToSms(tx, changed, failure?.kind);
        await told(tx, row, changed);
      });
    }
  }

  const pass = (running: () => boolean) =>
    claimAndSend(db, (tx) => claimDueChat(tx, batchSize, leaseMs), deliver, running);

  const loop = createPollingLoop({
    db,
    logger,
    pollMs: options.pollMs ?? 5_000,
    pass,
    failure: 'the chat delivery pass failed; trying again',
  });
  return { start: loop.start, stop: loop.stop, drain: loop.passNow };
}
