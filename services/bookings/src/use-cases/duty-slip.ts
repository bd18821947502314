import {
  type BookingStatus,
  checkSlipOrder,
  PERMISSION,
  type SLIP_POINTS,
  SlipError,
  type SlipReadings,
  slipPointAhead,
  slipPointLabel,
  transition,
} from '@fleet/domain';
import {
  conflict,
  invalidField,
  notFound,
  permissionDenied,
  preconditionFailed,
  requireId,
  type Tx,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import type { BookingDetail } from '../domain/booking';
import { chargesToProto } from '../mappers';
import {
  applyStatusChange,
  dutyOfDay,
  getBookingDetail,
  type LockedDuty,
  listSlipPoints,
  replaceSlipPoints,
  type SlipPointRecord,
  saveCharges,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import { requireBookingFiles } from './booking-files';
import { type ClosePricing, createClosePricing, measurable, priceAtClose } from './close-pricing';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';
import { recordOfficeDriverAction } from './office-driver-actions';
import { createPassengerFacts } from './passenger-facts';
import { requestSlipApproval } from './slip-approval';

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

export const readingsOf = (points: SlipPointRecord[]): SlipReadings =>
  Object.fromEntries(
    points.map((p) => [DOMAIN_POINT[p.point], { at: new Date(p.at), km: new Decimal(p.km) }]),
  );

export { cardFor, storedCharges } from './close-pricing';

/** What closing's masters reads depend on: who ran the duty, for whom, on what and at what price. */
const pricedFacts = (b: BookingDetail) =>
  JSON.stringify([
    b.customerId,
    b.dutyTypeId,
    b.vehicleGroupId,
    b.fromCityId,
    b.startDate,
    b.supplierId,
    b.allotedDriverId,
    b.sales,
    b.purchase,
  ]);

function requireSlipPermission(caller: TenantCaller) {
  if (!caller.permissions.includes(PERMISSION.generate_duty_slip)) {
    throw permissionDenied('You need the “Generate Duty Slip” permission to record or close a duty slip.');
  }
}

/**
 * Closes a duty locked in `tx`, whose move to `to` by `action` has been allowed: its customer slip must
 * say when it started and ended; it is priced as it is now (refused as changed when what masters were
 * asked about it moved since `before`) and its charges kept. Staff closing and the driver app
 * completing a duty both close it here.
 */
export async function closeLocked(
  tx: Tx,
  caller: TenantCaller,
  input: {
    duty: LockedDuty;
    before: BookingDetail;
    pricing: ClosePricing;
    action: 'closeByOps' | 'completeDuty';
    to: BookingStatus;
    /** When a digital slip closes, its passenger is asked to approve it within these hours (from now). */
    slipApproval?: { now: Date; hours: number };
    /** The service's clock: what the close records, and what the slip's points must not be later than. */
    now: Date;
  },
) {
  const { duty, before, pricing } = input;
  const sales = readingsOf(await listSlipPoints(tx, duty.id, 'SALES'));
  if (!measurable(sales)) {
    throw preconditionFailed(
      'Record when the duty started and ended on its slip before closing it.',
      'SLIP_INCOMPLETE',
    );
  }
  const purchase = readingsOf(await listSlipPoints(tx, duty.id, 'PURCHASE'));
  // A duty is closed (and so billed) once it has happened, never on a slip that lies ahead.
  const ahead = slipPointAhead(sales, input.now) ?? slipPointAhead(purchase, input.now);
  if (ahead) {
    throw preconditionFailed(
      `${slipPointLabel(ahead)} on this duty’s slip is later than now; close the duty once it has happened.`,
      'SLIP_IN_FUTURE',
    );
  }
  const booking = (await getBookingDetail(tx, duty.id))!;
  if (pricedFacts(booking) !== pricedFacts(before)) {
    // Allotted or re-priced between masters' answers and the lock: price what the duty is now.
    throw conflict('This duty changed while it was being closed. Try again.', 'STALE_VERSION');
  }
  const priced = priceAtClose(
    pricing,
    booking,
    { sales, purchase },
    {
      vehicle: await dutyOfDay(tx, duty.id, 'alloted_vehicle_id'),
      driver: await dutyOfDay(tx, duty.id, 'alloted_driver_id'),
    },
  );
  if (input.action === 'closeByOps') {
    await recordOfficeDriverAction(tx, caller.tenantId, booking, {
      action: 'CLOSED_BY_OPS',
      at: input.now,
    });
  }
  await applyStatusChange(tx, duty.id, { status: input.to });
  await saveCharges(tx, duty.id, priced.charges, 'CUSTOMER');
  if (priced.purchaseCharges) await saveCharges(tx, duty.id, priced.purchaseCharges, 'SUPPLIER');
  if (priced.driverAllowances) await saveCharges(tx, duty.id, priced.driverAllowances, 'DRIVER');
  const closed = await recordDutyChange(tx, caller, duty.id, {
    action: input.action,
    from: duty.status,
    to: input.to,
    event: 'bookingStatusChanged',
    charges: {
      charges: chargesToProto(priced.charges),
      purchaseCharges: priced.purchaseCharges && chargesToProto(priced.purchaseCharges),
      driverAllowances: priced.driverAllowances && chargesToProto(priced.driverAllowances),
    },
  });
  // The slip is complete now (points, billing items, charges): a digital one goes to the passenger.
  if (input.to === 'CLOSED' && closed.slipMedium === 'DIGITAL_DUTY_SLIP' && input.slipApproval) {
    await requestSlipApproval(tx, caller, { bookingId: duty.id, ...input.slipApproval });
  }
  return { booking: closed, ...priced };
}

export function createDutySlip(deps: BookingsDeps) {
  const { db, masters, clock } = deps;
  const closePricing = createClosePricing(deps);
  const facts = createPassengerFacts(deps);

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
      const ahead = slipPointAhead(readingsOf(points), clock());
      if (ahead) {
        throw invalidField(
          `points.${points.findIndex((p) => DOMAIN_POINT[p.point] === ahead)}.at`,
          `${slipPointLabel(ahead)} is later than now; record a point once the duty has passed it.`,
        );
      }
      await requireBookingFiles(
        masters,
        caller,
        'slip_photo',
        points.flatMap((p, i) => (p.fileId ? [{ field: `points.${i}.fileId`, id: p.fileId }] : [])),
      );
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, input.id, input.expectedVersion);
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
        return {
          booking: await recordDutyChange(tx, caller, duty.id, {
            action: variant === 'SALES' ? 'slipRecorded' : 'purchaseSlipRecorded',
            from: duty.status,
            to: duty.status,
            event: 'bookingUpdated',
          }),
          points: await listSlipPoints(tx, duty.id, variant),
        };
      });
    },

    async close(caller: TenantCaller, input: { id: string; expectedVersion?: number }) {
      requireSlipPermission(caller);
      requireId(input.id, 'id');
      const before = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, input.id));
      if (!before) throw notFound('The booking');
      const pricing = await closePricing.prepare(caller, before);
      if (!pricing) throw preconditionFailed('The duty type of this booking is no longer known.');
      // A slip the driver app recorded is the passenger's to approve; a hard-copy one is not.
      const slipApproval =
        before.slipMedium === 'DIGITAL_DUTY_SLIP'
          ? { now: clock(), hours: await facts.autoAcceptHours(caller.tenantId, before.customerId) }
          : undefined;

      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, input.id, input.expectedVersion);
        const outcome = transition(duty, 'closeByOps', { actor: 'STAFF', permissions: caller.permissions });
        if (!outcome.ok) {
          if (outcome.problem === 'NOT_ALLOWED') throw permissionDenied(outcome.message);
          throw preconditionFailed(outcome.message, 'ILLEGAL_TRANSITION');
        }
        return closeLocked(tx, caller, {
          duty,
          before,
          pricing,
          action: 'closeByOps',
          to: outcome.to,
          slipApproval,
          now: clock(),
        });
      });
    },
  };
}
