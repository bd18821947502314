// The files a booking holds, through the gRPC routes with masters beside it: its attachments and the
// photos on its slip's points are only its operator's files uploaded for that very use. Any other id
// (another operator's file, a file uploaded for something else, an id no file has) is refused naming
// the field it came in, and nothing is written.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds, type BookingDraftInput, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

const NOW = new Date('2026-11-24T04:30:00Z');
let h: BookingsHarness;
const T = randomUUID();
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;
let vehicleId: string;

const PDF = Buffer.from('%PDF-1.7\n% purchase order\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70]);

async function master(kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(T)),
  );
  return record!.id;
}

/** A file uploaded through masters, as the gateway's /api/files does, for `kind` and `field`. */
async function uploaded(fileName: string, kind: string, field: string, tenantId = T) {
  const content = fileName.endsWith('.pdf') ? PDF : JPEG;
  const { file } = await h.masters.client.uploadFile(
    { fileName, content, kind, field },
    callAs(h.masters.callerFor(tenantId)),
  );
  return file!.id;
}
const attachment = (name: string, tenantId = T) => uploaded(name, 'booking', 'attachment_ids', tenantId);
const photo = (name: string, tenantId = T) => uploaded(name, 'booking', 'slip_photo', tenantId);

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
  customerId = await master('customer', { name: 'Acme Corp' });
  dutyTypeId = await master('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 });
  vehicleGroupId = await master('vehicle_group', { name: 'Sedan' });
  const driver = await master('driver', { name: 'Ravi Kumar', phone: '+919811100001' });
  vehicleId = await master('vehicle', {
    vehicle_no: 'MH12AB1001',
    vehicle_model: 'Dzire',
    vehicle_group_id: vehicleGroupId,
    vehicle_fuel_type: 'DIESEL',
    driver_id: driver,
  });
});
afterAll(() => h?.close());

const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(T, permissions));

const draft = (attachmentIds: string[], reportingDate = '2026-11-25'): BookingDraftInput => ({
  customerId,
  passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  fromCityId: 'mh-pune',
  vehicleGroupId,
  dutyTypeId,
  reportingDate,
  reportingTime: '08:30',
  reportingAddress: 'Aundh, Pune',
  sales: { price: '2000' },
  attachmentIds,
});

const take = (attachmentIds: string[], reportingDate?: string) =>
  h.client.createBooking({ draftJson: JSON.stringify(draft(attachmentIds, reportingDate)) }, staff());

const bookingsOfOperator = async () => {
  const [counted] = await h.database.db.asOwner((tx) =>
    rows<{ n: number }>(tx, sql`select count(*)::int as n from bookings.bookings where tenant_id = ${T}`),
  );
  return counted!.n;
};

const strays: [string, () => Promise<string>][] = [
  ['another operator’s attachment', () => attachment('theirs.pdf', randomUUID())],
  ['a file uploaded as a slip photo', () => photo('odometer.jpg')],
  ['a file uploaded for a vehicle', () => uploaded('rc.pdf', 'vehicle', 'insurance_file_id')],
  ['an id no file has', async () => randomUUID()],
];

