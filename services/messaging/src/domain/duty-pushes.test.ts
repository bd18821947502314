import type { BookingChange, BookingFacts } from './booking-texts';
import { type DutyHolder, pushesFor, pushWords } from './duty-pushes';

const RAVI = '0f6d1c3e-8a52-4a59-9a3e-2f1b7c9d4e01';
const SURESH = '5b2e7f90-1c4d-4e8a-b6f3-9d0a2c5e7f12';

const booking: BookingFacts = {
  id: 'c1f0e2d3-4b5a-4678-9abc-def012345678',
  bookingNo: '42',
  status: 'ALLOTED',
  version: 3,
  customerId: '',
  customerName: 'Acme Travels',
  supplierId: '',
  reportingAt: new Date('2026-04-01T04:00:00Z'),
  pickup: 'Terminal 2, Mumbai airport',
  drop: 'Powai',
  vehicleNo: 'MH01AB1234',
  driverName: 'Ravi Kumar',
  driverPhone: '+919800000009',
  allotedDriverId: RAVI,
  tripOtp: '4821',
  bookedBy: undefined,
  passengers: [],
};

const change = (
  c: Partial<Omit<BookingChange, 'booking'>> & { booking?: Partial<BookingFacts> },
): BookingChange => ({
  event: 'status_changed',
  action: 'allot',
  fromStatus: 'BOOKED',
  toStatus: 'ALLOTED',
  ...c,
  booking: { ...booking, ...c.booking },
});

const raviHeld: DutyHolder = { driverId: RAVI, name: 'Ravi Kumar', phone: '+919800000009' };
const summary = (c: BookingChange, before?: DutyHolder) =>
  pushesFor(c, before).map((p) => `${p.type} ${p.reason} ${p.driver.name}`);

describe('which pushes a change to a duty sends to drivers’ apps', () => {
  it('tells the allotted driver of the duty, and the driver it was taken from', () => {
    expect(summary(change({}))).toEqual(['NEW_DUTY_PUSH ALLOTTED Ravi Kumar']);
    const toSuresh = change({
      fromStatus: 'ALLOTED',
      booking: { allotedDriverId: SURESH, driverName: 'Suresh Patil', driverPhone: '+919800000010' },
    });
    expect(summary(toSuresh, raviHeld)).toEqual([
      'NEW_DUTY_PUSH ALLOTTED Suresh Patil',
      'DUTY_CANCELLED_PUSH WITHDRAWN Ravi Kumar',
    ]);
    // Allotted again to the same driver (another vehicle): told again, nothing taken away.
    expect(summary(change({ fromStatus: 'DISPATCHED' }), raviHeld)).toEqual([
      'NEW_DUTY_PUSH ALLOTTED Ravi Kumar',
    ]);
  });

  it('tells the driver holding a duty that it is cancelled, or that its allotment went', () => {
    const cancelled = change({ action: 'cancel', fromStatus: 'ALLOTED', toStatus: 'CANCELLED' });
    expect(summary(cancelled, raviHeld)).toEqual(['DUTY_CANCELLED_PUSH CANCELLED Ravi Kumar']);
    const cleared = change({
      action: 'clearAllotment',
      fromStatus: 'ALLOTED',
      toStatus: 'BOOKED',
      booking: { allotedDriverId: '', driverName: '', driverPhone: '' },
    });
    expect(summary(cleared, raviHeld)).toEqual(['DUTY_CANCELLED_PUSH WITHDRAWN Ravi Kumar']);
    const toSupplier = change({
      action: 'sendToSupplier',
      fromStatus: 'ALLOTED',
      toStatus: 'SUPPLIER_REQUESTED',
      booking: { allotedDriverId: '', supplierId: 'sup' },
    });
    expect(summary(toSupplier, raviHeld)).toEqual(['DUTY_CANCELLED_PUSH WITHDRAWN Ravi Kumar']);
  });

  it('pushes nothing to a driver who rejected the duty, to a supplier’s driver, or for a status that allots no one', () => {
    const rejectedThenElsewhere = change({
      fromStatus: 'DRIVER_REJECTED',
      booking: { allotedDriverId: SURESH, driverName: 'Suresh Patil' },
    });
    expect(summary(rejectedThenElsewhere, raviHeld)).toEqual(['NEW_DUTY_PUSH ALLOTTED Suresh Patil']);
    expect(
      summary(change({ action: 'cancel', fromStatus: 'DRIVER_REJECTED', toStatus: 'CANCELLED' }), raviHeld),
    ).toEqual([]);
    // A supplier's own driver is named on the duty but has no app account here.
    expect(summary(change({ booking: { allotedDriverId: '', supplierId: 'sup' } }))).toEqual([]);
    // A refused cancellation request returns the duty to ALLOTED: nothing new for the driver.
    expect(
      summary(change({ action: 'refuseCancellation', fromStatus: 'CANCELLATION_REQUESTED' }), raviHeld),
    ).toEqual([]);
    expect(
      summary(change({ action: 'dispatch', fromStatus: 'ALLOTED', toStatus: 'DISPATCHED' }), raviHeld),
    ).toEqual([]);
    expect(
      summary(change({ event: 'updated', action: 'updated', fromStatus: '', toStatus: '' }), raviHeld),
    ).toEqual([]);
  });
});

describe('a push’s words', () => {
  it('says the duty’s number, reporting time in the operator’s zone and pickup, and tells the app what to open', () => {
    const [push] = pushesFor(change({}), undefined);
    if (!push) throw new Error('expected a push');
    expect(pushWords(push, booking, 'Asia/Kolkata')).toEqual({
      title: 'New duty #00000042',
      body: 'Report 01/04/2026 09:30 at Terminal 2, Mumbai airport with MH01AB1234.',
      data: { bookingId: booking.id, bookingNo: '42', kind: 'NEW_DUTY' },
    });
    expect(pushWords(push, { ...booking, pickup: '', vehicleNo: '' }, 'Asia/Dubai').body).toBe(
      'Report 01/04/2026 08:00.',
    );
  });

  it('keeps a long or multi-line pickup to one short line FCM takes', () => {
    const [push] = pushesFor(change({}), undefined);
    if (!push) throw new Error('expected a push');
    const words = pushWords(
      push,
      { ...booking, pickup: `Gate 4,\tTerminal 2\n${'x'.repeat(500)}` },
      'Asia/Kolkata',
    );
    expect(words.body).toMatch(/^Report 01\/04\/2026 09:30 at Gate 4, Terminal 2 x+… with MH01AB1234\.$/);
    expect([...words.body].length).toBeLessThan(300);
  });
});
