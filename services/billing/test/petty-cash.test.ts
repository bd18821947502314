// Petty cash against a real PostgreSQL through billing's gRPC routes: a month's cash moving between the
// box and the people who hold it, edits and voids moving it back, vouchers numbered under concurrency,
// the refusals a cash book needs (paying out more than the box holds, a person returning more than they
// hold), row-level security and each procedure without its permission — and, by property, no sequence
// of entries, edits and voids leaves the balance or a holding disagreeing with the ledger of the live
// entries kept here.
import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import type { PettyCashEntry, PettyCashEntryInputSchema } from '@fleet/proto/fleet/billing/v1/petty_cash_pb';
import { expectDomainError } from '@fleet/testing';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type BillingHarness, bootBilling, type OperatorMasters, operatorMasters } from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;
let driverId: string;

type EntryInput = MessageInitShape<typeof PettyCashEntryInputSchema>;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
  driverId = await m.create('driver', {
    name: 'Sunil Pawar',
    phone: '+919822000111',
    email: 'sunil@example.com',
  });
}, 60_000);
afterAll(() => h?.close());

const all = Object.values(PERMISSION);
const staff = (tenantId = T) => callAs(h.callerFor(tenantId, all));
const without = (permission: string) =>
  callAs(
    h.callerFor(
      T,
      all.filter((p) => p !== permission),
    ),
  );

async function failsWith(call: Promise<unknown>, code: string, field?: string) {
  const error = await expectDomainError(call);
  expect([error.code, error.message]).toEqual([code, expect.any(String)]);
  if (field) expect(error.fieldViolations.map((v) => v.field)).toEqual([field]);
  return error;
}

/** An entry's facts as typed again, to edit it. */
const inputOf = (e: PettyCashEntry): EntryInput => ({
  entryDate: e.entryDate,
  kind: e.kind,
  amount: e.amount,
  category: e.category,
  driverId: e.driverId,
  personName: e.personName,
  personPhone: e.personPhone,
  personEmail: e.personEmail,
  bookingNo: e.bookingNo,
  vehicleNo: e.vehicleNo,
  paymentMode: e.paymentMode,
  notes: e.notes,
});

const record = async (entry: EntryInput, caller = staff()) =>
  (await h.client.recordPettyCash({ entry }, caller)).entry!;
const summary = (tenantId = T) => h.client.getPettyCashSummary({}, staff(tenantId));

it('keeps a morning of the cash book: cash drawn, an advance, the driver’s spends, the change returned', async () => {
  const drawn = await record({
    kind: 'RECEIVED',
    amount: '20000',
    category: 'CASH_DEPOSIT',
    notes: 'From HDFC',
  });
  expect(drawn).toMatchObject({
    voucherNo: 'PC/26-27/0001',
    entryDate: '2026-11-24',
    companyId: m.company,
    paymentMode: 'CASH',
    amount: '20000.00',
  });
  const advance = await record({
    kind: 'GIVEN',
    amount: '3000',
    category: 'DRIVER_ADVANCE',
    driverId,
    bookingNo: '1042',
    vehicleNo: 'MH12AB1001',
  });
  // The driver master fills the person.
  expect(advance).toMatchObject({
    personName: 'Sunil Pawar',
    personPhone: '+919822000111',
    personEmail: 'sunil@example.com',
    personKey: `driver:${driverId}`,
  });
  await record({ kind: 'SPENT', amount: '2150.50', category: 'FUEL', driverId });
  await record({ kind: 'SPENT', amount: '180', category: 'TOLL_PARKING', driverId });
  await record({ kind: 'RETURNED', amount: '600', category: 'DRIVER_ADVANCE', driverId });
  await record({ kind: 'SPENT', amount: '120', category: 'FOOD', notes: 'Tea for the office' });
  const now = await summary();
  // 20,000 − 3,000 + 600 − 120 in the box; 3,000 − 2,150.50 − 180 − 600 with Sunil.
  expect([now.balance, now.boxes.map((b) => [b.companyName, b.balance])]).toEqual([
    '17480.00',
    [['Konkan Cabs Pvt Ltd', '17480.00']],
  ]);
  expect(now.holders.map((p) => [p.personName, p.held])).toEqual([['Sunil Pawar', '69.50']]);
  const { held } = await h.client.getPettyCash({ id: advance.id }, staff());
  expect(held).toBe('69.50');
});

