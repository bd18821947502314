import fc from 'fast-check';
import { allPermissionIds } from '../permissions/closure';
import { BOOKING_STATUSES, BOOKING_TYPES, type BookingStatus } from '../vocabulary';
import {
  availableActions,
  BOOKING_ACTIONS,
  BOOKING_TRANSITIONS,
  type BookingCaller,
  type DutyState,
  editRefusal,
  FINAL_BOOKING_STATUSES,
  INITIAL_BOOKING_STATUSES,
  permissionFor,
  type TransitionRule,
  transition,
} from './status-machine';

const everything: BookingCaller = { actor: 'STAFF', permissions: allPermissionIds() };
const driver: BookingCaller = { actor: 'DRIVER' };

describe('the booking status machine', () => {
  it('moves a duty through a day: book, allot, dispatch, the trip, closed', () => {
    let duty: DutyState = { status: 'BOOKED', type: 'PARENT' };
    const steps: [keyof typeof BOOKING_TRANSITIONS, BookingCaller, BookingStatus][] = [
      ['allot', everything, 'ALLOTED'],
      ['driverAccept', driver, 'DRIVER_ACCEPTED'],
      ['dispatch', everything, 'DISPATCHED'],
      ['garageStart', driver, 'DRIVER_GARAGE_START'],
      ['arriveAtPickup', driver, 'DRIVER_ARRIVED_AT_PICKUP'],
      ['startDuty', driver, 'DRIVER_DUTY_START'],
      ['endDuty', driver, 'DRIVER_DUTY_END'],
      ['completeDuty', driver, 'CLOSED'],
    ];
    for (const [action, caller, expected] of steps) {
      const outcome = transition(duty, action, caller);
      expect(outcome).toEqual({ ok: true, to: expected });
      duty = { ...duty, status: expected };
    }
    expect(availableActions(duty, everything)).toEqual([]);
  });

  it('refuses an illegal move with a message that names the current status', () => {
    expect(transition({ status: 'CANCELLED', type: 'PARENT' }, 'dispatch', everything)).toEqual({
      ok: false,
      problem: 'NOT_NOW',
      message: 'This duty is Cancelled; you cannot dispatch it now.',
    });
    expect(transition({ status: 'DRIVER_DUTY_START', type: 'PARENT' }, 'allot', everything)).toMatchObject({
      ok: false,
      message: expect.stringContaining('On duty'),
    });
  });

  it('lets staff move a duty only with the action’s permission, and other parties only their own moves', () => {
    const booked: DutyState = { status: 'BOOKED', type: 'PARENT' };
    const viewer: BookingCaller = { actor: 'STAFF', permissions: ['view_booking'] };
    expect(transition(booked, 'allot', viewer)).toMatchObject({ ok: false, problem: 'NOT_ALLOWED' });
    expect(
      transition(booked, 'allot', { actor: 'STAFF', permissions: ['allot_vehicle_driver_to_duty'] }),
    ).toEqual({ ok: true, to: 'ALLOTED' });
    expect(transition(booked, 'allot', driver)).toMatchObject({ ok: false, problem: 'NOT_ALLOWED' });
    expect(transition({ status: 'ALLOTED', type: 'PARENT' }, 'driverAccept', everything)).toMatchObject({
      ok: false,
      problem: 'NOT_ALLOWED',
    });
  });

  it('asks for a reason where one is logged', () => {
    const allotted: DutyState = { status: 'ALLOTED', type: 'PARENT' };
    expect(transition(allotted, 'cancel', everything, '  ')).toMatchObject({ problem: 'REASON_NEEDED' });
    expect(transition(allotted, 'cancel', everything, 'Flight cancelled')).toEqual({
      ok: true,
      to: 'CANCELLED',
    });
  });

  it('skips only one day of a multi-day booking', () => {
    expect(transition({ status: 'BOOKED', type: 'PARENT' }, 'skip', everything)).toMatchObject({
      ok: false,
      message: 'This duty is Booked; you cannot skip this kind of duty now.',
    });
    expect(transition({ status: 'BOOKED', type: 'CHILD' }, 'skip', everything)).toEqual({
      ok: true,
      to: 'CANCELLED',
    });
  });

  it('returns a duty to where it was when a cancellation request is refused', () => {
    const requested: DutyState = {
      status: 'CANCELLATION_REQUESTED',
      type: 'PARENT',
      statusBeforeRequest: 'DISPATCHED',
    };
    expect(transition(requested, 'refuseCancellation', everything, 'Passenger confirmed by phone')).toEqual({
      ok: true,
      to: 'DISPATCHED',
    });
  });

  it('names the permission staff need for each action they can take', () => {
    expect(permissionFor('allot')).toBe('allot_vehicle_driver_to_duty');
    expect(permissionFor('cancel')).toBe('cancel_duty');
    expect(permissionFor('dispatch')).toBe('send_duty_info');
    expect(permissionFor('driverAccept')).toBeUndefined();
  });
});

