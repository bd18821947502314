import Decimal from 'decimal.js';
import type { DriverDuty } from '../api/types';
import type { DriverAct } from './driver-acts';
import { lastKm, withOutbox } from './optimistic';
import type { QueueEntry } from './queue';

const DUTY_ID = '0b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const OTHER_DUTY = '1b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const TOLL = '2b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const duty = (changes: Partial<DriverDuty> = {}): DriverDuty => ({
  id: DUTY_ID,
  bookingNo: 41,
  status: 'DRIVER_ACCEPTED',
  reportingAt: new Date('2026-11-25T03:00:00Z'),
  startDate: '2026-11-25',
  reportingAddress: 'Aundh, Pune',
  dropAddress: 'Pune airport',
  customerName: 'Acme Corp',
  passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  bookedBy: null,
  vehicleNo: 'MH12AB1001',
  dutyTypeName: '8 Hrs 80 Kms',
  remark: '',
  version: 3,
  mayAccept: false,
  mayReject: true,
  tripEvents: ['GARAGE_START', 'DRIVER_ARRIVED'],
  startCodeRequired: false,
  endCodeRequired: false,
  checklist: [{ billingItemId: TOLL, name: 'Toll', filled: false }],
  addableItems: [{ billingItemId: TOLL, name: 'Toll' }],
  billingItems: [],
  slipPoints: [
    {
      point: 'GARAGE_START',
      at: new Date('2026-11-25T02:30:00Z'),
      km: new Decimal('5000'),
      location: '',
      fileId: null,
    },
  ],
  hasCustomerSignature: false,
  ...changes,
});

let seq = 0;
const entry = (act: DriverAct, more: Partial<QueueEntry<DriverAct>> = {}): QueueEntry<DriverAct> => ({
  seq: ++seq,
  act,
  files: [],
  queuedAt: new Date(),
  attempts: 0,
  ...more,
});
const tripEvent = (
  event: 'GARAGE_START' | 'DRIVER_ARRIVED' | 'DUTY_START' | 'DUTY_END',
  km: string,
  id = DUTY_ID,
) =>
  entry({
    kind: 'tripEvent',
    input: { id, clientActionId: crypto.randomUUID(), at: new Date('2026-11-25T04:00:00Z'), event, km },
  });

it('shows the duty as the server said when nothing of it waits', () => {
  const shown = withOutbox(duty(), [tripEvent('DUTY_START', '5020', OTHER_DUTY)]);
  expect(shown).toEqual({ duty: duty(), waiting: [], refused: [] });
});

it('moves the duty through the events waiting to be sent, records their km, and offers what comes next', () => {
  const waiting = [tripEvent('DRIVER_ARRIVED', '5010'), tripEvent('DUTY_START', '5012')];
  const shown = withOutbox(duty({ status: 'DRIVER_GARAGE_START' }), waiting);
  expect(shown.duty.status).toBe('DRIVER_DUTY_START');
  expect(shown.duty.slipPoints.map((p) => [p.point, p.km.toString()])).toEqual([
    ['GARAGE_START', '5000'],
    ['ARRIVAL', '5010'],
    ['DUTY_START', '5012'],
  ]);
  expect(shown.duty.tripEvents).toEqual(['DUTY_END']);
  expect(shown.waiting).toEqual(waiting);
  expect(lastKm(shown.duty)).toBe('5012');
});

it('shows an accepted duty accepted before the answer reaches the server', () => {
  const accept = entry({
    kind: 'answer',
    input: { id: DUTY_ID, clientActionId: crypto.randomUUID(), at: new Date(), answer: 'ACCEPT' },
  });
  const shown = withOutbox(duty({ status: 'ALLOTED', mayAccept: true, slipPoints: [] }), [accept]);
  expect([shown.duty.status, shown.duty.mayAccept, shown.duty.mayReject]).toEqual([
    'DRIVER_ACCEPTED',
    false,
    true,
  ]);
  expect(shown.duty.tripEvents).toEqual(['GARAGE_START', 'DRIVER_ARRIVED']);
});

it('adds a waiting expense and ticks it off the checklist', () => {
  const toll = entry({
    kind: 'billingItem',
    input: {
      id: DUTY_ID,
      clientActionId: crypto.randomUUID(),
      at: new Date(),
      billingItemId: TOLL,
      amount: '120',
    },
  });
  const shown = withOutbox(duty(), [toll]);
  expect(shown.duty.billingItems.map((b) => [b.name, b.amount.toFixed(2)])).toEqual([['Toll', '120.00']]);
  expect(shown.duty.checklist).toEqual([{ billingItemId: TOLL, name: 'Toll', filled: true }]);
});

it('counts the passenger’s signature taken at the end, and closes the duty at garage end', () => {
  const end = {
    ...tripEvent('DUTY_END', '5096'),
    files: [{ field: 'signatureFileId', name: 'signature.png', blob: new Blob() }],
  };
  const garage = entry({
    kind: 'tripEvent',
    input: {
      id: DUTY_ID,
      clientActionId: crypto.randomUUID(),
      at: new Date(),
      event: 'GARAGE_END',
      km: '5108',
    },
  });
  const shown = withOutbox(duty({ status: 'DRIVER_DUTY_START' }), [end, garage]);
  expect([shown.duty.status, shown.duty.hasCustomerSignature, shown.duty.tripEvents]).toEqual([
    'CLOSED',
    true,
    [],
  ]);
});

it('leaves unapplied an event the duty is not ready for, and lists refused acts apart', () => {
  const early = tripEvent('DUTY_END', '5090');
  const refused = {
    ...tripEvent('DUTY_START', '4000'),
    refusal: { message: 'The km reading cannot be less…', fieldErrors: { dutyStart: '…' }, status: 400 },
  };
  const shown = withOutbox(duty({ status: 'DRIVER_GARAGE_START' }), [refused, early]);
  expect(shown.duty.status).toBe('DRIVER_GARAGE_START');
  expect(shown.duty.slipPoints.map((p) => p.point)).toEqual(['GARAGE_START']);
  expect([shown.waiting, shown.refused]).toEqual([[early], [refused]]);
});

it('starts the odometer from nothing on a duty with no reading yet', () => {
  expect(lastKm(duty({ slipPoints: [] }))).toBe('');
});
