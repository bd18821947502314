import { allPermissionIds } from '@fleet/domain';
import { activityWords, actorText, mayDelete, mayEdit, needsReason, offeredActions } from './duty-actions';

const everything = new Set(allPermissionIds());

describe('what a duty offers a person', () => {
  it('offers a booked duty’s allotment and its cancelling, not dispatching or closing', () => {
    expect(offeredActions({ status: 'BOOKED', type: 'PARENT' }, everything)).toEqual({
      status: ['markUnfulfilled', 'cancel'],
      allot: true,
      close: false,
    });
  });

  it('offers dispatch and closing of an allotted duty only to holders of their permissions', () => {
    expect(offeredActions({ status: 'ALLOTED', type: 'PARENT' }, everything)).toMatchObject({
      status: ['dispatch', 'clearAllotment', 'markUnfulfilled', 'cancel'],
      allot: true,
      close: true,
    });
    expect(
      offeredActions(
        { status: 'ALLOTED', type: 'PARENT' },
        new Set(['view_booking', 'allot_vehicle_driver_to_duty']),
      ),
    ).toEqual({ status: ['clearAllotment'], allot: true, close: false });
    expect(offeredActions({ status: 'ALLOTED', type: 'PARENT' }, new Set(['view_booking']))).toEqual({
      status: [],
      allot: false,
      close: false,
    });
  });

  it('lets a day of a multi-day booking be skipped, not the booking’s first day', () => {
    expect(offeredActions({ status: 'BOOKED', type: 'CHILD' }, everything).status).toContain('skip');
    expect(offeredActions({ status: 'BOOKED', type: 'PARENT' }, everything).status).not.toContain('skip');
  });

  it('offers nothing on a closed duty', () => {
    expect(offeredActions({ status: 'CLOSED', type: 'PARENT' }, everything)).toEqual({
      status: [],
      allot: false,
      close: false,
    });
  });

  it('asks a reason where the status machine logs one', () => {
    expect(needsReason('cancel')).toBe(true);
    expect(needsReason('markUnfulfilled')).toBe(true);
    expect(needsReason('dispatch')).toBe(false);
    expect(needsReason('cancelAsNoShow')).toBe(false);
  });

  it('words the trail in plain language, falling back on the status machine’s verb', () => {
    expect(activityWords('created')).toBe('Booked');
    expect(activityWords('closeByOps')).toBe('Closed');
    expect(activityWords('supplierAccept')).toBe('Accept');
    expect(activityWords('slipApprovalRequested')).toBe('Asked the passenger to approve the slip');
    expect(activityWords('BILLING_ITEM_ADDED')).toBe('Billing item added');
    // An action the trail has no words for yet reads as words, never as its code name.
    expect(activityWords('somethingNew')).toBe('Something new');
  });
});

describe('who the trail says did it', () => {
  const priya = { userId: 'u1', userName: 'Priya Nair' };
  const nobody = { userId: null, userName: null, actorUserId: null, actorName: null };
  it('names staff by the name given, says Staff when none came, and other parties by their kind', () => {
    expect(actorText({ actor: 'STAFF', ...priya, actorUserId: 'u1', actorName: 'Priya Nair' })).toBe(
      'Priya Nair',
    );
    expect(actorText({ ...nobody, actor: 'STAFF', userId: 'u9' })).toBe('Staff');
    expect(actorText({ ...nobody, actor: 'DRIVER' })).toBe('Driver app');
  });

  it('says who acted as whom', () => {
    expect(actorText({ actor: 'STAFF', ...priya, actorUserId: 'u2', actorName: 'Kavya Rao' })).toBe(
      'Kavya Rao as Priya Nair',
    );
  });
});

describe('offering Edit', () => {
  it('offers it to a holder of edit_duty while the duty has not started and is not invoiced', () => {
    const editor = new Set(['view_booking', 'edit_duty']);
    expect(mayEdit({ status: 'ALLOTED', isBilled: false }, editor)).toBe(true);
    expect(mayEdit({ status: 'UNCONFIRMED', isBilled: false }, editor)).toBe(true);
    expect(mayEdit({ status: 'DRIVER_DUTY_START', isBilled: false }, editor)).toBe(false);
    expect(mayEdit({ status: 'BOOKED', isBilled: true }, editor)).toBe(false);
  });

  it('never offers it without edit_duty, even to someone who may take bookings', () => {
    expect(mayEdit({ status: 'BOOKED', isBilled: false }, new Set(['view_booking', 'manage_booking']))).toBe(
      false,
    );
  });
});

describe('deleting a booking', () => {
  const fresh = { status: 'BOOKED', isBilled: false, isNetworkIncoming: false } as const;
  const trail = (...actions: string[]) => actions.map((action) => ({ action }));

  it('is offered to holders of Delete Booking while nothing has happened to the booking', () => {
    expect(mayDelete(fresh, trail('created', 'updated', 'labelsChanged'), everything)).toBe(true);
    expect(
      mayDelete({ ...fresh, status: 'UNCONFIRMED' }, trail('created'), new Set(['delete_booking'])),
    ).toBe(true);
    expect(mayDelete(fresh, trail('created'), new Set(['view_booking', 'manage_booking']))).toBe(false);
  });

  it('is not offered once it was allotted (even if cleared since), cancelled, billed or a network request', () => {
    expect(mayDelete({ ...fresh, status: 'ALLOTED' }, trail('created', 'allot'), everything)).toBe(false);
    expect(mayDelete(fresh, trail('created', 'allot', 'clearAllotment'), everything)).toBe(false);
    expect(mayDelete({ ...fresh, status: 'CANCELLED' }, trail('created', 'cancel'), everything)).toBe(false);
    expect(mayDelete({ ...fresh, isBilled: true }, trail('created'), everything)).toBe(false);
    expect(mayDelete({ ...fresh, isNetworkIncoming: true }, trail('created'), everything)).toBe(false);
  });
});