it('refuses what a cash box cannot do, naming the field and changing nothing', async () => {
  const before = await summary();
  await failsWith(
    record({ kind: 'GIVEN', amount: '1000000', category: 'EMPLOYEE_FLOAT', personName: 'Asha' }),
    'INVALID_ARGUMENT',
    'amount',
  );
  await failsWith(
    record({ kind: 'RETURNED', amount: '70', category: 'DRIVER_ADVANCE', driverId }),
    'INVALID_ARGUMENT',
    'amount',
  );
  await failsWith(
    record({ kind: 'GIVEN', amount: '10', category: 'DRIVER_ADVANCE' }),
    'INVALID_ARGUMENT',
    'personName',
  );
  await failsWith(
    record({ kind: 'SPENT', amount: '10.001', category: 'FOOD' }),
    'INVALID_ARGUMENT',
    'amount',
  );
  await failsWith(record({ kind: 'SPENT', amount: '-5', category: 'FOOD' }), 'INVALID_ARGUMENT', 'amount');
  await failsWith(record({ kind: 'TAKEN', amount: '5', category: 'FOOD' }), 'INVALID_ARGUMENT', 'kind');
  await failsWith(record({ kind: 'SPENT', amount: '5', category: 'SNACKS' }), 'INVALID_ARGUMENT', 'category');
  await failsWith(
    record({ kind: 'SPENT', amount: '5', category: 'FOOD', notes: 'a\0b' }),
    'INVALID_ARGUMENT',
    'entry.notes',
  );
  await failsWith(
    record({ kind: 'SPENT', amount: '5', category: 'FOOD', personName: 'Asha', personPhone: '98220' }),
    'INVALID_ARGUMENT',
    'personPhone',
  );
  await failsWith(
    record({ kind: 'SPENT', amount: '5', category: 'FOOD', driverId: randomUUID() }),
    'INVALID_ARGUMENT',
    'driverId',
  );
  await failsWith(
    record({ kind: 'SPENT', amount: '5', category: 'FOOD', entryDate: '24/11/2026' }),
    'INVALID_ARGUMENT',
    'entryDate',
  );
  await failsWith(h.client.getPettyCash({ id: 'nope' }, staff()), 'INVALID_ARGUMENT', 'id');
  await failsWith(h.client.listPettyCash({ kinds: ['LOST'] }, staff()), 'INVALID_ARGUMENT', 'kinds');
  await failsWith(h.client.listPettyCash({ page: { cursor: 'garbage' } }, staff()), 'INVALID_ARGUMENT');
  expect(await summary()).toEqual(before);
});

it('edits an entry and voids one, moving the cash back, and keeps the voided one in the book', async () => {
  const float = await record({
    kind: 'GIVEN',
    amount: '500',
    category: 'EMPLOYEE_FLOAT',
    personName: 'Asha Rao',
    personPhone: '+919800000001',
  });
  const balance = new Decimal((await summary()).balance);
  const edited = (
    await h.client.updatePettyCash(
      {
        id: float.id,
        expectedVersion: float.version,
        entry: {
          ...inputOf(float),
          amount: '800',
          driverId: '',
          personName: 'Asha Rao',
          personPhone: '+919800000001',
        },
      },
      staff(),
    )
  ).entry!;
  expect([edited.amount, edited.voucherNo, edited.version]).toEqual([
    '800.00',
    float.voucherNo,
    float.version + 1,
  ]);
  expect((await summary()).balance).toBe(balance.minus(300).toFixed(2));
  await failsWith(
    h.client.updatePettyCash(
      { id: float.id, expectedVersion: float.version, entry: { ...inputOf(float), driverId: '' } },
      staff(),
    ),
    'FAILED_PRECONDITION',
  );
  await failsWith(
    h.client.voidPettyCash({ id: float.id, reason: '' }, staff()),
    'INVALID_ARGUMENT',
    'reason',
  );
  const voided = (await h.client.voidPettyCash({ id: float.id, reason: 'Asha did not go' }, staff())).entry!;
  expect([voided.isVoided, voided.voidReason]).toEqual([true, 'Asha did not go']);
  const after = await summary();
  expect(after.balance).toBe(balance.plus(500).toFixed(2));
  expect(after.holders.some((p) => p.personName === 'Asha Rao')).toBe(false);
  await failsWith(h.client.voidPettyCash({ id: float.id, reason: 'again' }, staff()), 'FAILED_PRECONDITION');
  const book = await h.client.listPettyCash({ includeVoided: true, search: 'asha' }, staff());
  expect(book.entries.map((e) => [e.voucherNo, e.isVoided])).toEqual([[float.voucherNo, true]]);
  const live = await h.client.listPettyCash({ search: 'asha' }, staff());
  expect(live.entries).toEqual([]);
});