describe('a booking’s attachments', () => {
  it('are stored and read back when they are the operator’s files uploaded as attachments', async () => {
    const po = await attachment('po.pdf');
    const voucher = await attachment('voucher.pdf');
    const { booking } = await take([po, voucher]);
    expect(booking!.attachmentIds).toEqual([po, voucher]);
    const read = await h.client.getBooking({ id: booking!.id }, staff([PERMISSION.view_booking]));
    expect(read.booking!.attachmentIds).toEqual([po, voucher]);
  });

  it.each(strays)('refuse %s, naming its place in the list, and take no booking', async (_what, stray) => {
    const po = await attachment('po.pdf');
    const before = await bookingsOfOperator();
    const error = await expectDomainError(take([po, await stray()]));
    expect([error.code, error.fieldViolations]).toEqual([
      'INVALID_ARGUMENT',
      [
        {
          field: 'attachmentIds.1',
          message: 'This file is not one uploaded for a booking here; upload it again.',
        },
      ],
    ]);
    expect(await bookingsOfOperator()).toBe(before);
  });

  it('are checked again when a duty is changed, which then changes nothing', async () => {
    const po = await attachment('po.pdf');
    const { booking } = await take([po]);
    const theirs = await attachment('theirs.pdf', randomUUID());
    const error = await expectDomainError(
      h.client.updateBooking({ id: booking!.id, draftJson: JSON.stringify(draft([theirs])) }, staff()),
    );
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['attachmentIds.0']);
    const read = await h.client.getBooking({ id: booking!.id }, staff());
    expect([read.booking!.attachmentIds, read.booking!.version]).toEqual([[po], booking!.version]);

    const voucher = await attachment('voucher.pdf');
    const updated = await h.client.updateBooking(
      { id: booking!.id, draftJson: JSON.stringify(draft([voucher])) },
      staff(),
    );
    expect(updated.booking!.attachmentIds).toEqual([voucher]);
  });
});

describe('a slip point’s photo', () => {
  const at = (local: string) => timestampFromDate(new Date(`${local}+05:30`));
  const points = (startPhoto: string, endPhoto = '') => [
    { point: 'DUTY_START', at: at('2026-11-23T08:40'), km: '5012', location: 'Aundh', fileId: startPhoto },
    { point: 'DUTY_END', at: at('2026-11-23T16:30'), km: '5096', location: 'Hinjewadi', fileId: endPhoto },
  ];
  // Each duty on a day of its own, so the one vehicle is free for each.
  let day = 0;
  async function allottedDuty() {
    day += 1;
    const { booking } = await take([], `2026-12-${String(day).padStart(2, '0')}`);
    await h.client.allotDuty({ id: booking!.id, kind: 'OWN', vehicleId }, staff());
    return booking!.id;
  }

  it('is kept with its point and read back with the slip', async () => {
    const id = await allottedDuty();
    const odometer = await photo('odometer.jpg');
    const recorded = await h.client.recordDutySlip(
      { id, variant: 'SALES', points: points('', odometer), medium: '' },
      staff(),
    );
    expect(recorded.points.map((p) => [p.point, p.fileId])).toEqual([
      ['DUTY_START', ''],
      ['DUTY_END', odometer],
    ]);
    const read = await h.client.getBooking({ id }, staff());
    expect(read.salesSlip.map((p) => p.fileId)).toEqual(['', odometer]);
  });

  it.each([
    ['another operator’s photo', () => photo('theirs.jpg', randomUUID())],
    ['a booking attachment', () => attachment('po.pdf')],
    ['an id no file has', async () => randomUUID()],
  ])('refuses %s, naming the point, and records nothing', async (_what, stray) => {
    const id = await allottedDuty();
    const before = await h.client.getBooking({ id }, staff());
    const error = await expectDomainError(
      h.client.recordDutySlip(
        { id, variant: 'SALES', points: points(await photo('fine.jpg'), await stray()), medium: '' },
        staff(),
      ),
    );
    expect([error.code, error.fieldViolations]).toEqual([
      'INVALID_ARGUMENT',
      [
        {
          field: 'points.1.fileId',
          message: 'This photo is not one uploaded for a duty slip here; upload it again.',
        },
      ],
    ]);
    const after = await h.client.getBooking({ id }, staff());
    expect([after.salesSlip, after.booking!.version]).toEqual([[], before.booking!.version]);
  });

  it('refuses a photo id that is no id', async () => {
    const id = await allottedDuty();
    const error = await expectDomainError(
      h.client.recordDutySlip({ id, variant: 'SALES', points: points('nope'), medium: '' }, staff()),
    );
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['points.0.fileId']);
  });
});
