// The records a booking names besides its customer and duty type — vehicle group, cities, labels, duty
// supporters, custom fields — checked against masters on a real PostgreSQL with masters beside it: each
// refusal names the field at fault and writes nothing; a record the duty already holds survives its
// deactivation on an update, while a copy (new duties) refuses it.
import { randomUUID } from 'node:crypto';
import { allPermissionIds, type BookingDraftInput, PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { type BookingsHarness, bootBookings } from './support';

// 10:00 on 24 November 2026 in Kolkata.
const NOW = new Date('2026-11-24T04:30:00Z');

let h: BookingsHarness;

async function master(tenantId: string, kind: string, values: Record<string, unknown>) {
  const { record } = await h.masters.client.createRecord(
    { kind, valuesJson: JSON.stringify(values) },
    callAs(h.masters.callerFor(tenantId)),
  );
  return record!.id;
}

const deactivate = (tenantId: string, kind: string, id: string) =>
  h.masters.client.setRecordActive({ kind, id, isActive: false }, callAs(h.masters.callerFor(tenantId)));

/** An operator with a customer, a duty type and a vehicle group to book. */
async function operator() {
  const tenantId = randomUUID();
  const customerId = await master(tenantId, 'customer', { name: 'Acme Corp' });
  const dutyTypeId = await master(tenantId, 'duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM' });
  const vehicleGroupId = await master(tenantId, 'vehicle_group', { name: 'Sedan' });
  const draft = (more: Partial<BookingDraftInput> = {}): BookingDraftInput => ({
    customerId,
    passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
    fromCityId: 'mh-pune',
    vehicleGroupId,
    dutyTypeId,
    reportingDate: '2026-11-25',
    reportingTime: '07:30',
    reportingAddress: 'Hinjewadi Phase 1, Pune',
    ...more,
  });
  const staff = (permissions: string[] = allPermissionIds()) => callAs(h.callerFor(tenantId, permissions));
  const take = (d: BookingDraftInput, as = staff()) =>
    h.client.createBooking({ draftJson: JSON.stringify(d) }, as);
  const bookingCount = async () => {
    const [counted] = await h.database.db.asSystem((tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bookings.bookings where tenant_id = ${tenantId}`,
      ),
    );
    return counted!.n;
  };
  /** The refusal of an attempt, after checking it was a bad input and nothing was written. */
  const refused = async (attempt: () => Promise<unknown>) => {
    const before = await bookingCount();
    const error = await expectDomainError(attempt());
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(await bookingCount()).toBe(before);
    return error;
  };
  /** The field each violation of a refused attempt names. */
  const refusedFields = async (attempt: () => Promise<unknown>) =>
    (await refused(attempt)).fieldViolations.map((v) => v.field);
  return { tenantId, vehicleGroupId, draft, staff, take, refused, refusedFields };
}

beforeAll(async () => {
  h = await bootBookings({ clock: () => NOW });
});
afterAll(() => h?.close());

describe('the records a booking names', () => {
  it('stores labels, supporters, cities and custom fields that are the operator’s own and active', async () => {
    const o = await operator();
    const vip = await master(o.tenantId, 'label', { name: 'VIP', colour: 'red' });
    const guide = await master(o.tenantId, 'duty_supporter', { name: 'Ravi Guide', type: 'GUIDE' });
    const department = await master(o.tenantId, 'custom_field', {
      name: 'Department',
      entity: 'BOOKING',
      type: 'SELECT',
      options: 'Sales, Finance',
    });
    const { booking } = await o.take(
      o.draft({
        toCityId: 'mh-mumbai',
        labelIds: [vip],
        dutySupporterIds: [guide],
        customFields: [{ customFieldId: department, value: 'Finance' }],
      }),
    );
    expect(booking).toMatchObject({
      fromCityId: 'mh-pune',
      toCityId: 'mh-mumbai',
      labelIds: [vip],
      dutySupporterIds: [guide],
      customFields: [{ customFieldId: department, value: 'Finance' }],
    });
  });

  it('refuses another operator’s label, naming which one, and writes nothing', async () => {
    const o = await operator();
    const ours = await master(o.tenantId, 'label', { name: 'VIP', colour: 'red' });
    const theirs = await master(randomUUID(), 'label', { name: 'VIP', colour: 'red' });
    expect(await o.refusedFields(() => o.take(o.draft({ labelIds: [ours, theirs] })))).toEqual([
      'labelIds.1',
    ]);
  });

  it('refuses a deactivated vehicle group and an unknown city', async () => {
    const o = await operator();
    await deactivate(o.tenantId, 'vehicle_group', o.vehicleGroupId);
    const refused = await o.refusedFields(() => o.take(o.draft({ toCityId: 'xx-atlantis' })));
    expect(refused.sort()).toEqual(['toCityId', 'vehicleGroupId']);
    const unknownFrom = await o.refusedFields(() =>
      o.take(o.draft({ fromCityId: 'xx-atlantis', vehicleGroupId: randomUUID() })),
    );
    expect(unknownFrom.sort()).toEqual(['fromCityId', 'vehicleGroupId']);
  });

  it('refuses a duty supporter who is deactivated', async () => {
    const o = await operator();
    const gone = await master(o.tenantId, 'duty_supporter', { name: 'Old Cleaner', type: 'CLEANER' });
    await deactivate(o.tenantId, 'duty_supporter', gone);
    expect(await o.refusedFields(() => o.take(o.draft({ dutySupporterIds: [gone] })))).toEqual([
      'dutySupporterIds.0',
    ]);
  });

  it('refuses a choice that is not among the field’s choices, and a field not asked on bookings', async () => {
    const o = await operator();
    const department = await master(o.tenantId, 'custom_field', {
      name: 'Department',
      entity: 'BOOKING',
      type: 'SELECT',
      options: 'Sales, Finance',
    });
    const employeeCode = await master(o.tenantId, 'custom_field', {
      name: 'Employee code',
      entity: 'PASSENGER',
      type: 'TEXT',
    });
    const refused = await o.refusedFields(() =>
      o.take(
        o.draft({
          customFields: [
            { customFieldId: department, value: 'Marketing' },
            { customFieldId: employeeCode, value: 'E-1' },
            { customFieldId: randomUUID(), value: 'x' },
          ],
        }),
      ),
    );
    expect(refused).toEqual([
      'customFields.0.value',
      'customFields.1.customFieldId',
      'customFields.2.customFieldId',
    ]);
  });

  it('asks for a required booking field of whoever is shown it, and not of whoever is not', async () => {
    const o = await operator();
    const costCentre = await master(o.tenantId, 'custom_field', {
      name: 'Cost centre',
      entity: 'BOOKING',
      type: 'TEXT',
      is_required: true,
    });
    const missing = await expectDomainError(o.take(o.draft()));
    expect(missing.fieldViolations).toEqual([
      expect.objectContaining({ field: 'customFields', message: expect.stringContaining('Cost centre') }),
    ]);
    // The form sends a row per field it shows; a blank one is where the refusal lands.
    const blank = await o.refusedFields(() =>
      o.take(o.draft({ customFields: [{ customFieldId: costCentre, value: '  ' }] })),
    );
    expect(blank).toEqual(['customFields.0.value']);
    const filled = await o.take(o.draft({ customFields: [{ customFieldId: costCentre, value: 'CC-1042' }] }));
    expect(filled.booking!.customFields).toMatchObject([{ customFieldId: costCentre, value: 'CC-1042' }]);

    // A dispatcher who cannot see custom fields takes bookings without them, and keeps a duty's entries
    // as they are when changing it.
    const dispatcher = o.staff(
      allPermissionIds().filter(
        (p) => p !== PERMISSION.view_custom_fields && p !== PERMISSION.manage_custom_fields,
      ),
    );
    const taken = await o.take(o.draft(), dispatcher);
    expect(taken.booking!.customFields).toEqual([]);
    const changed = await h.client.updateBooking(
      { id: filled.booking!.id, draftJson: JSON.stringify(o.draft({ reportingTime: '09:00' })) },
      dispatcher,
    );
    expect([changed.booking!.reportingAt, changed.booking!.customFields]).toMatchObject([
      { seconds: BigInt(Date.parse('2026-11-25T03:30:00Z') / 1000) },
      [{ customFieldId: costCentre, value: 'CC-1042' }],
    ]);
    const filling = await expectDomainError(
      o.take(o.draft({ customFields: [{ customFieldId: costCentre, value: 'CC-9' }] }), dispatcher),
    );
    expect(filling.code).toBe('PERMISSION_DENIED');
  });

  it('keeps a since-deactivated label on its duty when changed, and refuses it on a copy', async () => {
    const o = await operator();
    const campaign = await master(o.tenantId, 'label', { name: 'Diwali 2026', colour: 'orange' });
    const { booking } = await o.take(o.draft({ labelIds: [campaign] }));
    await deactivate(o.tenantId, 'label', campaign);
    const changed = await h.client.updateBooking(
      { id: booking!.id, draftJson: JSON.stringify(o.draft({ labelIds: [campaign], remark: 'Gate 2' })) },
      o.staff(),
    );
    expect([changed.booking!.labelIds, changed.booking!.remark]).toEqual([[campaign], 'Gate 2']);
    const copy = await o.refused(() =>
      h.client.copyBooking({ id: booking!.id, reportingDate: '2026-12-02' }, o.staff()),
    );
    expect(copy.fieldViolations.map((v) => [v.field, v.message])).toEqual([
      ['labelIds.0', 'The label “Diwali 2026” is deactivated; choose another or activate it.'],
    ]);
  });
});