it('lets whoever only adds petty cash void their own entry of the day, and no other', async () => {
  const userId = randomUUID();
  const adder = callAs({
    ...h.callerFor(T, [PERMISSION.view_petty_cash, PERMISSION.add_petty_cash]),
    userId,
  });
  const mine = await record({ kind: 'SPENT', amount: '40', category: 'OFFICE', notes: 'Pens' }, adder);
  const theirs = await record({ kind: 'SPENT', amount: '30', category: 'OFFICE' });
  await failsWith(h.client.voidPettyCash({ id: theirs.id, reason: 'Wrong' }, adder), 'PERMISSION_DENIED');
  await failsWith(
    h.client.updatePettyCash({ id: mine.id, entry: { ...inputOf(mine), amount: '45', driverId: '' } }, adder),
    'PERMISSION_DENIED',
  );
  const voided = (await h.client.voidPettyCash({ id: mine.id, reason: 'Typed twice' }, adder)).entry!;
  expect(voided.isVoided).toBe(true);
});

it('filters the cash book by kind, category, person and dates, and pages it newest first', async () => {
  const tenant = randomUUID();
  await operatorMasters(h, tenant);
  const caller = staff(tenant);
  const on = (entryDate: string, entry: EntryInput) =>
    h.client.recordPettyCash({ entry: { ...entry, entryDate } }, caller);
  await on('2026-11-01', { kind: 'RECEIVED', amount: '10000', category: 'CASH_DEPOSIT' });
  for (let day = 2; day <= 9; day += 1) {
    await on(`2026-11-0${day}`, {
      kind: 'GIVEN',
      amount: '100',
      category: 'DRIVER_ADVANCE',
      personName: 'Manoj',
    });
    await on(`2026-11-0${day}`, {
      kind: 'SPENT',
      amount: '25',
      category: 'TOLL_PARKING',
      personName: 'Manoj',
    });
  }
  const seen: string[] = [];
  let cursor = '';
  do {
    const page = await h.client.listPettyCash({ page: { limit: 5, cursor } }, caller);
    seen.push(...page.entries.map((e) => `${e.entryDate} ${e.kind}`));
    cursor = page.page?.nextCursor ?? '';
  } while (cursor);
  expect(seen).toHaveLength(17);
  // Newest first, and within a day the later entry first.
  expect(seen.slice(0, 2)).toEqual(['2026-11-09 SPENT', '2026-11-09 GIVEN']);
  expect(seen.at(-1)).toBe('2026-11-01 RECEIVED');
  const tolls = await h.client.listPettyCash(
    { categories: ['TOLL_PARKING'], dateFrom: '2026-11-03', dateTo: '2026-11-05' },
    caller,
  );
  expect(tolls.entries.map((e) => e.entryDate)).toEqual(['2026-11-05', '2026-11-04', '2026-11-03']);
  const given = await h.client.listPettyCash({ kinds: ['GIVEN'], page: { limit: 100 } }, caller);
  expect(given.entries).toHaveLength(8);
  const personKey = given.entries[0]!.personKey;
  const manoj = await h.client.listPettyCash({ personKey, page: { limit: 100 } }, caller);
  expect(manoj.entries).toHaveLength(16);
  const s = await summary(tenant);
  expect([s.balance, s.holders.map((p) => [p.personName, p.held])]).toEqual([
    '9200.00',
    [['Manoj', '600.00']],
  ]);
});

