// The demo seeding against the real identity and masters modules (real PostgreSQL and JetStream), assembled
// as `npm start` assembles them: the counts come back through the masters service's own list calls.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { decodeListPage, financialYearOf, isGstin, masterOf, operatorDate } from '@fleet/domain';
import { gatewayConfigSchema } from '@fleet/gateway';
import {
  anonymousCaller,
  type Caller,
  callAs,
  createCallerCodec,
  createLogger,
  loadConfig,
} from '@fleet/platform';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import {
  createTestBus,
  createTestDatabase,
  eventually,
  recordValues,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { type EmbeddedProduct, startEmbeddedProduct } from '../product';
import {
  DEMO_CODE,
  DEMO_DRIVER_PHONE,
  DEMO_OWNER_PHONE,
  DEMO_TEST_OTPS,
  planDemoMasters,
  seedDemoMasters,
  seedDemoOperator,
  withDemoTestOtps,
} from '.';

describe('the demo phones’ fixed codes', () => {
  /** AUTH_TEST_OTP as identity reads it: pairs in order, a later one winning. */
  const read = (value: string) =>
    new Map(value.split(',').map((pair) => pair.split('=') as [string, string]));

  it('are the whole list when nothing else is given', () => {
    expect(withDemoTestOtps(undefined)).toBe(DEMO_TEST_OTPS);
    expect(withDemoTestOtps('  ')).toBe(DEMO_TEST_OTPS);
    expect(read(DEMO_TEST_OTPS).get(DEMO_OWNER_PHONE)).toBe(DEMO_CODE);
    expect(read(DEMO_TEST_OTPS).size).toBe(5);
  });

  it('are added to other phones a person lists, whose own codes stand', () => {
    const merged = read(withDemoTestOtps('+919811100021=135721'));
    expect(merged.get('+919811100021')).toBe('135721');
    expect(merged.get(DEMO_OWNER_PHONE)).toBe(DEMO_CODE);
    expect(read(withDemoTestOtps(`${DEMO_OWNER_PHONE}=999999`)).get(DEMO_OWNER_PHONE)).toBe('999999');
  });
});

describe('the demo plan', () => {
  const plan = planDemoMasters('2026-05-10');
  const of = (kind: string) => plan.records.filter((r) => r.kind === kind).map((r) => r.values);

  it('is the same every time for the same day', () => {
    expect(planDemoMasters('2026-05-10')).toEqual(plan);
  });

  it('has the fleet, people and partners the issue asks for', () => {
    expect(of('vehicle')).toHaveLength(50);
    expect(of('driver')).toHaveLength(60);
    expect(of('customer')).toHaveLength(40);
    expect(of('supplier')).toHaveLength(10);
    expect(of('vehicle_group').length).toBeGreaterThanOrEqual(12);
    expect(of('duty_type').length).toBeGreaterThanOrEqual(12);
    const keys = plan.records.map((r) => `${r.kind}:${r.key}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('asks drivers for money only in its billing items, never a km reading', () => {
    const items = of('billing_item').map((values) => String(values.name));
    expect(items).toContain('Toll');
    expect(items.filter((name) => /\bkms?\b|reading|odometer/i.test(name))).toEqual([]);
  });

  it('uses valid GSTINs whose state matches the billing state', () => {
    const states: Record<string, string> = { MH: '27', KA: '29', DL: '07' };
    const gstins = [
      ...of('company').map((c) => [c.gst_no, c.state_id]),
      ...[...of('customer'), ...of('supplier')].flatMap((c) =>
        (c.billing_details as { gst_no?: string; state_id: string }[]).map((b) => [b.gst_no, b.state_id]),
      ),
    ].filter(([gstin]) => gstin);
    expect(gstins.length).toBeGreaterThan(30);
    for (const [gstin, state] of gstins) {
      expect(isGstin(String(gstin))).toBe(true);
      expect(String(gstin).slice(0, 2)).toBe(states[String(state)]);
    }
  });

  it('gives drivers their own phones, clear of the demo staff, and vehicles their own plates', () => {
    const phones = of('driver').map((d) => String(d.phone));
    expect(new Set(phones).size).toBe(60);
    expect(phones.filter((p) => p.startsWith('+91980000000'))).toEqual([]);
    const plates = [
      ...of('vehicle').map((v) => v.vehicle_no),
      ...of('supplier').map((s) => s.dco_vehicle_no),
    ];
    const given = plates.filter(Boolean);
    expect(new Set(given).size).toBe(given.length);
    for (const plate of given) expect(String(plate)).toMatch(/^(MH|KA|DL)\d{1,2}R?[A-Z]{2}\d{4}$/);
  });

  it('has documents lapsed and running out within 30 days of the day', () => {
    const expiries = of('vehicle').flatMap((v) => [
      v.insurance_expiry,
      v.fitness_expiry,
      v.permit_expiry,
      v.puc_expiry,
    ]);
    expect(expiries.filter((d) => d && String(d) < '2026-05-10').length).toBeGreaterThanOrEqual(5);
    expect(
      expiries.filter((d) => d && String(d) >= '2026-05-10' && String(d) <= '2026-06-09').length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('never plans two contracts for the same party, duty, city and group on the same day', () => {
    const cards = of('rate_card');
    const keyOf = (c: Record<string, unknown>) =>
      JSON.stringify([c.party, c.customer_id, c.supplier_id, c.duty_type_id, c.city_id, c.vehicle_group_id]);
    for (const [i, a] of cards.entries()) {
      for (const b of cards.slice(i + 1)) {
        if (keyOf(a) !== keyOf(b)) continue;
        expect(
          String(a.contract_end) < String(b.contract_start) ||
            String(b.contract_end) < String(a.contract_start),
        ).toBe(true);
      }
    }
    expect(cards.every((c) => c.contract_start === '2026-04-01' || c.contract_end === '2026-03-31')).toBe(
      true,
    );
  });
});

describe('seeding the demo operator', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let product: EmbeddedProduct;
  let owner: Caller;
  const logs: Record<string, unknown>[] = [];
  const today = operatorDate(new Date());
  let seededIn = 0;

  const logger = createLogger({
    name: 'demo-test',
    level: 'info',
    destination: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    }),
  });

  /** Every active record of a master, through the masters service. */
  async function list(kind: string, extra: { search?: string; expiringWithinDays?: number } = {}) {
    const page = await product.clients.masters.listRecords(
      { kind, page: { limit: 1000 }, ...extra },
      callAs(owner),
    );
    return decodeListPage(masterOf(kind), page.recordsJson);
  }
  const idOf = async (kind: string, name: string) => {
    const records = await list(kind, { search: name });
    const found = records.find((r) => (r.values as { name?: string }).name === name);
    if (!found) throw new Error(`no ${kind} called ${name}`);
    return found.id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    product = await startEmbeddedProduct({
      db: database.db,
      bus: testBus.bus,
      logger,
      codec: createCallerCodec(`demo-tests-internal-${randomUUID()}`),
      gateway: loadConfig(gatewayConfigSchema, { PORT: '0', NODE_ENV: 'test' }),
      env: { AUTH_TEST_OTP: `${DEMO_OWNER_PHONE}=${DEMO_CODE}` },
      localSecret: (variable) => `demo-tests-${variable}-0123456789abcdef0123456789`,
    });
    const started = Date.now();
    expect(await seedDemoOperator(product, logger)).toBe(true);
    seededIn = Date.now() - started;

    // Sign in as the owner, as the web app would.
    const { identity } = product.clients;
    const anon = anonymousCaller(randomUUID(), '127.0.0.1');
    await identity.requestOtp({ phone: DEMO_OWNER_PHONE }, callAs(anon));
    const verified = await identity.verifyOtp({ phone: DEMO_OWNER_PHONE, code: DEMO_CODE }, callAs(anon));
    expect(verified.signedUp).toBe(false);
    const auth = await identity.authenticate({ token: verified.token }, callAs(anon));
    owner = {
      requestId: randomUUID(),
      tenantId: auth.tenantId,
      userId: auth.userId,
      actorUserId: auth.actorUserId,
      sessionId: auth.sessionId,
      permissions: auth.permissions,
      isMasquerade: false,
    };
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    await testBus?.close();
    await database?.drop();
  });

  it('seeds without a refusal and logs one line with the counts', () => {
    expect(logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    const line = logs.find((l) => l.msg === 'demo operator seeded') as { masters: Record<string, number> };
    expect(line.masters).toMatchObject({ vehicle: 50, driver: 60, customer: 40, supplier: 10 });
    // How long it took is printed, not judged: a timing in the suite fails on a busy machine, not a slow seed.
    process.stdout.write(`demo seeding took ${seededIn} ms: ${JSON.stringify(line.masters)}\n`);
  });

  it('lists the seeded masters through the masters service', async () => {
    const sizes = Object.fromEntries(
      await Promise.all(
        [
          'vehicle',
          'driver',
          'customer',
          'supplier',
          'vehicle_group',
          'duty_type',
          'tax',
          'label',
          'branch',
          'bank_account',
          'fuel_station',
          'company',
          'company_profile',
          'customer_group',
          'supplier_group',
          'duty_supporter',
          'billing_item',
          'feedback_form',
          'custom_field',
          'rate_card',
        ].map(async (kind) => [kind, (await list(kind)).length] as const),
      ),
    );
    expect(sizes).toMatchObject({ vehicle: 50, driver: 60, customer: 40, supplier: 10 });
    expect(sizes.vehicle_group).toBeGreaterThanOrEqual(12);
    expect(sizes.duty_type).toBeGreaterThanOrEqual(12);
    for (const kind of Object.keys(sizes)) expect([kind, sizes[kind]! > 0]).toEqual([kind, true]);
    expect(sizes.rate_card).toBeGreaterThan(100);

    const { record: settings } = await product.clients.masters.getSettings(
      { kind: 'business_settings' },
      callAs(owner),
    );
    expect(recordValues(settings)).toMatchObject({
      business_name: 'Demo Travels',
      head_office_city_id: 'mh-pune',
    });
    const companies = (await list('company')).map((c) => c.values as Record<string, unknown>);
    const primary = companies.filter((c) => c.is_primary);
    expect(primary).toHaveLength(1);
    expect(primary[0]).toMatchObject({ state_id: 'MH', gst_no: expect.stringMatching(/^27/) });
    expect(isGstin(String(primary[0]!.gst_no))).toBe(true);
  });

  it('has lapsed and soon-expiring documents for the expiry views', async () => {
    const expiring = await list('vehicle', { expiringWithinDays: 30 });
    expect(expiring.length).toBeGreaterThanOrEqual(5);
    expect(expiring.length).toBeLessThan(50);
    expect((await list('vehicle')).filter((v) => v.lapsed.length > 0).length).toBeGreaterThanOrEqual(3);
    const drivers = await list('driver');
    expect(drivers.filter((d) => d.lapsed.includes('licence_expiry')).length).toBeGreaterThanOrEqual(2);
    expect((await list('driver', { expiringWithinDays: 30 })).length).toBeGreaterThan(
      drivers.filter((d) => d.lapsed.length > 0).length,
    );
    const phones = drivers.map((d) => String((d.values as { phone: string }).phone));
    expect(new Set(phones).size).toBe(60);
    expect(phones.filter((p) => p.startsWith('+91980000000'))).toEqual([]);
  });

  it('resolves the rate in force for a Mumbai 8 Hrs 80 Kms Sedan duty today', async () => {
    const [customerId, supplierId, dutyTypeId, vehicleGroupId] = await Promise.all([
      idOf('customer', 'Konkan Shipping & Logistics Pvt Ltd'),
      idOf('supplier', 'Mumbai Cab Services Pvt Ltd'),
      idOf('duty_type', '8 Hrs 80 Kms'),
      idOf('vehicle_group', 'Sedan'),
    ]);
    const query = { dutyTypeId, vehicleGroupId, cityId: 'mh-mumbai', date: today };
    const sale = await product.clients.masters.resolveRate(
      { ...query, party: RateParty.CUSTOMER, customerId },
      callAs(owner),
    );
    expect(sale.rateCard).toMatchObject({
      cityId: 'mh-mumbai',
      normalRate: '2300.00',
      contractStart: financialYearOf(today).start,
      contractEnd: financialYearOf(today).end,
    });
    // Last year's contract is still on record, at last year's rate.
    const lastYear = await product.clients.masters.resolveRate(
      { ...query, party: RateParty.CUSTOMER, customerId, date: financialYearOf(today).previous.end },
      callAs(owner),
    );
    expect(lastYear.rateCard?.normalRate).toBe('2140.00');
    // The vendor's rate for this customer's duties beats its rate for everyone.
    const purchase = await product.clients.masters.resolveRate(
      { ...query, party: RateParty.SUPPLIER, supplierId, customerId },
      callAs(owner),
    );
    expect(purchase.rateCard).toMatchObject({ customerId, normalRate: '1960.00' });
    const forOthers = await product.clients.masters.resolveRate(
      { ...query, party: RateParty.SUPPLIER, supplierId },
      callAs(owner),
    );
    expect(forOthers.rateCard).toMatchObject({ customerId: '', normalRate: '1840.00' });
  });

  it('gives the demo staff profiles that can see the masters they work with', async () => {
    const { profiles } = await product.clients.identity.listPermissionProfiles({}, callAs(owner));
    const of = (name: string) => profiles.find((p) => p.name === name)!.permissions;
    expect(of('Dispatch')).toEqual(expect.arrayContaining(['view_vehicle', 'view_driver', 'view_pricing']));
    expect(of('Accounts')).toEqual(
      expect.arrayContaining(['view_tax', 'view_bank_account', 'view_my_company']),
    );
    expect(of('Operations')).toEqual(expect.arrayContaining(['manage_vehicle', 'manage_driver']));
  });

  it('seeds a month of duties that fill the board’s staff tabs, priced where closed', async () => {
    const line = logs.find((l) => l.msg === 'demo operator seeded') as { bookings: number };
    expect(line.bookings).toBeGreaterThan(100);
    const { counts } = await product.clients.bookings.countTabs({}, callAs(owner));
    for (const tab of [
      'allotment-pending',
      'allotted',
      'upcoming',
      'dispatched',
      'completed',
      'cancelled',
      'failed',
      'bill-pending',
    ]) {
      expect({ tab, some: (counts[tab] ?? 0) > 0 }).toEqual({ tab, some: true });
    }
    const closed = await product.clients.bookings.listBookings(
      { tab: 'bill-pending', page: { limit: 1 } },
      callAs(owner),
    );
    const { charges } = await product.clients.bookings.getBooking(
      { id: closed.bookings[0]!.id },
      callAs(owner),
    );
    expect(Number(charges?.total)).toBeGreaterThan(0);
  });

  it('runs the demo driver’s day through the driver app: one closed, one on the road, one to answer', async () => {
    const { counts } = await product.clients.bookings.countTabs({}, callAs(owner));
    expect(counts.ongoing).toBeGreaterThan(0);
    const { driver } = await (async () => {
      const { recordsJson } = await product.clients.masters.listRecords(
        { kind: 'driver', search: DEMO_DRIVER_PHONE, page: { limit: 5 } },
        callAs(owner),
      );
      const [found] = JSON.parse(recordsJson) as { id: string }[];
      return { driver: found! };
    })();
    const { accounts } = await product.clients.identity.listDriverAccounts(
      { driverIds: [driver.id] },
      callAs(owner),
    );
    const asDriver = callAs({
      ...owner,
      userId: accounts[0]!.userId,
      role: 'DRIVER',
      driverId: driver.id,
      permissions: [],
    });
    const today = await product.clients.bookings.listDriverDuties(
      { when: 'TODAY', page: { limit: 50 } },
      asDriver,
    );
    const past = await product.clients.bookings.listDriverDuties(
      { when: 'PAST', page: { limit: 50 } },
      asDriver,
    );
    expect(today.duties.map((d) => d.status).sort()).toEqual(
      expect.arrayContaining(['ALLOTED', 'DRIVER_DUTY_START']),
    );
    expect(past.duties.map((d) => d.status)).toContain('CLOSED');
  });

  it('texts the seeded bookings’ passengers, and the log shows them sent', async () => {
    const me = await product.clients.identity.getMe({}, callAs(owner));
    expect([me.user?.autoSendPassengerSms, me.user?.autoSendPassengerEmail]).toEqual([true, true]);
    const upcoming = await product.clients.bookings.listBookings(
      { tab: 'upcoming', page: { limit: 5 } },
      callAs(owner),
    );
    expect(upcoming.bookings.length).toBeGreaterThan(0);
    // The texts follow the bookings' events through the outbox and the messaging consumer, then the
    // delivery worker: wait until each of these bookings has its passenger's confirmation sent.
    const deadline = Date.now() + 60_000;
    for (const booking of upcoming.bookings) {
      for (;;) {
        const { messages } = await product.clients.messaging.listMessages(
          { bookingId: booking.id, type: 'CONFIRMATION_SMS' },
          callAs(owner),
        );
        const toPassenger = messages.filter((m) => m.recipientRole === 'PASSENGER');
        if (toPassenger.length > 0 && toPassenger.every((m) => m.status === 'SENT')) {
          expect(toPassenger[0]?.bookingNo).toBe(booking.bookingNo);
          break;
        }
        if (Date.now() > deadline) {
          throw new Error(
            `booking ${booking.bookingNo} has no sent passenger confirmation: ${JSON.stringify(messages)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const sms = await product.clients.messaging.listMessages(
      { channel: 'SMS', page: { limit: 1000 } },
      callAs(owner),
    );
    expect(new Set(sms.messages.map((m) => m.type)).size).toBeGreaterThanOrEqual(2);
  });

  it('seeds a month of invoices in every state, numbered in two companies’ series, some duties left to bill', async () => {
    const line = logs.find((l) => l.msg === 'demo operator seeded') as { invoices: Record<string, number> };
    expect(line.invoices).toMatchObject({
      DRAFT: expect.any(Number),
      APPROVED: expect.any(Number),
      DISPATCHED: expect.any(Number),
      DISCARDED: 1,
      CANCELLED: 2,
    });
    const billing = product.modules.billing.useCases;
    const caller = { ...owner, tenantId: owner.tenantId!, userId: owner.userId! };
    const invoices = (await billing.lists.list(caller, { limit: 1000 })).items;
    const live = invoices.filter((i) => i.status === 'APPROVED' || i.status === 'DRAFT');
    expect(invoices.some((i) => i.isDownloaded)).toBe(true);
    expect(invoices.filter((i) => i.kind === 'MANUAL')).toHaveLength(2);
    const reissue = invoices.find((i) => i.reissueOfId);
    expect(reissue?.invoiceNo).toMatch(/^DT[BD]\//);
    expect(invoices.find((i) => i.id === reissue?.reissueOfId)?.status).toBe('CANCELLED');
    expect(invoices.find((i) => i.status === 'CANCELLED' && !i.reissuedAsId)?.cancellationReason).not.toBe(
      '',
    );
    // Each company's series runs 1, 2, 3… with no gap, whatever state its invoices are in now.
    const series = new Map<string, number[]>();
    for (const i of invoices)
      series.set(i.companyId, [...(series.get(i.companyId) ?? []), Number(i.sequence)]);
    expect(series.size).toBe(2);
    for (const numbers of series.values()) {
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, n) => n + 1));
    }
    // Taxed as the parties' states say: CGST + SGST within Maharashtra, IGST to Karnataka and Delhi.
    const kinds = new Set<string>();
    for (const invoice of live) {
      const { document } = (await billing.lists.get(caller, invoice.id)).invoice;
      kinds.add(String((document as { tax?: { kind?: string } }).tax?.kind));
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['INTRA', 'INTER']));
    const pending = await billing.lists.duties(caller, { billingStatus: 'UNBILLED', limit: 1000 });
    expect(pending.items.length).toBeGreaterThan(0);
    // Bookings heard the invoices: an invoiced duty leaves its bill-pending tab.
    const billed = (await billing.lists.duties(caller, { billingStatus: 'BILLED', limit: 1 })).items[0]!;
    await eventually(
      () => product.clients.bookings.getBooking({ id: billed.bookingId }, callAs(owner)),
      (r) => r.booking?.isBilled === true,
    );
  });

  it('keeps a month of petty cash: the box’s balance, and the drivers and the assistant still holding some', async () => {
    const line = logs.find((l) => l.msg === 'demo operator seeded') as { pettyCash: number };
    expect(line.pettyCash).toBe(37);
    const { pettyCash } = product.modules.billing.useCases;
    const caller = { ...owner, tenantId: owner.tenantId!, userId: owner.userId! };
    const summary = await pettyCash.summary(caller);
    expect([summary.balance, summary.held]).toEqual(['20015.00', '3210.00']);
    expect(summary.holders.map((h) => h.held)).toEqual(['2000.00', '910.00', '300.00']);
    // The drivers' advances name drivers of the demo's masters.
    expect(summary.holders.filter((h) => h.driverId)).toHaveLength(2);
    const voided = await pettyCash.list(caller, { includeVoided: true, limit: 100 });
    expect(voided.items.filter((e) => e.isVoided).map((e) => e.voidReason)).toEqual(['Typed twice']);
  });

  it('does nothing when seeded again', async () => {
    const before = (await list('rate_card')).length;
    expect(await seedDemoOperator(product, logger)).toBe(false);
    expect(await seedDemoMasters(product.clients.masters, owner)).toBeUndefined();
    expect((await list('vehicle')).length).toBe(50);
    expect((await list('driver')).length).toBe(60);
    expect((await list('rate_card')).length).toBe(before);
  });
});
