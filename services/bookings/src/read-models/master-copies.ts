// Bookings' copies of the masters it reads (customers, suppliers, vehicles, drivers, duty types, rate
// cards): kept from masters' typed events, and filled in from masters' GetTypedRecords when a booking
// names a record no event has brought yet (just created, or older than this service's subscription).
// A booking is never refused because an event is late, and never waits on masters once a copy is here.
// Each copy keeps the record's own updated_at, so an older copy never replaces a newer one.
import { type DescMessage, fromJson, type JsonValue, type MessageShape, toJson } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import {
  type Caller,
  callAs,
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  rows,
  type Subscription,
  startEventConsumer,
  type Tx,
} from '@fleet/platform';
import {
  type Connection,
  type Customer,
  CustomerSchema,
  type Supplier,
  SupplierSchema,
} from '@fleet/proto/fleet/masters/v1/connection_pb';
import { DriverSchema } from '@fleet/proto/fleet/masters/v1/driver_pb';
import { DutyTypeSchema } from '@fleet/proto/fleet/masters/v1/duty_type_pb';
import {
  CustomerChangedSchema,
  DriverChangedSchema,
  DutyTypeChangedSchema,
  RateCardChangedSchema,
  SupplierChangedSchema,
  VehicleChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import type {
  GetTypedRecordsResponse,
  MastersService,
} from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { RateCardSchema } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { VehicleSchema } from '@fleet/proto/fleet/masters/v1/vehicle_pb';
import { sql } from 'drizzle-orm';
import { SCHEMA } from '../storage/migrations';

/** What every copied record says of itself. */
interface Facts {
  id: string;
  name: string;
  isActive: boolean;
  updatedAt: Date;
}

interface CopiedKind<S extends DescMessage, E extends DescMessage> {
  schema: S;
  event: E;
  fromEvent(event: MessageShape<E>): MessageShape<S> | undefined;
  fromAnswer(answer: GetTypedRecordsResponse): MessageShape<S>[];
  facts(record: MessageShape<S>): Facts;
}

const copied = <S extends DescMessage, E extends DescMessage>(kind: CopiedKind<S, E>) => kind;

const at = (stamp: Timestamp | undefined) => (stamp ? timestampDate(stamp) : new Date(0));
const ofConnection = (c: Connection | undefined): Facts => ({
  id: c?.id ?? '',
  name: c?.name ?? '',
  isActive: c?.isActive ?? false,
  updatedAt: at(c?.updatedAt),
});

export const COPIED_KINDS = {
  vehicle: copied({
    schema: VehicleSchema,
    event: VehicleChangedSchema,
    fromEvent: (e) => e.vehicle,
    fromAnswer: (a) => a.vehicles,
    facts: (v) => ({ id: v.id, name: v.vehicleNo, isActive: v.isActive, updatedAt: at(v.updatedAt) }),
  }),
  driver: copied({
    schema: DriverSchema,
    event: DriverChangedSchema,
    fromEvent: (e) => e.driver,
    fromAnswer: (a) => a.drivers,
    facts: (d) => ({ id: d.id, name: d.name, isActive: d.isActive, updatedAt: at(d.updatedAt) }),
  }),
  customer: copied({
    schema: CustomerSchema,
    event: CustomerChangedSchema,
    fromEvent: (e) => e.customer,
    fromAnswer: (a) => a.customers,
    facts: (c: Customer) => ofConnection(c.connection),
  }),
  supplier: copied({
    schema: SupplierSchema,
    event: SupplierChangedSchema,
    fromEvent: (e) => e.supplier,
    fromAnswer: (a) => a.suppliers,
    facts: (s: Supplier) => ofConnection(s.connection),
  }),
  duty_type: copied({
    schema: DutyTypeSchema,
    event: DutyTypeChangedSchema,
    fromEvent: (e) => e.dutyType,
    fromAnswer: (a) => a.dutyTypes,
    facts: (d) => ({ id: d.id, name: d.name, isActive: d.isActive, updatedAt: at(d.updatedAt) }),
  }),
  rate_card: copied({
    schema: RateCardSchema,
    event: RateCardChangedSchema,
    fromEvent: (e) => e.rateCard,
    fromAnswer: (a) => a.rateCards,
    facts: (r) => ({ id: r.id, name: r.name, isActive: r.isActive, updatedAt: at(r.updatedAt) }),
  }),
};

export type CopiedKindName = keyof typeof COPIED_KINDS;
/** The typed record of a copied kind: `Copy<'vehicle'>` is masters' Vehicle message. */
export type Copy<K extends CopiedKindName> = MessageShape<(typeof COPIED_KINDS)[K]['schema']>;

/** Which records of which kinds a use case needs: `{ customer: [id], duty_type: [id] }`. */
export type CopyRequest = { [K in CopiedKindName]?: readonly string[] };
/** The copies found, by kind and id; an id masters does not know (or not for this operator) is absent. */
export type Copies = { [K in CopiedKindName]: Map<string, Copy<K>> };

const CHANGES = ['created', 'updated', 'deactivated', 'activated'] as const;
const table = sql.raw(`${SCHEMA}.master_copies`);

/** A kind's definition, read without its own message types (what storage handles). */
const definitionOf = (kind: CopiedKindName): CopiedKind<DescMessage, DescMessage> => COPIED_KINDS[kind];

async function save(tx: Tx, tenantId: string, kind: CopiedKindName, record: MessageShape<DescMessage>) {
  const definition = definitionOf(kind);
  const facts = definition.facts(record);
  const data = JSON.stringify(toJson(definition.schema, record));
  await tx.execute(sql`
    insert into ${table} (tenant_id, kind, id, name, is_active, data, updated_at)
    values (${tenantId}, ${kind}, ${facts.id}, ${facts.name}, ${facts.isActive}, ${data}::jsonb, ${facts.updatedAt})
    on conflict (tenant_id, kind, id) do update
      set name = excluded.name, is_active = excluded.is_active, data = excluded.data, updated_at = excluded.updated_at
      where ${table}.updated_at <= excluded.updated_at`);
}

async function read(tx: Tx, request: CopyRequest): Promise<Copies> {
  const copies = emptyCopies();
  for (const kind of Object.keys(request) as CopiedKindName[]) {
    const ids = [...new Set(request[kind] ?? [])];
    if (ids.length === 0) continue;
    const found = await rows<{ id: string; data: JsonValue }>(
      tx,
      sql`select id, data from ${table}
          where kind = ${kind} and id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid[])`,
    );
    const definition = definitionOf(kind);
    const into: Map<string, MessageShape<DescMessage>> = copies[kind];
    for (const row of found)
      into.set(row.id, fromJson(definition.schema, row.data, { ignoreUnknownFields: true }));
  }
  return copies;
}

const emptyCopies = (): Copies => ({
  vehicle: new Map(),
  driver: new Map(),
  customer: new Map(),
  supplier: new Map(),
  duty_type: new Map(),
  rate_card: new Map(),
});

export interface MasterCopiesDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}