it('numbers vouchers consecutively in each company’s series when many record at once', async () => {
  const tenant = randomUUID();
  await operatorMasters(h, tenant);
  const caller = staff(tenant);
  await h.client.recordPettyCash(
    { entry: { kind: 'RECEIVED', amount: '100000', category: 'CASH_DEPOSIT' } },
    caller,
  );
  const made = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      h.client.recordPettyCash(
        {
          entry: { kind: 'GIVEN', amount: '1000', category: 'DRIVER_ADVANCE', personName: `Driver ${i % 3}` },
        },
        caller,
      ),
    ),
  );
  const numbers = made.map((r) => r.entry!.voucherNo).sort();
  expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `PC/26-27/${String(i + 2).padStart(4, '0')}`));
  expect((await summary(tenant)).balance).toBe('80000.00');
  // A box of ₹500 asked for eight ₹100 advances at once pays out five, never more than it holds.
  const small = randomUUID();
  await operatorMasters(h, small);
  await h.client.recordPettyCash(
    { entry: { kind: 'RECEIVED', amount: '500', category: 'CASH_DEPOSIT' } },
    staff(small),
  );
  const tries = await Promise.allSettled(
    Array.from({ length: 8 }, () =>
      h.client.recordPettyCash({ entry: { kind: 'SPENT', amount: '100', category: 'OFFICE' } }, staff(small)),
    ),
  );
  expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(5);
  expect((await summary(small)).balance).toBe('0.00');
}, 60_000);

it('keeps each operator’s petty cash its own', async () => {
  const other = randomUUID();
  const theirs = await h.client.listPettyCash({}, staff(other));
  expect(theirs.entries).toEqual([]);
  expect((await summary(other)).holders).toEqual([]);
  const mine = (await h.client.listPettyCash({ page: { limit: 1 } }, staff())).entries[0]!;
  expect(mine.id).toBeTruthy();
  await failsWith(h.client.getPettyCash({ id: mine.id }, staff(other)), 'NOT_FOUND');
  await failsWith(h.client.voidPettyCash({ id: mine.id, reason: 'x' }, staff(other)), 'NOT_FOUND');
  await failsWith(h.client.sendPettyCashInfo({ id: mine.id, sms: true }, staff(other)), 'NOT_FOUND');
  // Under the app's role, the tables show one operator's rows only.
  const count = (tenantId: string) =>
    h.database.db.withTenant(tenantId, (tx) =>
      rows<{ entries: number; holdings: number }>(
        tx,
        sql`select (select count(*) from billing.petty_cash_entries)::int as entries,
          (select count(*) from billing.petty_cash_holdings)::int as holdings`,
      ),
    );
  expect(await count(other)).toEqual([{ entries: 0, holdings: 0 }]);
  const [ours] = await count(T);
  expect(ours!.entries).toBeGreaterThan(0);
  expect(ours!.holdings).toBeGreaterThan(0);
});

it('sends an entry to its person, by the channels they can be reached on', async () => {
  const advance = await record({ kind: 'GIVEN', amount: '50', category: 'DRIVER_ADVANCE', driverId });
  const sent = (await h.client.sendPettyCashInfo({ id: advance.id, sms: true, email: true }, staff())).entry!;
  expect(sent.lastSentAt).toBeDefined();
  const events = await h.database.db.asOwner((tx) =>
    rows<{ subject: string }>(
      tx,
      sql`select subject from billing.outbox where subject = 'fleet.billing.petty_cash.sent'`,
    ),
  );
  expect(events.length).toBeGreaterThan(0);
  const counter = await record({ kind: 'SPENT', amount: '10', category: 'FOOD' });
  await failsWith(h.client.sendPettyCashInfo({ id: counter.id, sms: true }, staff()), 'FAILED_PRECONDITION');
  await failsWith(h.client.sendPettyCashInfo({ id: advance.id }, staff()), 'INVALID_ARGUMENT', 'sms');
  const noEmail = await record({
    kind: 'GIVEN',
    amount: '5',
    category: 'EMPLOYEE_FLOAT',
    personName: 'Office boy',
  });
  await failsWith(
    h.client.sendPettyCashInfo({ id: noEmail.id, email: true }, staff()),
    'INVALID_ARGUMENT',
    'email',
  );
});

