import { randomUUID } from 'node:crypto';
import { FieldViolationSchema } from '@fleet/proto/fleet/common/v1/common_pb';
import {
  createTestBus,
  createTestDatabase,
  quietLogger,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  createInProcessBus,
  createOutbox,
  createOutboxRelay,
  decodeEvent,
  defineEvent,
  type EventBus,
  migrate,
  platformMigrations,
  rows,
  startEventConsumer,
  tenantTable,
} from '../src';

const schema = 'outbox_probe';
const thingHappened = defineEvent('fleet.probe.thing.happened', FieldViolationSchema);
const migrations = [
  ...platformMigrations(schema),
  {
    id: '0001_seen',
    sql: `create table ${schema}.seen (tenant_id uuid not null, event_id uuid not null, field text not null,
            occurred_at timestamptz);
          ${tenantTable(`${schema}.seen`)}`,
  },
];
const logger = quietLogger('outbox-test');
const outbox = createOutbox(schema);

async function waitFor<T>(probe: () => Promise<T>, until: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each([
  ['NATS JetStream', 'jetstream'],
  ['the in-process bus', 'in-process'],
] as const)('transactional outbox over %s', (_name, kind) => {
  let database: TestDatabase;
  let testBus: TestBus | undefined;
  let bus: EventBus;
  const tenant = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db, schema, migrations);
    if (kind === 'jetstream') {
      testBus = await createTestBus();
      bus = testBus.bus;
    } else {
      bus = createInProcessBus();
    }
    await startEventConsumer({
      name: 'probe.seen',
      db: database.db,
      schema,
      bus,
      logger,
      events: [thingHappened],
      async handle(tx, event) {
        await tx.execute(
          sql`insert into outbox_probe.seen values (${event.tenantId!}, ${event.id}, ${event.message.field}, ${event.occurredAt ?? null})`,
        );
      },
    });
  });
  afterAll(async () => {
    await testBus?.close();
    if (kind === 'in-process') await bus.close();
    await database.drop();
  });

  const seen = (field: string) =>
    database.db.withTenant(tenant, (tx) =>
      rows<{ event_id: string }>(tx, sql`select event_id from outbox_probe.seen where field = ${field}`),
    );
  const commitEvent = (field: string) =>
    database.db.withTenant(tenant, (tx) =>
      outbox.enqueue(
        tx,
        thingHappened,
        { field, description: 'probe' },
        { requestId: 'r1', tenantId: tenant },
      ),
    );

  it('keeps a committed event until a relay publishes it, then delivers it once', async () => {
    const before = Date.now();
    const id = await commitEvent('stopped-relay');
    const committed = Date.now();
    // The process "died" after commit: no relay ran. Nothing is delivered, nothing is lost.
    await new Promise((r) => setTimeout(r, 300));
    expect(await seen('stopped-relay')).toEqual([]);

    const relay = createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 50 });
    relay.start();
    const delivered = await waitFor(
      () => seen('stopped-relay'),
      (r) => r.length > 0,
    );
    await relay.stop();
    expect(delivered).toEqual([{ event_id: id }]);
    // The handler is told when the change was recorded, not when the relay got round to it.
    const [occurred] = await database.db.withTenant(tenant, (tx) =>
      rows<{ occurred_at: Date }>(tx, sql`select occurred_at from outbox_probe.seen where event_id = ${id}`),
    );
    const at = new Date(occurred?.occurred_at ?? 0).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(committed);
  });

  it('delivers once in effect when a relay dies after publishing and before marking', async () => {
    const id = await commitEvent('crash-after-publish');
    const crashing = createOutboxRelay({
      db: database.db,
      schema,
      bus,
      logger,
      leaseSeconds: 0,
      beforeMarkPublished: async () => {
        throw new Error('process killed');
      },
    });
    await expect(crashing.drain()).rejects.toThrow('process killed');
    const [row] = await database.db.asSystem((tx) =>
      rows<{ published_at: Date | null }>(
        tx,
        sql`select published_at from outbox_probe.outbox where id = ${id}`,
      ),
    );
    expect(row?.published_at).toBeNull();

    const restarted = createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 50 });
    restarted.start();
    await waitFor(
      () =>
        database.db.asSystem((tx) =>
          rows(tx, sql`select 1 from outbox_probe.outbox where id = ${id} and published_at is not null`),
        ),
      (r) => r.length > 0,
    );
    await new Promise((r) => setTimeout(r, 500));
    await restarted.stop();
    expect(await seen('crash-after-publish')).toEqual([{ event_id: id }]);
  });

  it('is woken by a commit, and its own transactions wake no relay', async () => {
    let notified = 0;
    const stopCounting = database.db.onCommit(() => {
      notified += 1;
    });
    // Two relays polling often and one that only wakes on a commit: none of their polls notifies.
    const pollers = [1, 2].map(() => createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 20 }));
    const sleeper = createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 60_000 });
    for (const relay of [...pollers, sleeper]) relay.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(notified).toBe(0);
    for (const relay of pollers) await relay.stop();

    const id = await commitEvent('woken');
    expect(notified).toBe(1);
    const delivered = await waitFor(
      () => seen('woken'),
      (r) => r.length > 0,
      5_000,
    );
    await sleeper.stop();
    stopCounting();
    expect(delivered).toEqual([{ event_id: id }]);
  });

  it('carries the tenant and request id in event headers', async () => {
    const headers: Record<string, string>[] = [];
    const sub = await bus.subscribe({
      durable: `probe-headers-${randomUUID().slice(0, 8)}`,
      subjects: ['fleet.probe.>'],
      async deliver(message) {
        headers.push(message.headers);
      },
    });
    await commitEvent('headers');
    const relay = createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 50 });
    relay.start();
    await waitFor(
      async () => headers.length,
      (n) => n >= 3,
    );
    await relay.stop();
    await sub.stop();
    expect(headers.at(-1)).toMatchObject({ 'fleet-tenant-id': tenant, 'x-request-id': 'r1' });
  });

  it('records many events in one statement, published in the order given, each delivered once', async () => {
    const fields = Array.from({ length: 25 }, (_, i) => `bulk-${String(i).padStart(2, '0')}`);
    const order: string[] = [];
    const sub = await bus.subscribe({
      durable: `probe-bulk-${randomUUID().slice(0, 8)}`,
      subjects: ['fleet.probe.>'],
      async deliver(message) {
        const field = decodeEvent(thingHappened, message).field;
        if (field.startsWith('bulk-')) order.push(field);
      },
    });
    const ids = await database.db.withTenant(tenant, (tx) =>
      outbox.enqueueAll(
        tx,
        thingHappened,
        fields.map((field) => ({ field, description: 'probe' })),
        { requestId: 'r2', tenantId: tenant },
      ),
    );
    expect(new Set(ids).size).toBe(25);
    const relay = createOutboxRelay({ db: database.db, schema, bus, logger, idleMs: 50, batchSize: 10 });
    relay.start();
    await waitFor(
      async () => order.length,
      (n) => n >= 25,
    );
    await relay.stop();
    await sub.stop();
    expect(order).toEqual(fields);
    const delivered = await waitFor(
      () => Promise.all(fields.map((field) => seen(field))),
      (r) => r.every((row) => row.length > 0),
    );
    expect(delivered.map((r) => r.map((row) => row.event_id))).toEqual(ids.map((id) => [id]));
  });
});
