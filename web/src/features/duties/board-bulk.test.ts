import { allPermissionIds } from '@fleet/domain';
import { bulkSummary, planAllot, planDispatch, type SelectedDuty } from './board-bulk';

const everything = new Set(allPermissionIds());
const duty = (bookingNo: number, status: SelectedDuty['status']): SelectedDuty => ({
  id: `id-${bookingNo}`,
  bookingNo,
  status,
  type: 'PARENT',
});

describe('dispatching and allotting several duties at once', () => {
  const selection = [
    duty(11, 'ALLOTED'),
    duty(12, 'BOOKED'),
    duty(13, 'DISPATCHED'),
    duty(14, 'DRIVER_ACCEPTED'),
    duty(15, 'CLOSED'),
  ];

  it('dispatches the allotted duties and says why each other one is left', () => {
    const plan = planDispatch(selection, everything);
    expect(plan.ready.map((d) => d.bookingNo)).toEqual([11, 14]);
    expect(plan.skipped).toEqual([
      { duty: '00000012', result: 'skipped', reason: 'not allotted yet' },
      { duty: '00000013', result: 'skipped', reason: 'already dispatched' },
      { duty: '00000015', result: 'skipped', reason: 'closed' },
    ]);
  });

  it('dispatches nothing for someone without the permission to send duty details', () => {
    const plan = planDispatch(selection, new Set(['view_booking', 'allot_vehicle_driver_to_duty']));
    expect(plan.ready).toEqual([]);
    expect(plan.skipped).toHaveLength(5);
  });

  it('allots the duties not yet under way and leaves the finished ones, by their status', () => {
    const plan = planAllot(selection, everything);
    expect(plan.ready.map((d) => d.bookingNo)).toEqual([11, 12, 13, 14]);
    expect(plan.skipped).toEqual([{ duty: '00000015', result: 'skipped', reason: 'closed' }]);
  });

  it('accounts for every selected duty in one line', () => {
    expect(
      bulkSummary('dispatched', [
        { duty: '00000011', result: 'done' },
        { duty: '00000014', result: 'done' },
        { duty: '00000012', result: 'skipped', reason: 'not allotted yet' },
        { duty: '00000016', result: 'skipped', reason: 'already dispatched' },
        { duty: '00000017', result: 'skipped', reason: 'already dispatched' },
      ]),
    ).toEqual({
      message: '2 dispatched, 3 skipped (2 already dispatched, 1 not allotted yet).',
      style: 'alert-warning',
    });
    expect(bulkSummary('dispatched', [{ duty: '00000011', result: 'done' }])).toEqual({
      message: '1 dispatched.',
      style: 'alert-success',
    });
  });

  it('names the duties that failed and why, a few of them, and colours the toast as a failure', () => {
    const summary = bulkSummary('allotted', [
      { duty: '00000011', result: 'failed', reason: 'Someone else changed this duty.' },
      { duty: '00000012', result: 'failed', reason: 'The vehicle is on another duty.' },
      { duty: '00000013', result: 'failed', reason: 'The vehicle is on another duty.' },
    ]);
    expect(summary.style).toBe('alert-danger');
    expect(summary.message).toBe(
      '0 allotted, 3 failed (duty 00000011: Someone else changed this duty.; duty 00000012: The vehicle is on another duty.; 1 more).',
    );
  });
});
