// A duty's billing items (toll, parking, state permit…) through the gRPC routes with masters beside it:
// set as a whole list from the operator's active billing item records, each keeping what its record
// said (name, taxable, SAC code), with an amount and a receipt uploaded for a duty slip; read back with
// the duty, carried in its updated event and printed on its slip. Anything wrong is refused naming its
// field, and nothing is written; an invoiced or cancelled duty's items do not change.
import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { allPermissionIds, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import type { DutyBillingItemInput } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { expectDomainError } from '@fleet/testing';
import { readPdf } from '@fleet/testing/pdf';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
const OTHER = randomUUID();
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;
const items: Record<'toll' | 'parking' | 'permit' | 'retired' | 'theirs', string> = {
  toll: '',
  parking: '',
  permit: '',
  retired: '',
  theirs: '',
};
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70]);

async function master(kind: string, values: Record<string, unknown>, tenantId = T) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(tenantId)),
  );
  return record!.id;
}

const receipt = async (field = 'slip_photo', tenantId = T) => {
  const { file } = await h.masters.client.uploadFile(
    { fileName: 'receipt.jpg', content: JPEG, kind: 'booking', field },
    callAs(h.masters.callerFor(tenantId)),
  );
  return file!.id;
};

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  customerId = await master('customer', { name: 'Acme Corp' });
  dutyTypeId = await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  items.toll = await master('billing_item', { name: 'Toll', sac_code: '996742', is_taxable: false });
  items.parking = await master('billing_item', { name: 'Parking', sac_code: '996743', is_taxable: true });
  items.permit = await master('billing_item', { name: 'State permit' });
  items.retired = await master('billing_item', { name: 'Fastag recharge' });
  await h.masters.client.setRecordActive(
    { kind: 'billing_item', id: items.retired, isActive: false },
    callAs(h.masters.callerFor(T)),
  );
  items.theirs = await master('billing_item', { name: 'Toll' }, OTHER);
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));

async function duty(reportingDate = '2026-11-25') {
  const draft = {
    customerId,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate,
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking({ draftJson: JSON.stringify(draft) }, staff());
  return booking!;
}

const item = (billingItemId: string, amount: string, extra: Partial<DutyBillingItemInput> = {}) => ({
  billingItemId,
  amount,
  receiptFileId: '',
  note: '',
  ...extra,
});

const set = (id: string, list: ReturnType<typeof item>[], as = staff(), expectedVersion = 0) =>
  h.client.setDutyBillingItems({ id, items: list, expectedVersion }, as);

const shown = (list: { name: string; amount: string; isTaxable: boolean; sacCode: string }[] = []) =>
  list.map((i) => [i.name, i.amount, i.isTaxable, i.sacCode]);

async function updatedEvents(id: string) {
  const found = await h.database.db.asSystem((tx) =>
    rows<{ payload: Buffer }>(
      tx,
      sql`select payload from bookings.outbox
          where tenant_id = ${T} and subject = 'fleet.bookings.booking.updated' order by seq`,
    ),
  );
  return found
    .map((row) => fromBinary(BookingChangedSchema, new Uint8Array(row.payload)))
    .filter((event) => event.booking?.id === id);
}

describe('setting a duty’s billing items', () => {
  it('keeps each with what its record says, reads them back with the duty, and replaces or clears them', async () => {
    const booking = await duty();
    const tollReceipt = await receipt();
    const { booking: written } = await set(
      booking.id,
      [
        item(items.toll, '250', { receiptFileId: tollReceipt, note: 'Khed Shivapur plaza' }),
        item(items.parking, '120.5'),
      ],
      staff(),
      booking.version,
    );
    expect(shown(written!.billingItems)).toEqual([
      ['Toll', '250.00', false, '996742'],
      ['Parking', '120.50', true, '996743'],
    ]);
    expect(written!.version).toBe(booking.version + 1);

    const read = await h.client.getBooking({ id: booking.id }, staff([PERMISSION.view_booking]));
    expect(read.booking!.billingItems.map((i) => [i.name, i.receiptFileId, i.note])).toEqual([
      ['Toll', tollReceipt, 'Khed Shivapur plaza'],
      ['Parking', '', ''],
    ]);

    // Replaced: the toll stays as it was (the same row, who added it and when), parking goes, a permit comes.
    const tollRow = read.booking!.billingItems[0]!;
    const { booking: replaced } = await set(booking.id, [
      item(items.permit, '1500'),
      item(items.toll, '250.00', { receiptFileId: tollReceipt, note: 'Khed Shivapur plaza' }),
    ]);
    expect(shown(replaced!.billingItems)).toEqual([
      ['State permit', '1500.00', false, ''],
      ['Toll', '250.00', false, '996742'],
    ]);
    expect(replaced!.billingItems[1]!.id).toBe(tollRow.id);

    const { booking: cleared } = await set(booking.id, []);
    expect(cleared!.billingItems).toEqual([]);
  });

  it('writes to the activity what changed and the amounts', async () => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '250'), item(items.parking, '100')]);
    await set(booking.id, [item(items.toll, '250'), item(items.permit, '1500.5')]);
    const read = await h.client.getBooking({ id: booking.id }, staff());
    const logged = read.activity.filter((a) => a.action === 'billingItemsChanged').map((a) => a.reason);
    expect(logged).toEqual([
      'Added Toll ₹250.00, Parking ₹100.00. Billing items now total ₹350.00.',
      'Added State permit ₹1,500.50; removed Parking ₹100.00. Billing items now total ₹1,750.50.',
    ]);
  });

  it('publishes the duty with its items in an updated event, beside (not in) its car-hire charges', async () => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '250'), item(items.parking, '80')]);
    const [event] = await updatedEvents(booking.id);
    expect(event?.action).toBe('billingItemsChanged');
    expect(shown(event?.booking?.billingItems)).toEqual([
      ['Toll', '250.00', false, '996742'],
      ['Parking', '80.00', true, '996743'],
    ]);
    expect(event?.charges).toBeUndefined();
  });

  it('prints them on the duty slip', async () => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '1250.5'), item(items.permit, '2400')]);
    const printed = await h.client.renderDutySlip(
      { id: booking.id, variant: 'SALES' },
      staff([PERMISSION.view_duty_slip]),
    );
    const text = (await readPdf(printed.pdf)).pages.map((p) => p.text).join('\n');
    for (const expected of ['Toll', '₹1,250.50', 'State permit', '₹2,400.00'])
      expect(text).toContain(expected);
  });
});

