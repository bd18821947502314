import { randomUUID } from 'node:crypto';
import { create, type DescMessage, fromBinary, type MessageInitShape, toBinary } from '@bufbuild/protobuf';
import { sql } from 'drizzle-orm';
import type { Caller } from '../caller';
import type { Tx } from '../db/database';
import { type BusMessage, EVENT_HEADERS, type EventType } from './event-type';

export interface Outbox {
  /** Records an event in the same transaction as the change it describes. */
  enqueue<D extends DescMessage>(
    tx: Tx,
    event: EventType<D>,
    value: MessageInitShape<D>,
    context: Pick<Caller, 'requestId' | 'tenantId'>,
  ): Promise<string>;
  /**
   * Records many events of one type in one statement, in the order given (the relay publishes them in
   * that order): a bulk change's events cost one round trip, not one each.
   */
  enqueueAll<D extends DescMessage>(
    tx: Tx,
    event: EventType<D>,
    values: readonly MessageInitShape<D>[],
    context: Pick<Caller, 'requestId' | 'tenantId'>,
  ): Promise<string[]>;
}

const headersOf = (event: EventType<DescMessage>, context: Pick<Caller, 'requestId' | 'tenantId'>) => ({
  [EVENT_HEADERS.type]: event.schema.typeName,
  [EVENT_HEADERS.requestId]: context.requestId,
  [EVENT_HEADERS.occurredAt]: new Date().toISOString(),
  ...(context.tenantId ? { [EVENT_HEADERS.tenantId]: context.tenantId } : {}),
});

export function createOutbox(schema: string): Outbox {
  const table = sql.raw(`${schema}.outbox`);
  return {
    async enqueue(tx, event, value, context) {
      const id = randomUUID();
      const payload = toBinary(event.schema, create(event.schema, value));
      const headers = headersOf(event, context);
      await tx.execute(
        sql`insert into ${table} (id, tenant_id, subject, payload, headers)
            values (${id}, ${context.tenantId ?? null}, ${event.subject}, ${Buffer.from(payload)}, ${JSON.stringify(headers)}::jsonb)`,
      );
      return id;
    },

    async enqueueAll(tx, event, values, context) {
      if (values.length === 0) return [];
      const headers = headersOf(event, context);
      const events = values.map((value) => ({
        id: randomUUID(),
        payload: Buffer.from(toBinary(event.schema, create(event.schema, value))).toString('base64'),
      }));
      await tx.execute(
        sql`insert into ${table} (id, tenant_id, subject, payload, headers)
            select (e->>'id')::uuid, ${context.tenantId ?? null}::uuid, ${event.subject},
              decode(e->>'payload', 'base64'), ${JSON.stringify(headers)}::jsonb
            from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x(e, n)
            order by n`,
      );
      return events.map((e) => e.id);
    },
  };
}

export function decodeEvent<D extends DescMessage>(event: EventType<D>, message: BusMessage) {
  return fromBinary(event.schema, message.data);
}
