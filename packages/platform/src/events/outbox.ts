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
}

export function createOutbox(schema: string): Outbox {
  const table = sql.raw(`${schema}.outbox`);
  return {
    async enqueue(tx, event, value, context) {
      const id = randomUUID();
      const payload = toBinary(event.schema, create(event.schema, value));
      const headers = {
        [EVENT_HEADERS.type]: event.schema.typeName,
        [EVENT_HEADERS.requestId]: context.requestId,
        [EVENT_HEADERS.occurredAt]: new Date().toISOString(),
        ...(context.tenantId ? { [EVENT_HEADERS.tenantId]: context.tenantId } : {}),
      };
      await tx.execute(
        sql`insert into ${table} (id, tenant_id, subject, payload, headers)
            values (${id}, ${context.tenantId ?? null}, ${event.subject}, ${Buffer.from(payload)}, ${JSON.stringify(headers)}::jsonb)`,
      );
      return id;
    },
  };
}

export function decodeEvent<D extends DescMessage>(event: EventType<D>, message: BusMessage) {
  return fromBinary(event.schema, message.data);
}
