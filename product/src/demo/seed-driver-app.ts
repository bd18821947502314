// The demo driver's day in the driver app (the month of duties leaves the driver's vehicle to it), so
// the board and the app open alive: a duty done and closed from the phone this morning, one on the road now (accepted, out of
// the garage, at the pickup, started), one later today waiting for the driver's answer and one for
// tomorrow. Every act goes through bookings' driver-app routes as the driver's own session would send it.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type BookingDraftInput,
  customerMaster,
  driverMaster,
  dutyTypeMaster,
  operatorDate,
  type TripEvent,
  vehicleMaster,
} from '@fleet/domain';
import { type Caller, callAs, fromConnectError } from '@fleet/platform';
import { DEMO_DRIVER_PHONE, type IdentityClient } from './operator';
import { type BookingsClient, listAll } from './seed-bookings';
import type { MastersClient } from './seed-masters';

const MINUTE = 60_000;

/** Identity makes the driver's account from masters' event; the seeding waits for it (a moment). */
async function driverUserOf(identity: IdentityClient, owner: Caller, driverId: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { accounts } = await identity.listDriverAccounts({ driverIds: [driverId] }, callAs(owner));
    if (accounts[0]?.userId) return accounts[0].userId;
    if (Date.now() > deadline) throw new Error('the demo driver’s app account was not made');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function seedDemoDriverDuties(
  clients: { bookings: BookingsClient; masters: MastersClient; identity: IdentityClient },
  owner: Caller,
  options: { now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const drivers = await listAll(clients.masters, owner, driverMaster);
  const driver = drivers.find((d) => d.values.phone === DEMO_DRIVER_PHONE);
  const vehicle = (await listAll(clients.masters, owner, vehicleMaster)).find(
    (v) => v.values.driver_id === driver?.id,
  );
  const customer = (await listAll(clients.masters, owner, customerMaster)).find((c) => c.values.city_id);
  const dutyType = (await listAll(clients.masters, owner, dutyTypeMaster)).find(
    (d) => d.values.name === '8 Hrs 80 Kms',
  );
  if (!driver || !vehicle || !customer || !dutyType) return 0;

  const userId = await driverUserOf(clients.identity, owner, driver.id);
  const asDriver = callAs({
    requestId: randomUUID(),
    tenantId: owner.tenantId,
    userId,
    actorUserId: userId,
    role: 'DRIVER',
    driverId: driver.id,
    permissions: [],
    isMasquerade: false,
  });
  const as = callAs(owner);
  const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const addDay = (at: Date) => new Date(at.getTime() + 24 * 60 * MINUTE);
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' }).format(
      at,
    );

  /** A duty for the demo driver's vehicle reporting at `at` (to the quarter hour), allotted. */
  const duty = async (at: Date, passenger: string, from: string, to: string) => {
    const quarter = new Date(Math.floor(at.getTime() / (15 * MINUTE)) * 15 * MINUTE);
    const draft: BookingDraftInput = {
      customerId: customer.id,
      passengers: [{ name: passenger, phone: '+919700012345' }],
      fromCityId: String(customer.values.city_id),
      vehicleGroupId: String(vehicle.values.vehicle_group_id),
      dutyTypeId: dutyType.id,
      reportingDate: operatorDate(quarter),
      reportingTime: clock(quarter),
      reportingAddress: from,
      dropAddress: to,
      sales: { price: '2400' },
      confirmed: true,
    };
    const { booking } = await clients.bookings.createBooking({ draftJson: JSON.stringify(draft) }, as);
    const allot = (overrideReason = '') =>
      clients.bookings.allotDuty({ id: booking!.id, kind: 'OWN', vehicleId: vehicle.id, overrideReason }, as);
    // The day's duties follow one another closer than an 8-hour duty's planned end.
    await allot().catch((error: unknown) => {
      const refused = fromConnectError(error);
      if (!refused.fieldViolations.some((v) => v.field === 'overrideReason')) throw error;
      return allot('The duty before ends well before its planned time');
    });
    return booking!;
  };

  const startKm = 48_210;
  const run = async (
    booking: { id: string; tripStartOtp: string; tripEndOtp: string },
    steps: [TripEvent, number, number][],
  ) => {
    await clients.bookings.answerDuty(
      {
        id: booking.id,
        clientActionId: randomUUID(),
        answer: 'ACCEPT',
        at: timestampFromDate(minutesFromNow(steps[0]![1] - 30)),
      },
      asDriver,
    );
    for (const [event, minutes, km] of steps) {
      await clients.bookings.recordTripEvent(
        {
          id: booking.id,
          clientActionId: randomUUID(),
          event,
          at: timestampFromDate(minutesFromNow(minutes)),
          km: String(km),
          location: event === 'GARAGE_START' || event === 'GARAGE_END' ? 'Garage, Baner' : 'Pune',
          code:
            event === 'DUTY_START' ? booking.tripStartOtp : event === 'DUTY_END' ? booking.tripEndOtp : '',
        },
        asDriver,
      );
    }
  };

  const done = await duty(minutesFromNow(-270), 'Meera Iyer', 'Koregaon Park', 'Pune Airport');
  await run(done, [
    ['GARAGE_START', -300, startKm],
    ['DRIVER_ARRIVED', -275, startKm + 9],
    ['DUTY_START', -268, startKm + 9],
    ['DUTY_END', -60, startKm + 96],
    ['GARAGE_END', -35, startKm + 108],
  ]);
  const onTheRoad = await duty(minutesFromNow(-10), 'Kabir Malhotra', 'Hinjewadi Phase 1', 'Viman Nagar');
  await run(onTheRoad, [
    ['GARAGE_START', -25, startKm + 108],
    ['DRIVER_ARRIVED', -8, startKm + 117],
    ['DUTY_START', -3, startKm + 117],
  ]);
  // Later today: four hours on, or halfway to midnight when the evening is further on than that (India
  // keeps one offset all year, +05:30), so it stays today's at whatever hour the demo is seeded.
  const midnight = new Date(`${operatorDate(addDay(now))}T00:00:00+05:30`).getTime();
  const laterToday = Math.min(240, Math.floor((midnight - now.getTime()) / MINUTE / 2));
  await duty(minutesFromNow(Math.max(laterToday, 1)), 'Ananya Gupta', 'Baner Road', 'Magarpatta City');
  await duty(minutesFromNow(24 * 60), 'Vikram Joshi', 'Aundh', 'Mumbai, Andheri East');
  return 4;
}