it('asks each procedure’s permission', async () => {
  const entry = await record({ kind: 'SPENT', amount: '1', category: 'OTHER' });
  const denied = (call: Promise<unknown>) => failsWith(call, 'PERMISSION_DENIED');
  await denied(h.client.listPettyCash({}, without(PERMISSION.view_petty_cash)));
  await denied(h.client.getPettyCash({ id: entry.id }, without(PERMISSION.view_petty_cash)));
  await denied(h.client.getPettyCashSummary({}, without(PERMISSION.view_petty_cash)));
  await denied(
    h.client.recordPettyCash(
      { entry: { kind: 'SPENT', amount: '1', category: 'OTHER' } },
      without(PERMISSION.add_petty_cash),
    ),
  );
  await denied(
    h.client.updatePettyCash(
      { id: entry.id, entry: { ...inputOf(entry), driverId: '' } },
      without(PERMISSION.manage_petty_cash),
    ),
  );
  await denied(h.client.voidPettyCash({ id: entry.id, reason: 'x' }, without(PERMISSION.add_petty_cash)));
  await denied(
    h.client.sendPettyCashInfo({ id: entry.id, sms: true }, without(PERMISSION.send_petty_cash_info)),
  );
});

it('agrees with the ledger of the live entries to the paisa after any entries, edits and voids', async () => {
  const tenant = randomUUID();
  await operatorMasters(h, tenant);
  const caller = staff(tenant);
  const people = ['', 'Ravi', 'Meena'];
  const paise = fc.integer({ min: 1, max: 500_000 }).map((p) => new Decimal(p).div(100).toFixed(2));
  const movement = fc.record({
    kind: fc.constantFrom('RECEIVED', 'GIVEN', 'RETURNED', 'SPENT'),
    amount: paise,
    person: fc.nat(2),
  });
  const step = fc.oneof(
    fc.record({ op: fc.constant('add' as const), entry: movement }),
    fc.record({ op: fc.constant('edit' as const), which: fc.nat(50), entry: movement }),
    fc.record({ op: fc.constant('void' as const), which: fc.nat(50) }),
  );
  const live = new Map<string, { kind: string; amount: string; person: string; version: number }>();
  const input = (e: { kind: string; amount: string; person: number }): EntryInput => ({
    kind: e.kind,
    amount: e.amount,
    category: 'OTHER',
    personName: e.kind === 'GIVEN' || e.kind === 'RETURNED' ? people[e.person] || 'Ravi' : people[e.person],
  });
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
      for (const s of steps) {
        const ids = [...live.keys()];
        try {
          if (s.op === 'add') {
            const made = (await h.client.recordPettyCash({ entry: input(s.entry) }, caller)).entry!;
            live.set(made.id, {
              kind: made.kind,
              amount: made.amount,
              person: made.personName,
              version: made.version,
            });
          } else if (ids.length > 0) {
            const id = ids[s.which % ids.length]!;
            if (s.op === 'edit') {
              const made = (
                await h.client.updatePettyCash(
                  { id, entry: input(s.entry), expectedVersion: live.get(id)!.version },
                  caller,
                )
              ).entry!;
              live.set(id, {
                kind: made.kind,
                amount: made.amount,
                person: made.personName,
                version: made.version,
              });
            } else {
              await h.client.voidPettyCash({ id, reason: 'Property step' }, caller);
              live.delete(id);
            }
          }
        } catch (error) {
          // A refusal (the box or a person short) changes nothing; anything else fails the property.
          const refused = await failsWith(Promise.reject(error), 'INVALID_ARGUMENT', 'amount');
          expect(refused.message).toMatch(/holds/);
        }
      }
      let box = new Decimal(0);
      const held = new Map<string, Decimal>();
      for (const e of live.values()) {
        const amount = new Decimal(e.amount);
        const add = (who: string, by: Decimal) => held.set(who, (held.get(who) ?? new Decimal(0)).plus(by));
        if (e.kind === 'RECEIVED') box = box.plus(amount);
        else if (e.kind === 'GIVEN') {
          box = box.minus(amount);
          add(e.person, amount);
        } else if (e.kind === 'RETURNED') {
          box = box.plus(amount);
          add(e.person, amount.neg());
        } else if (e.person) add(e.person, amount.neg());
        else box = box.minus(amount);
      }
      const s = await summary(tenant);
      expect(s.balance).toBe(box.toFixed(2));
      const holding = [...held].filter(([, v]) => v.gt(0)).map(([who, v]) => [who, v.toFixed(2)]);
      expect(s.holders.map((p) => [p.personName, p.held]).sort()).toEqual(holding.sort());
    }),
    { numRuns: 10 },
  );
}, 180_000);
