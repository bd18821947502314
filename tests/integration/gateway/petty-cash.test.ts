// Petty cash through the gateway over HTTP, as the web app calls it: cash drawn, a driver's advance
// (the driver master filling the person), the balance and the holding as Decimal, the advance sent to
// the driver and voided; bad input refused with the field named and nothing recorded, a person without
// the permission refused, and another operator seeing nothing.
import Decimal from 'decimal.js';
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let viewer: ReturnType<GatewayHarness['client']>;
let other: ReturnType<GatewayHarness['client']>;
let driverId: string;

beforeAll(async () => {
  h = await bootGateway();
  const { token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Cash Cabs' });
  owner = h.client(() => bearer(ownerToken));
  const { token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' });
  other = h.client(() => bearer(otherToken));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Cash reader',
    permissions: ['view_petty_cash'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Reader',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  const { token: viewerToken } = await h.signIn(viewerPhone);
  viewer = h.client(() => bearer(viewerToken));
  await owner.masters.company.create.mutate({
    values: {
      name: 'Cash Cabs Pvt Ltd',
      business_type: 'PRIVATE_LIMITED',
      gst_no: '27AABCK1234E1Z1',
      state_id: 'MH',
      address: '12 FC Road, Pune',
      is_primary: true,
    },
  });
  driverId = (
    await owner.masters.driver.create.mutate({
      values: { name: 'Ravi Kumar', phone: freshPhone(), email: 'ravi@example.com' },
    })
  ).id;
}, 120_000);
afterAll(() => h?.close());

it('records cash drawn and a driver’s advance, shows the balance fall and the driver holding it, sends and voids it', async () => {
  const drawn = await owner.pettyCash.record.mutate({
    kind: 'RECEIVED',
    amount: '10000',
    category: 'CASH_DEPOSIT',
  });
  expect(drawn.voucherNo).toMatch(/^PC\/\d\d-\d\d\/0001$/);
  expect(drawn.amount).toBeInstanceOf(Decimal);
  const advance = await owner.pettyCash.record.mutate({
    kind: 'GIVEN',
    amount: '2500',
    category: 'DRIVER_ADVANCE',
    driverId,
    bookingNo: '2041',
  });
  expect([advance.personName, advance.personEmail]).toEqual(['Ravi Kumar', 'ravi@example.com']);
  const summary = await owner.pettyCash.summary.query();
  expect(summary.balance).toEqual(new Decimal('7500'));
  expect(summary.holders.map((p) => [p.personName, p.held.toFixed(2)])).toEqual([['Ravi Kumar', '2500.00']]);
  const page = await owner.pettyCash.get.query({ id: advance.id });
  expect(page.held).toEqual(new Decimal('2500'));
  // Its page names who recorded it, as identity names them.
  expect(page.recordedByName).toBe((await owner.user.me.query()).user.name);
  expect(page.recordedByName).toBeTruthy();
  const sent = await owner.pettyCash.send.mutate({ id: advance.id, sms: true, email: true });
  expect(sent.lastSentAt).toBeInstanceOf(Date);
  const listed = await owner.pettyCash.list.query({ kinds: ['GIVEN'] });
  expect(listed.entries.map((e) => e.id)).toEqual([advance.id]);
  expect((await viewer.pettyCash.list.query({})).entries).toHaveLength(2);
  const voided = await owner.pettyCash.void.mutate({ id: advance.id, reason: 'Trip cancelled' });
  expect(voided.isVoided).toBe(true);
  expect((await owner.pettyCash.summary.query()).balance).toEqual(new Decimal('10000'));
});

it('refuses bad input with the field named, recording nothing', async () => {
  const bad = async (call: Promise<unknown>) => {
    const error = await expectTrpcError(call);
    return [error.data?.code, error.data?.fieldErrors ? Object.keys(error.data.fieldErrors) : []];
  };
  const before = await owner.pettyCash.summary.query();
  const base = { kind: 'SPENT' as const, amount: '50', category: 'FOOD' as const };
  expect(await bad(owner.pettyCash.record.mutate({ ...base, amount: '12.345' }))).toEqual([
    'BAD_REQUEST',
    ['amount'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, amount: '0' }))).toEqual([
    'BAD_REQUEST',
    ['amount'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, kind: 'LOST' as 'SPENT' }))).toEqual([
    'BAD_REQUEST',
    ['kind'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, notes: 'a\u0000b' }))).toEqual([
    'BAD_REQUEST',
    ['notes'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, personPhone: '12' }))).toEqual([
    'BAD_REQUEST',
    ['personPhone'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, driverId: 'x' }))).toEqual([
    'BAD_REQUEST',
    ['driverId'],
  ]);
  // Checked by billing: the box cannot pay what it does not hold; an advance names its person.
  expect(await bad(owner.pettyCash.record.mutate({ ...base, amount: '99999' }))).toEqual([
    'BAD_REQUEST',
    ['amount'],
  ]);
  expect(await bad(owner.pettyCash.record.mutate({ ...base, kind: 'GIVEN' }))).toEqual([
    'BAD_REQUEST',
    ['personName'],
  ]);
  expect(await bad(owner.pettyCash.list.query({ cursor: '%%%' }))).toEqual(['BAD_REQUEST', ['cursor']]);
  expect(await bad(owner.pettyCash.void.mutate({ id: 'x', reason: '' }))).toEqual([
    'BAD_REQUEST',
    ['id', 'reason'],
  ]);
  expect(await owner.pettyCash.summary.query()).toEqual(before);
});

it('refuses a person without the permission, and shows another operator nothing', async () => {
  expect(
    (await expectTrpcError(viewer.pettyCash.record.mutate({ kind: 'SPENT', amount: '1', category: 'OTHER' })))
      .data?.code,
  ).toBe('FORBIDDEN');
  const [mine] = (await owner.pettyCash.list.query({ includeVoided: true })).entries;
  expect((await expectTrpcError(viewer.pettyCash.send.mutate({ id: mine!.id, sms: true }))).data?.code).toBe(
    'FORBIDDEN',
  );
  expect((await expectTrpcError(other.pettyCash.get.query({ id: mine!.id }))).data?.code).toBe('NOT_FOUND');
  expect((await other.pettyCash.list.query({ includeVoided: true })).entries).toEqual([]);
  expect((await other.pettyCash.summary.query()).holders).toEqual([]);
});
