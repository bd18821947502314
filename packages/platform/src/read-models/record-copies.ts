// A service's copies of another service's records (bookings' and billing's copies of masters'
// customers, duty types, companies…): kept from the owner's typed change events, and filled in from the
// owner's answer when a use case names a record no event has brought yet (just created, or older than
// the subscription). A use case never fails because an event is late, and never waits on the owner once
// a copy is here. Each copy keeps the record's own updated_at, so an older copy never replaces a newer.
//
// The copies live in the service's own `<schema>.master_copies` table (tenant_id, kind, id, name,
// is_active, data jsonb, updated_at; primary key (tenant_id, kind, id); fenced by row-level security).
import { type DescMessage, fromJson, type JsonValue, type MessageShape, toJson } from '@bufbuild/protobuf';
import { sql } from 'drizzle-orm';
import type { Caller } from '../caller';
import { type Database, idArray, rows, type Tx } from '../db/database';
import type { EventBus, Subscription } from '../events/bus';
import { startEventConsumer } from '../events/consumer';
import { defineEvent } from '../events/event-type';
import type { Logger } from '../logger';

/** What every copied record says of itself. */
export interface CopyFacts {
  id: string;
  name: string;
  isActive: boolean;
  updatedAt: Date;
}

/**
 * One kind of copied record: its message, the change event carrying it, how the owner's answer to "these
 * ids" (`A`) lists it, and what it says of itself.
 */
export interface CopiedKind<S extends DescMessage, E extends DescMessage, A> {
  schema: S;
  event: E;
  fromEvent(event: MessageShape<E>): MessageShape<S> | undefined;
  fromAnswer(answer: A): MessageShape<S>[];
  facts(record: MessageShape<S>): CopyFacts;
}

/** A table of kinds whose message types differ: each entry keeps its own exact types (its methods are bivariant). */
export type CopiedKinds<A> = Record<string, CopiedKind<DescMessage, DescMessage, A>>;

/** The typed record of a copied kind. */
export type CopyOf<K extends CopiedKinds<unknown>, N extends keyof K> = MessageShape<K[N]['schema']>;
/** Which records of which kinds a use case needs: `{ customer: [id], duty_type: [id] }`. */
export type CopyRequestOf<K extends CopiedKinds<unknown>> = { [N in keyof K]?: readonly string[] };
/** The copies found, by kind and id; an id the owner does not know (or not for this operator) is absent. */
export type CopiesOf<K extends CopiedKinds<unknown>> = { [N in keyof K]: Map<string, CopyOf<K, N>> };

const CHANGES = ['created', 'updated', 'deactivated', 'activated'] as const;

export interface RecordCopiesOptions<K extends CopiedKinds<A>, A> {
  /** The copying service (names its consumers) and the schema holding its master_copies table. */
  service: string;
  schema: string;
  /** The owner's subject prefix: `fleet.masters` for fleet.masters.<kind>.<change>. */
  subjects: string;
  kinds: K;
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** The owner's answer for records of a kind by id (ids empty: a singleton kind's one record). */
  fetch(kind: keyof K & string, ids: readonly string[], caller: Caller & { tenantId: string }): Promise<A>;
}

export interface RecordCopies<K extends CopiedKinds<unknown>> {
  /** Keeps the copies from the owner's events: one durable consumer per kind. */
  start(): Promise<Subscription[]>;
  /**
   * The copies a use case needs, asked for before its transaction opens: whatever is missing is fetched
   * from the owner (no transaction is held while it answers) and kept.
   */
  load(caller: Caller & { tenantId: string }, request: CopyRequestOf<K>): Promise<CopiesOf<K>>;
  /**
   * Every active copy of a kind the operator has (for kinds with a handful of records: companies and
   * their profiles), by name: what events have brought, nothing fetched.
   */
  loadAll<N extends keyof K & string>(
    caller: Caller & { tenantId: string },
    kind: N,
  ): Promise<CopyOf<K, N>[]>;
  /**
   * The names of records of a kind, by id, read from the copies' own column (no message is parsed):
   * for reports naming hundreds of customers. Ids without a copy are loaded as `load` does.
   */
  namesOf(
    caller: Caller & { tenantId: string },
    kind: keyof K & string,
    ids: readonly string[],
  ): Promise<Map<string, string>>;
  /** The one record of a singleton kind (an operator's settings), fetched when no copy is here yet. */
  loadOne<N extends keyof K & string>(
    caller: Caller & { tenantId: string },
    kind: N,
  ): Promise<CopyOf<K, N> | undefined>;
}

/** The most ids the owner of the records is asked for in one call (masters answers at most 100). */
export const FETCH_BATCH = 100;

