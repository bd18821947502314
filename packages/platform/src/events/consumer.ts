import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { sql } from 'drizzle-orm';
import { type Database, rows, type Tx } from '../db/database';
import { type Logger, withRequestId } from '../logger';
import type { EventBus, Subscription } from './bus';
import { type BusMessage, EVENT_HEADERS, type EventType } from './event-type';
import { decodeEvent } from './outbox';

export interface HandledEvent<D extends DescMessage> {
  id: string;
  subject: string;
  message: MessageShape<D>;
  tenantId?: string;
  requestId?: string;
  /** When the publisher recorded the change (its outbox stamps it); absent from a message without the header. */
  occurredAt?: Date;
  logger: Logger;
}

export interface EventConsumerOptions<D extends DescMessage> {
  /** Durable name, unique per consuming service and purpose: `bookings.tenant-read-model`. */
  name: string;
  /** The consuming service's database and schema (where handled ids are recorded). */
  db: Database;
  schema: string;
  bus: EventBus;
  logger: Logger;
  events: EventType<D>[];
  handle(tx: Tx, event: HandledEvent<D>): Promise<void>;
}

/** An ISO 8601 header as an instant; undefined when absent or unreadable. */
function instantOf(header: string | undefined): Date | undefined {
  if (!header) return undefined;
  const at = new Date(header);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * A durable, idempotent consumer: the handler's writes and the record that this event was handled
 * commit together, so a redelivered event is recognised and skipped.
 */
export async function startEventConsumer<D extends DescMessage>(
  options: EventConsumerOptions<D>,
): Promise<Subscription> {
  const bySubject = new Map(options.events.map((e) => [e.subject, e]));
  const handled = sql.raw(`${options.schema}.handled_events`);
  return options.bus.subscribe({
    durable: options.name.replace(/[^A-Za-z0-9_-]/g, '_'),
    subjects: options.events.map((e) => e.subject),
    async deliver(raw: BusMessage) {
      const type = bySubject.get(raw.subject);
      if (!type) return;
      const tenantId = raw.headers[EVENT_HEADERS.tenantId] || undefined;
      const requestId = raw.headers[EVENT_HEADERS.requestId] || undefined;
      const occurredAt = instantOf(raw.headers[EVENT_HEADERS.occurredAt]);
      const work = async (tx: Tx) => {
        const fresh = await rows(
          tx,
          sql`insert into ${handled} (consumer, event_id) values (${options.name}, ${raw.id})
              on conflict do nothing returning event_id`,
        );
        if (fresh.length === 0) return;
        await options.handle(tx, {
          id: raw.id,
          subject: raw.subject,
          message: decodeEvent(type, raw) as MessageShape<D>,
          tenantId,
          requestId,
          occurredAt,
          logger: withRequestId(options.logger, requestId).child({ eventId: raw.id, subject: raw.subject }),
        });
      };
      await (tenantId ? options.db.withTenant(tenantId, work) : options.db.asSystem(work));
    },
  });
}
