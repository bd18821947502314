import {
  checkSlipOrder,
  type DutyCharges,
  type DutyTypeKind,
  EXTRA_HOUR_ROUNDING,
  measureDuty,
  PERMISSION,
  priceDuty,
  type RateCard,
  type SLIP_POINTS,
  SlipError,
  type SlipReadings,
  SWITCH_PATH_OPTIONS,
  transition,
} from '@fleet/domain';
import {
  conflict,
  invalidField,
  notFound,
  permissionDenied,
  preconditionFailed,
  requireId,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import type { BookingDetail } from '../domain/booking';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { bookingDetailToProto } from '../mappers';
import type { Copy } from '../read-models/master-copies';
import {
  applyStatusChange,
  getBookingDetail,
  listSlipPoints,
  lockDuty,
  replaceSlipPoints,
  type SlipPointRecord,
  type StoredCharges,
  saveCharges,
} from '../storage/booking-record-store';
import { logStaffAction } from './activity';
import { requireBookingFiles } from './booking-files';
import type { BookingsDeps, TenantCaller } from './deps';

const POINTS = ['GARAGE_START', 'ARRIVAL', 'DUTY_START', 'DUTY_END', 'GARAGE_END'] as const;
type PointName = (typeof POINTS)[number];
/** The domain's names of the points, in the same order. */
const DOMAIN_POINT: Record<PointName, (typeof SLIP_POINTS)[number]> = {
  GARAGE_START: 'garageStart',
  ARRIVAL: 'arrival',
  DUTY_START: 'dutyStart',
  DUTY_END: 'dutyEnd',
  GARAGE_END: 'garageEnd',
};
const MEDIA = ['EMAIL', 'HARD_COPY', 'DIGITAL_DUTY_SLIP', 'NETWORK'] as const;
/** A slip is recorded once a duty is allotted and until it is closed (then: adjustments). */
const RECORDABLE = new Set([
  'ALLOTED',
  'DRIVER_ACCEPTED',
  'SUPPLIER_ACCEPTED',
  'DISPATCHED',
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_END',
  'EDIT_NO_SHOW',
]);
const KM = /^\d{1,7}(\.\d)?$/;

export interface SlipPointInput {
  point: string;
  at: Date | undefined;
  km: string;
  location: string;
  /** A photo taken there; '' for none. */
  fileId: string;
}

function checkedPoints(points: SlipPointInput[]): SlipPointRecord[] {
  const seen = new Set<string>();
  return points.map((p, i) => {
    const point = POINTS.find((name) => name === p.point);
    if (!point) throw invalidField(`points.${i}.point`, `A slip's points are ${POINTS.join(', ')}.`);
    if (seen.has(point)) throw invalidField(`points.${i}.point`, 'This point is given twice.');
    seen.add(point);
    if (!p.at || Number.isNaN(p.at.getTime()))
      throw invalidField(`points.${i}.at`, 'Give the date and time.');
    const km = p.km.trim();
    if (!KM.test(km)) throw invalidField(`points.${i}.km`, 'Give the odometer in km, e.g. 45210.5');
    if (p.location.length > 200) throw invalidField(`points.${i}.location`, 'Keep this to 200 characters.');
    const fileId = p.fileId ? requireId(p.fileId, `points.${i}.fileId`).toLowerCase() : null;
    return { point, at: p.at, km, location: p.location.trim(), fileId };
  });
}

const readingsOf = (points: SlipPointRecord[]): SlipReadings =>
  Object.fromEntries(
    points.map((p) => [DOMAIN_POINT[p.point], { at: new Date(p.at), km: new Decimal(p.km) }]),
  );

const decimalOrNull = (value: string | null | undefined) => (value ? new Decimal(value) : null);

/** The card pricing reads: the booking's own rates, the rest from its rate card and the customer. */
export function cardFor(
  booking: BookingDetail,
  dutyType: Copy<'duty_type'>,
  card: Copy<'rate_card'> | undefined,
  customer: Copy<'customer'> | undefined,
): RateCard {
  const own = customer?.connection?.allowances;
  const either = (fromCard: string | undefined, fromCustomer: string | undefined) =>
    decimalOrNull(fromCard) ?? decimalOrNull(fromCustomer);
  const rounding = EXTRA_HOUR_ROUNDING.find((r) => r === card?.extraHourRounding) ?? 'PRO_RATA';
  const switchPath = SWITCH_PATH_OPTIONS.find((s) => s === card?.switchPathGroup) ?? 'OFF';
  return {
    id: card?.id ?? '',
    terms: {
      kind: dutyType.type as DutyTypeKind,
      maxKm: dutyType.maxKm ?? null,
      maxHours: dutyType.maxHr ?? null,
      isP2p: dutyType.isP2p,
      isG2g: dutyType.isG2g,
      isGarageStartCalculated: dutyType.isGarageStartCalculated,
      isGarageEndCalculated: dutyType.isGarageEndCalculated,
      hasOutstationAllowance: dutyType.hasOutstationAllowance,
    },
    normalRate: decimalOrNull(booking.sales.price) ?? decimalOrNull(card?.normalRate) ?? new Decimal(0),
    extraKmRate: decimalOrNull(booking.sales.extraKmRate) ?? decimalOrNull(card?.extraKmRate),
    extraHourRate: decimalOrNull(booking.sales.extraHourRate) ?? decimalOrNull(card?.extraHourRate),
    overTimePerHour: either(card?.overTimePerHr, own?.otPerHour),
    noShowRate: decimalOrNull(card?.noShowRate),
    extraHourRounding: rounding,
    allowances: {
      outstation: either(card?.outstationAllowance, own?.outstationDayAllowance),
      overnight: either(card?.outstationOverNightAllowance, own?.outstationNightAllowance),
      sunday: either(card?.sundayAllowance, own?.sundayAllowance),
      earlyStart: either(card?.earlyStartAllowance, own?.earlyStartAllowance),
      night: either(card?.nightAllowance, own?.nightAllowance),
      extraDuty: either(card?.extraDutyAllowance, own?.extraDutyAllowance),
      driverDaily: either(card?.driverDailyAllowance, own?.dailyAllowance),
    },
    switchPath,
    kmCrossSlab: card?.kmCrossSlab ?? null,
    hourCrossSlab: card?.hourCrossSlab ?? null,
  };
}

/** A priced duty as it is kept with the duty: decimal text throughout. */
export function storedCharges(priced: DutyCharges): StoredCharges {
  return {
    rateCardId: priced.cardId || null,
    km: priced.km.toString(),
    minutes: priced.minutes,
    lines: priced.lines.map((l) => ({
      code: l.code,
      label: l.label,
      quantity: l.quantity.toDecimalPlaces(4).toString(),
      unit: l.unit,
      rate: l.rate.toFixed(2),
      amount: l.amount.toFixed(2),
    })),
    total: priced.total.toFixed(2),
  };
}

function requireSlipPermission(caller: TenantCaller) {
  if (!caller.permissions.includes(PERMISSION.generate_duty_slip)) {
    throw permissionDenied('You need the “Generate Duty Slip” permission to record or close a duty slip.');
  }
}

export function createDutySlip(deps: BookingsDeps) {
  const { db, copies, masters } = deps;

  return {
    async record(
      caller: TenantCaller,
      input: {
        id: string;
        variant: string;
        points: SlipPointInput[];
        medium: string;
        expectedVersion?: number;
      },
    ) {
      requireSlipPermission(caller);
      requireId(input.id, 'id');
      const variant =
        input.variant === 'PURCHASE' ? 'PURCHASE' : input.variant === 'SALES' ? 'SALES' : undefined;
      if (!variant)
        throw invalidField('variant', 'Record the slip for SALES (the customer) or PURCHASE (the supplier).');
      const medium = input.medium ? (MEDIA.find((m) => m === input.medium) ?? null) : null;
      if (input.medium && !medium) throw invalidField('medium', `How the slip arrived: ${MEDIA.join(', ')}.`);
      const points = checkedPoints(input.points);
      try {
        checkSlipOrder(readingsOf(points));
      } catch (error) {
        if (!(error instanceof SlipError)) throw error;
        const index = points.findIndex((p) => DOMAIN_POINT[p.point] === error.point);
        throw invalidField(`points.${index}`, error.message);
      }
      await requireBookingFiles(
        masters,
        caller,
        'slip_photo',
        points.flatMap((p, i) => (p.fileId ? [{ field: `points.${i}.fileId`, id: p.fileId }] : [])),
      );
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDuty(tx, input.id);
        if (!duty) throw notFound('The booking');
        if (input.expectedVersion && duty.version !== input.expectedVersion) {
          throw conflict(
            'Someone changed this duty while you were looking at it. Reload it and try again.',
            'STALE_VERSION',
          );
        }
        if (!RECORDABLE.has(duty.status)) {
          throw preconditionFailed(
            duty.status === 'CLOSED'
              ? 'This duty is closed; its slip changes only by adjustment.'
              : 'A slip is recorded once the duty is allotted.',
            'SLIP_NOT_RECORDABLE',
          );
        }
        await replaceSlipPoints(tx, {
          tenantId: caller.tenantId,
          bookingId: duty.id,
          variant,
          points,
          medium,
          recordedBy: caller.userId,
        });
        await logStaffAction(tx, caller, duty.id, {
          action: variant === 'SALES' ? 'slipRecorded' : 'purchaseSlipRecorded',
          from: duty.status,
          to: duty.status,
        });
        return {
          booking: (await getBookingDetail(tx, duty.id))!,
          points: await listSlipPoints(tx, duty.id, variant),
        };
      });
    },

    async close(caller: TenantCaller, input: { id: string; expectedVersion?: number }) {
      requireSlipPermission(caller);
      requireId(input.id, 'id');
      const before = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, input.id));
      if (!before) throw notFound('The booking');
      const known = await copies.load(caller, {
        duty_type: [before.dutyTypeId],
        customer: [before.customerId],
        rate_card: before.sales.rateCardId ? [before.sales.rateCardId] : [],
      });
      const dutyType = known.duty_type.get(before.dutyTypeId);
      if (!dutyType) throw preconditionFailed('The duty type of this booking is no longer known.');
      const customer = known.customer.get(before.customerId);
      const card = before.sales.rateCardId ? known.rate_card.get(before.sales.rateCardId) : undefined;

      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDuty(tx, input.id);
        if (!duty) throw notFound('The booking');
        if (input.expectedVersion && duty.version !== input.expectedVersion) {
          throw conflict(
            'Someone changed this duty while you were looking at it. Reload it and try again.',
            'STALE_VERSION',
          );
        }
        const outcome = transition(duty, 'closeByOps', { actor: 'STAFF', permissions: caller.permissions });
        if (!outcome.ok) {
          if (outcome.problem === 'NOT_ALLOWED') throw permissionDenied(outcome.message);
          throw preconditionFailed(outcome.message, 'ILLEGAL_TRANSITION');
        }
        const points = await listSlipPoints(tx, duty.id, 'SALES');
        const readings = readingsOf(points);
        if (!readings.dutyStart || !readings.dutyEnd) {
          throw preconditionFailed(
            'Record when the duty started and ended on its slip before closing it.',
            'SLIP_INCOMPLETE',
          );
        }
        const booking = (await getBookingDetail(tx, duty.id))!;
        const connection = customer?.connection;
        const measure = measureDuty(readings, cardFor(booking, dutyType, card, customer).terms, {
          startMinutes: connection?.minGarageStartMinutes ?? 0,
          endMinutes: connection?.minGarageEndMinutes ?? 0,
        });
        const timings = customer?.cityTimings.find((t) => t.cityId === booking.fromCityId);
        const priced = priceDuty({
          card: cardFor(booking, dutyType, card, customer),
          outcome: 'COMPLETED',
          measures: [measure],
          costlierOfKmOrHours: customer?.costlierOfKmOrHourCityIds.includes(booking.fromCityId) ?? false,
          timings: timings && {
            earlyTime: timings.earlyTime,
            lateTime: timings.lateTime,
            overnightTime: timings.overnightTime,
          },
        });
        const charges = storedCharges(priced);
        await applyStatusChange(tx, duty.id, { status: outcome.to });
        await saveCharges(tx, duty.id, charges);
        await logStaffAction(tx, caller, duty.id, {
          action: 'closeByOps',
          from: duty.status,
          to: outcome.to,
        });
        const closed = (await getBookingDetail(tx, duty.id))!;
        await bookingsOutbox.enqueue(
          tx,
          BookingsEvents.bookingStatusChanged,
          {
            tenantId: caller.tenantId,
            booking: bookingDetailToProto(closed),
            action: 'closeByOps',
            fromStatus: duty.status,
            toStatus: outcome.to,
            changedByUserId: caller.userId,
            actorUserId: caller.actorUserId ?? caller.userId,
          },
          caller,
        );
        return { booking: closed, charges };
      });
    },
  };
}