export function createMasterCopies(deps: MasterCopiesDeps) {
  const { db } = deps;
  return {
    /** Keeps the copies from masters' events: one durable consumer per kind. */
    async start(): Promise<Subscription[]> {
      return Promise.all(
        (Object.keys(COPIED_KINDS) as CopiedKindName[]).map((kind) => {
          const definition = definitionOf(kind);
          return startEventConsumer({
            name: `bookings.master-copies.${kind}`,
            db,
            schema: SCHEMA,
            bus: deps.bus,
            logger: deps.logger,
            events: CHANGES.map((change) => defineEvent(`fleet.masters.${kind}.${change}`, definition.event)),
            async handle(tx, event) {
              const record = definition.fromEvent(event.message);
              if (record && event.tenantId) await save(tx, event.tenantId, kind, record);
            },
          });
        }),
      );
    },

    /**
     * The copies a use case needs, asked for before its transaction opens: whatever is missing is
     * fetched from masters (no transaction is held while it answers) and kept.
     */
    async load(caller: Caller & { tenantId: string }, request: CopyRequest): Promise<Copies> {
      const copies = await db.read(caller.tenantId, (tx) => read(tx, request));
      const missing = (Object.keys(request) as CopiedKindName[])
        .map((kind) => ({
          kind,
          ids: [...new Set(request[kind] ?? [])].filter((id) => !copies[kind].has(id)),
        }))
        .filter(({ ids }) => ids.length > 0);
      if (missing.length === 0) return copies;
      const fetched = await Promise.all(
        missing.map(async ({ kind, ids }) => {
          const answer = await deps.masters.getTypedRecords({ kind, ids }, callAs(caller));
          return { kind, records: definitionOf(kind).fromAnswer(answer) };
        }),
      );
      await db.withTenant(caller.tenantId, async (tx) => {
        for (const { kind, records } of fetched) {
          for (const record of records) await save(tx, caller.tenantId, kind, record);
        }
      });
      for (const { kind, records } of fetched) {
        const into: Map<string, MessageShape<DescMessage>> = copies[kind];
        for (const record of records) into.set(definitionOf(kind).facts(record).id, record);
      }
      return copies;
    },
  };
}

export type MasterCopies = ReturnType<typeof createMasterCopies>;
