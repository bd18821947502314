// A worker's try of one message, recorded: SENT with the provider's id, or FAILED with its reason and
// the next try (none when given up), told to the rest of the product (fleet.messaging.message.sent /
// .failed) in the same transaction. The text and email worker and the push worker both record this way.
import { randomUUID } from 'node:crypto';
import type { Tx } from '@fleet/platform';
import { MessagingEvents, messagingOutbox } from '../events/published';
import { messageToProto } from '../mappers';
import { type MessageRow, recordFailed, recordSent } from '../storage/messages-store';

export type TryResult =
  | { sent: true; provider: string; providerMessageId: string }
  | { sent: false; provider: string; error: string; retryAt: Date | null };

/** Answers the row as recorded; undefined when it was already SENT (a try that raced another). */
export async function recordTry(tx: Tx, row: MessageRow, result: TryResult): Promise<MessageRow | undefined> {
  const [changed] = result.sent
    ? await recordSent(tx, row.id, { provider: result.provider, providerMessageId: result.providerMessageId })
    : await recordFailed(tx, row.id, {
        provider: result.provider,
        error: result.error,
        retryAt: result.retryAt,
      });
  // A sign-in code belongs to no operator: nobody's log shows it, no event tells of it.
  if (changed?.tenantId) {
    await messagingOutbox.enqueue(
      tx,
      result.sent ? MessagingEvents.messageSent : MessagingEvents.messageFailed,
      { tenantId: changed.tenantId, message: messageToProto(changed) },
      { tenantId: changed.tenantId, requestId: randomUUID() },
    );
  }
  return changed;
}