export function createRecordCopies<K extends CopiedKinds<A>, A>(
  options: RecordCopiesOptions<K, A>,
): RecordCopies<K> {
  const { db, kinds } = options;
  const table = sql.raw(`${options.schema}.master_copies`);
  const names = Object.keys(kinds) as (keyof K & string)[];
  const definitionOf = <N extends keyof K & string>(kind: N): K[N] => {
    const definition = kinds[kind];
    if (!definition) throw new Error(`${options.service} keeps no copies of ${kind}.`);
    return definition;
  };

  async function save(tx: Tx, tenantId: string, kind: keyof K & string, record: MessageShape<DescMessage>) {
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

  // The kind's own schema parses it, so the record is that kind's message (TypeScript cannot follow K[N]).
  const parse = <N extends keyof K & string>(kind: N, data: JsonValue) =>
    fromJson(definitionOf(kind).schema, data, { ignoreUnknownFields: true }) as CopyOf<K, N>;

  const emptyCopies = () => Object.fromEntries(names.map((kind) => [kind, new Map()])) as CopiesOf<K>;

  // Ids cast inside the subquery: a cast of the whole array (uuid_in, not leakproof) keeps row-level
  // security from using the primary key, and every copy of the operator would be filtered instead.
  async function read(tx: Tx, request: CopyRequestOf<K>): Promise<CopiesOf<K>> {
    const copies = emptyCopies();
    for (const kind of names) {
      const ids = [...new Set(request[kind] ?? [])];
      if (ids.length === 0) continue;
      const found = await rows<{ id: string; data: JsonValue }>(
        tx,
        sql`select id, data from ${table}
            where kind = ${kind} and id = any(array(select e::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as e))`,
      );
      const into: Map<string, MessageShape<DescMessage>> = copies[kind];
      for (const row of found) into.set(row.id, parse(kind, row.data));
    }
    return copies;
  }

  async function keep(
    tenantId: string,
    fetched: { kind: keyof K & string; records: MessageShape<DescMessage>[] }[],
  ) {
    if (fetched.every(({ records }) => records.length === 0)) return;
    await db.withTenant(tenantId, async (tx) => {
      for (const { kind, records } of fetched) {
        for (const record of records) await save(tx, tenantId, kind, record);
      }
    });
  }

  const copies: RecordCopies<K> = {
    async start() {
      return Promise.all(
        names.map((kind) => {
          const definition = definitionOf(kind);
          return startEventConsumer({
            name: `${options.service}.master-copies.${kind}`,
            db,
            schema: options.schema,
            bus: options.bus,
            logger: options.logger,
            events: CHANGES.map((change) =>
              defineEvent(`${options.subjects}.${kind}.${change}`, definition.event),
            ),
            async handle(tx, event) {
              const record = definition.fromEvent(event.message);
              if (record && event.tenantId) await save(tx, event.tenantId, kind, record);
            },
          });
        }),
      );
    },

    async load(caller, request) {
      const copies = await db.read(caller.tenantId, (tx) => read(tx, request));
      const missing = names
        .map((kind) => ({
          kind,
          ids: [...new Set(request[kind] ?? [])].filter((id) => !copies[kind].has(id)),
        }))
        .filter(({ ids }) => ids.length > 0);
      if (missing.length === 0) return copies;
      // The owner answers at most FETCH_BATCH ids a call (masters' GetTypedRecords): more are asked in turns.
      const fetched = await Promise.all(
        missing.map(async ({ kind, ids }) => {
          const records: MessageShape<DescMessage>[] = [];
          for (let at = 0; at < ids.length; at += FETCH_BATCH) {
            const answer = await options.fetch(kind, ids.slice(at, at + FETCH_BATCH), caller);
            records.push(...definitionOf(kind).fromAnswer(answer));
          }
          return { kind, records };
        }),
      );
      await keep(caller.tenantId, fetched);
      for (const { kind, records } of fetched) {
        const into: Map<string, MessageShape<DescMessage>> = copies[kind];
        for (const record of records) into.set(definitionOf(kind).facts(record).id, record);
      }
      return copies;
    },

    async namesOf(caller, kind, ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const found = await db.read(caller.tenantId, (tx) =>
        rows<{ id: string; name: string }>(
          tx,
          sql`select id::text as id, name from ${table} where kind = ${kind} and id = any(${idArray(unique)})`,
        ),
      );
      const names = new Map(found.map((row) => [row.id, row.name]));
      const missing = unique.filter((id) => !names.has(id));
      if (missing.length > 0) {
        const request: CopyRequestOf<K> = {};
        Object.assign(request, { [kind]: missing });
        const loaded = await copies.load(caller, request);
        const records: Map<string, MessageShape<DescMessage>> = loaded[kind];
        for (const [id, record] of records) names.set(id, definitionOf(kind).facts(record).name);
      }
      return names;
    },

    async loadAll(caller, kind) {
      const found = await db.read(caller.tenantId, (tx) =>
        rows<{ data: JsonValue }>(
          tx,
          sql`select data from ${table} where kind = ${kind} and is_active order by name, id limit 1000`,
        ),
      );
      return found.map((row) => parse(kind, row.data));
    },

    async loadOne(caller, kind) {
      const [row] = await db.read(caller.tenantId, (tx) =>
        rows<{ data: JsonValue }>(
          tx,
          sql`select data from ${table} where kind = ${kind} order by updated_at desc limit 1`,
        ),
      );
      if (row) return parse(kind, row.data);
      const [record] = definitionOf(kind).fromAnswer(await options.fetch(kind, [], caller)) as CopyOf<
        K,
        typeof kind
      >[];
      if (record) await keep(caller.tenantId, [{ kind, records: [record] }]);
      return record;
    },
  };
  return copies;
}
