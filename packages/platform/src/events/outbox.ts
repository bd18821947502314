import { randomUUID } from 'node:crypto';
import { create, type DescMessage, fromBinary, type MessageInitShape, toBinary } from '@bufbuild/protobuf';
import { sql } from 'drizzle-orm';
import type { Caller } from '../caller';
import type { Tx } from '../db/database';
import type { Migration } from '../db/migrate';
import { APP_ROLE, SYSTEM_ROLE } from '../db/roles';
import { type BusMessage, EVENT_HEADERS, type EventType } from './event-type';

/** Platform tables every service schema carries: its outbox and its consumers' handled-event records. */
export function platformMigrations(schema: string): Migration[] {
  return [
    {
      id: 'platform_0001_outbox',
      sql: `
create table ${schema}.outbox (
  seq bigserial primary key,
  id uuid not null unique,
  tenant_id uuid,
  subject text not null,
  payload bytea not null,
  headers jsonb not null default '{}',
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  published_at timestamptz
);
create index outbox_unpublished on ${schema}.outbox (seq) where published_at is null;
alter table ${schema}.outbox enable row level security;
alter table ${schema}.outbox force row level security;
create policy app_append on ${schema}.outbox for insert to ${APP_ROLE}
  with check (tenant_id is null or tenant_id = nullif(current_setting('fleet.tenant_id', true), '')::uuid);
create policy system_access on ${schema}.outbox to ${SYSTEM_ROLE} using (true) with check (true);

create table ${schema}.handled_events (
  consumer text not null,
  event_id uuid not null,
  handled_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
`,
    },
  ];
}

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
