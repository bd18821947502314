// What the driver sees of a duty while acts are still in the outbox: the duty as the server last said,
// with the waiting acts applied in the order they were taken — the status each moves it to, the slip
// points each records, the expenses added — by the same status machine the server uses, so the next
// buttons are the ones the server will offer. An act the machine would refuse is left unapplied (the
// server will refuse it too), and refused acts are listed apart.
import {
  answersNow,
  type BookingType,
  type DutyState,
  type SlipPointKey,
  TRIP_EVENT_RULES,
  transition,
  tripEventsNow,
} from '@fleet/domain';
import Decimal from 'decimal.js';
import type { DriverDuty, SlipPoint } from '../api/types';
import { type DriverAct, dutyIdOf } from './driver-acts';
import type { QueueEntry } from './queue';

// The driver's actions do not depend on the booking's type (only staff's skip of a child duty does),
// and the driver app is not told it.
const DUTY_TYPE: BookingType = 'PARENT';
const DRIVER = { actor: 'DRIVER' } as const;
const SLIP_ORDER: readonly SlipPointKey[] = [
  'GARAGE_START',
  'ARRIVAL',
  'DUTY_START',
  'DUTY_END',
  'GARAGE_END',
];

export interface DutyWithOutbox {
  duty: DriverDuty;
  /** This duty's acts still to be sent, oldest first. */
  waiting: QueueEntry<DriverAct>[];
  /** This duty's acts the server refused, kept for the driver to read. */
  refused: QueueEntry<DriverAct>[];
}

const stateOf = (duty: DriverDuty): DutyState => ({ status: duty.status, type: DUTY_TYPE });

function withPoint(points: readonly SlipPoint[], point: SlipPoint): SlipPoint[] {
  const others = points.filter((p) => p.point !== point.point);
  return [...others, point].sort((a, b) => SLIP_ORDER.indexOf(a.point) - SLIP_ORDER.indexOf(b.point));
}

/** The duty after one waiting act; undefined when the act does not apply to it as it is. */
function applied(duty: DriverDuty, entry: QueueEntry<DriverAct>): DriverDuty | undefined {
  const { act } = entry;
  switch (act.kind) {
    case 'answer': {
      const action = act.input.answer === 'ACCEPT' ? 'driverAccept' : 'driverReject';
      const moved = transition(stateOf(duty), action, DRIVER, act.input.reason ?? undefined);
      return moved.ok ? { ...duty, status: moved.to } : undefined;
    }
    case 'tripEvent': {
      const { input } = act;
      const rule = TRIP_EVENT_RULES[input.event];
      let status = duty.status;
      if (rule.action) {
        const moved = transition(stateOf(duty), rule.action, DRIVER);
        if (!moved.ok) return undefined;
        status = moved.to;
      } else if (!(rule.from ?? []).includes(duty.status)) {
        return undefined;
      }
      const slipPoints = rule.point
        ? withPoint(duty.slipPoints, {
            point: rule.point,
            at: input.at,
            km: new Decimal(input.km.trim()),
            location: input.location ?? '',
            fileId: null,
          })
        : duty.slipPoints;
      const signed = Boolean(input.signatureFileId) || entry.files.some((f) => f.field === 'signatureFileId');
      return { ...duty, status, slipPoints, hasCustomerSignature: duty.hasCustomerSignature || signed };
    }
    case 'billingItem': {
      const { input } = act;
      const name =
        duty.addableItems.find((item) => item.billingItemId === input.billingItemId)?.name ??
        duty.checklist.find((item) => item.billingItemId === input.billingItemId)?.name ??
        'Expense';
      return {
        ...duty,
        billingItems: [
          ...duty.billingItems,
          {
            id: `waiting-${entry.seq}`,
            billingItemId: input.billingItemId,
            name,
            isTaxable: false,
            sacCode: '',
            taxId: null,
            amount: new Decimal(input.amount.trim()),
            receiptFileId: null,
            note: input.note ?? '',
            addedAt: input.at,
          },
        ],
        checklist: duty.checklist.map((item) =>
          item.billingItemId === input.billingItemId ? { ...item, filled: true } : item,
        ),
      };
    }
    case 'navigation':
      return duty;
    case 'locations':
      return undefined;
  }
}

/** The duty as it will be once its waiting acts are sent, and its waiting and refused acts. */
export function withOutbox(duty: DriverDuty, entries: readonly QueueEntry<DriverAct>[]): DutyWithOutbox {
  const mine = entries.filter((entry) => dutyIdOf(entry.act) === duty.id);
  const waiting = mine.filter((entry) => !entry.refusal);
  const refused = mine.filter((entry) => entry.refusal);
  let shown = duty;
  for (const entry of waiting) shown = applied(shown, entry) ?? shown;
  if (shown !== duty) {
    const answers = answersNow(stateOf(shown));
    shown = {
      ...shown,
      tripEvents: tripEventsNow(stateOf(shown)),
      mayAccept: answers.accept,
      mayReject: answers.reject,
    };
  }
  return { duty: shown, waiting, refused };
}

/** The odometer's last reading on the duty's slip, to start the next one from; '' when none. */
export function lastKm(duty: DriverDuty): string {
  const readings = duty.slipPoints.map((p) => p.km);
  if (readings.length === 0) return '';
  return Decimal.max(...readings).toString();
}