describe('editing a duty’s details', () => {
  it('is open while the duty is tentative or waiting for its trip, allotted or dispatched', () => {
    for (const status of ['UNCONFIRMED', 'BOOKED', 'ALLOTED', 'DISPATCHED'] as const) {
      expect([status, editRefusal({ status, isBilled: false })]).toEqual([status, null]);
    }
  });

  it('sends a started or closed duty to its slip, and says a cancelled one no longer changes', () => {
    expect(editRefusal({ status: 'DRIVER_DUTY_START', isBilled: false })).toEqual({
      code: 'NOT_EDITABLE',
      message:
        'This duty’s trip has started or it is over; change what it was charged by adjusting its slip.',
    });
    expect(editRefusal({ status: 'CLOSED', isBilled: false })?.code).toBe('NOT_EDITABLE');
    expect(editRefusal({ status: 'CANCELLED', isBilled: false })?.message).toBe(
      'This duty is Cancelled; its details do not change in that status.',
    );
  });

  it('refuses an invoiced duty whatever its status, pointing to the invoice', () => {
    expect(editRefusal({ status: 'BOOKED', isBilled: true })).toEqual({
      code: 'BILLED',
      message: 'This duty is invoiced; change it on its invoice.',
    });
  });

  it('is never open in a status no action leaves', () => {
    for (const status of FINAL_BOOKING_STATUSES) {
      expect(editRefusal({ status, isBilled: false })).not.toBeNull();
    }
  });
});

describe('the booking status machine: properties', () => {
  const callers: BookingCaller[] = [
    everything,
    { actor: 'STAFF', permissions: ['view_booking', 'allot_vehicle_driver_to_duty'] },
    { actor: 'STAFF', permissions: [] },
    driver,
    { actor: 'SUPPLIER' },
    { actor: 'CUSTOMER' },
    { actor: 'SYSTEM' },
  ];
  const step = fc.record({
    action: fc.constantFrom(...BOOKING_ACTIONS),
    caller: fc.constantFrom(...callers),
    reason: fc.constantFrom(undefined, '', 'because'),
  });

  it('no sequence of actions reaches a status the table does not lead to', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INITIAL_BOOKING_STATUSES),
        fc.constantFrom(...BOOKING_TYPES),
        fc.array(step, { maxLength: 40 }),
        (initial, type, steps) => {
          let duty: DutyState = { status: initial, type };
          for (const { action, caller, reason } of steps) {
            const rule: TransitionRule = BOOKING_TRANSITIONS[action];
            const outcome = transition(duty, action, caller, reason);
            if (!outcome.ok) continue;
            // The table allowed it: from this status, for this type, by this caller, with a reason if asked.
            expect(rule.from).toContain(duty.status);
            if (rule.types) expect(rule.types).toContain(type);
            expect(rule.by.some((m) => m.actor === caller.actor)).toBe(true);
            if (rule.reason) expect(reason?.trim()).toBeTruthy();
            expect(outcome.to).toBe(rule.to === 'PREVIOUS' ? duty.statusBeforeRequest : rule.to);
            const asks =
              outcome.to === 'CANCELLATION_REQUESTED' || outcome.to === 'CANCELLATION_REQUEST_BY_ASSOCIATE';
            duty = {
              status: outcome.to,
              type,
              statusBeforeRequest: asks ? duty.status : duty.statusBeforeRequest,
            };
          }
        },
      ),
    );
  });

  it('every status is reachable, and every reachable one is final or has a way out', () => {
    const reached = new Set<BookingStatus>(INITIAL_BOOKING_STATUSES);
    const queue: BookingStatus[] = [...INITIAL_BOOKING_STATUSES];
    const cameFrom = new Map<BookingStatus, Set<BookingStatus>>();
    while (queue.length > 0) {
      const status = queue.shift()!;
      for (const action of BOOKING_ACTIONS) {
        const rule: TransitionRule = BOOKING_TRANSITIONS[action];
        if (!rule.from.includes(status)) continue;
        const targets = rule.to === 'PREVIOUS' ? [...(cameFrom.get(status) ?? [])] : [rule.to];
        for (const to of targets) {
          if (to === 'CANCELLATION_REQUESTED' || to === 'CANCELLATION_REQUEST_BY_ASSOCIATE') {
            cameFrom.set(to, new Set([...(cameFrom.get(to) ?? []), status]));
          }
          if (!reached.has(to)) {
            reached.add(to);
            queue.push(to);
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const status of BOOKING_STATUSES) {
      const final = (FINAL_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
      const waysOut = BOOKING_ACTIONS.filter((a) =>
        (BOOKING_TRANSITIONS[a].from as readonly string[]).includes(status),
      );
      expect({ status, hasWayOut: waysOut.length > 0 }).toEqual({ status, hasWayOut: !final });
    }
  });
});
