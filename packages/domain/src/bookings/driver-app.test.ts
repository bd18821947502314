import { answersNow, TRIP_EVENT_RULES, TRIP_EVENTS, tripEventsNow } from './driver-app';
import { BOOKING_TRANSITIONS } from './status-machine';

const duty = (status: Parameters<typeof tripEventsNow>[0]['status']) => ({ status, type: 'PARENT' as const });

describe('the driver app’s trip events', () => {
  it('offers the trip in its order, one step at a time', () => {
    expect(tripEventsNow(duty('DISPATCHED'))).toEqual(['GARAGE_START', 'DRIVER_ARRIVED', 'DUTY_START']);
    expect(tripEventsNow(duty('DRIVER_GARAGE_START'))).toEqual(['DRIVER_ARRIVED', 'DUTY_START']);
    expect(tripEventsNow(duty('DRIVER_ARRIVED_AT_PICKUP'))).toEqual(['DUTY_START', 'DUTY_START_NO_SHOW']);
    expect(tripEventsNow(duty('DRIVER_DUTY_START'))).toEqual(['DUTY_END']);
    expect(tripEventsNow(duty('DRIVER_DUTY_END'))).toEqual(['GARAGE_END']);
    expect(tripEventsNow(duty('DRIVER_DUTY_START_PASSENGER_NO_SHOW'))).toEqual(['GARAGE_END_NO_SHOW']);
  });

  it('offers nothing on a duty that is not the driver’s to run', () => {
    for (const status of [
      'BOOKED',
      'CLOSED',
      'CANCELLED',
      'DRIVER_REJECTED',
      'SUPPLIER_REQUESTED',
    ] as const) {
      expect(tripEventsNow(duty(status))).toEqual([]);
    }
  });

  it('takes every action through a transition the status machine gives the driver', () => {
    for (const event of TRIP_EVENTS) {
      const { action } = TRIP_EVENT_RULES[event];
      if (action) expect(BOOKING_TRANSITIONS[action].by).toContainEqual({ actor: 'DRIVER' });
    }
  });

  it('lets a driver answer an allotted duty, and reject it until the trip starts', () => {
    expect(answersNow(duty('ALLOTED'))).toEqual({ accept: true, reject: true });
    expect(answersNow(duty('DRIVER_ACCEPTED'))).toEqual({ accept: false, reject: true });
    expect(answersNow(duty('DRIVER_GARAGE_START'))).toEqual({ accept: false, reject: false });
  });
});