describe('refused, naming the field, with nothing written', () => {
  const refusals: [string, () => Promise<ReturnType<typeof item>>, string, string][] = [
    [
      'another operator’s billing item',
      async () => item(items.theirs, '100'),
      'items.2.billingItemId',
      'Choose a billing item from the list.',
    ],
    [
      'a deactivated billing item',
      async () => item(items.retired, '100'),
      'items.2.billingItemId',
      'The billing item “Fastag recharge” is deactivated; choose another or activate it.',
    ],
    [
      'an amount with three decimals',
      async () => item(items.toll, '12.345'),
      'items.2.amount',
      'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).',
    ],
    [
      'a negative amount',
      async () => item(items.toll, '-5'),
      'items.2.amount',
      'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).',
    ],
    [
      'an amount above ₹10,00,000',
      async () => item(items.toll, '1000000.01'),
      'items.2.amount',
      'A billing item is at most ₹10,00,000.',
    ],
    [
      'another operator’s receipt',
      async () => item(items.toll, '100', { receiptFileId: await receipt('slip_photo', OTHER) }),
      'items.2.receiptFileId',
      'This photo is not one uploaded for a duty slip here; upload it again.',
    ],
    [
      'a booking attachment as a receipt',
      async () => item(items.toll, '100', { receiptFileId: await receipt('attachment_ids') }),
      'items.2.receiptFileId',
      'This photo is not one uploaded for a duty slip here; upload it again.',
    ],
  ];

  it.each(refusals)('%s', async (_what, bad, field, message) => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '90')]);
    const before = await h.client.getBooking({ id: booking.id }, staff());
    const error = await expectDomainError(
      set(booking.id, [item(items.toll, '250'), item(items.parking, '40'), await bad()]),
    );
    expect([error.code, error.fieldViolations]).toEqual(['INVALID_ARGUMENT', [{ field, message }]]);
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect([shown(after.booking!.billingItems), after.booking!.version, after.activity.length]).toEqual([
      shown(before.booking!.billingItems),
      before.booking!.version,
      before.activity.length,
    ]);
  });

  it('keeps a billing item the duty already holds after it is deactivated', async () => {
    const booking = await duty();
    const keptOn = await master('billing_item', { name: 'Night parking' });
    await set(booking.id, [item(keptOn, '60')]);
    await h.masters.client.setRecordActive(
      { kind: 'billing_item', id: keptOn, isActive: false },
      callAs(h.masters.callerFor(T)),
    );
    const { booking: written } = await set(booking.id, [item(keptOn, '60'), item(items.toll, '250')]);
    expect(written!.billingItems.map((i) => i.name)).toEqual(['Night parking', 'Toll']);
  });
});

describe('refused by the duty’s state or the person', () => {
  it('on an invoiced duty', async () => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '250')]);
    await h.database.db.asOwner((tx) =>
      tx.execute(sql`update bookings.bookings set is_billed = true where id = ${booking.id}`),
    );
    const error = await expectDomainError(set(booking.id, []));
    expect([error.code, error.message]).toEqual([
      'FAILED_PRECONDITION',
      'This duty is invoiced; change its billing items on its invoice.',
    ]);
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(shown(after.booking!.billingItems)).toEqual([['Toll', '250.00', false, '996742']]);
  });

  it('on a cancelled duty, naming its status', async () => {
    const booking = await duty();
    await h.client.actOnBooking({ id: booking.id, action: 'cancel', reason: 'Flight cancelled' }, staff());
    const error = await expectDomainError(set(booking.id, [item(items.toll, '250')]));
    expect([error.code, error.message]).toEqual([
      'FAILED_PRECONDITION',
      'This duty is cancelled; it has no billing items.',
    ]);
  });

  it('from a stale version', async () => {
    const booking = await duty();
    await set(booking.id, [item(items.toll, '250')]);
    const error = await expectDomainError(set(booking.id, [], staff(), booking.version));
    expect(error.code).toBe('CONFLICT');
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(shown(after.booking!.billingItems)).toEqual([['Toll', '250.00', false, '996742']]);
  });

  it('without the permission that records a duty slip', async () => {
    const booking = await duty();
    const error = await expectDomainError(
      set(booking.id, [item(items.toll, '250')], staff([PERMISSION.view_booking, PERMISSION.view_duty_slip])),
    );
    expect(error.code).toBe('PERMISSION_DENIED');
    const after = await h.client.getBooking({ id: booking.id }, staff());
    expect(after.booking!.billingItems).toEqual([]);
  });
});
