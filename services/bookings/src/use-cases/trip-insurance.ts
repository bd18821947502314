// A duty's trip insurance (spec §6, "Bookings: … insurance"): set, changed or removed with one call by
// whoever may manage booking insurance, until the duty is invoiced — bookings knows that by billing's
// invoice events (billed-duties.ts), and from then the premium is on the invoice as it was billed.
// Every change is written to the duty's activity and published with the duty, whose insurance billing
// bills as a line of the duty's invoice.
import {
  getPermission,
  PERMISSION,
  type TripInsuranceInput,
  trimmedTripInsurance,
  tripInsuranceProblems,
} from '@fleet/domain';
import { invalid, permissionDenied, preconditionFailed, requireId } from '@fleet/platform';
import { formatRupees } from '@fleet/platform/pdf';
import Decimal from 'decimal.js';
import type { TripInsuranceRecord } from '../domain/booking';
import { getBookingDetail } from '../storage/booking-record-store';
import {
  type NewTripInsurance,
  removeTripInsurance,
  saveTripInsurance,
} from '../storage/trip-insurance-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

const described = (i: { insurer: string; policyNumber: string }) => `${i.insurer}, policy ${i.policyNumber}`;

const sameInsurance = (kept: TripInsuranceRecord, wanted: NewTripInsurance) =>
  kept.policyNumber === wanted.policyNumber &&
  kept.insurer === wanted.insurer &&
  new Decimal(kept.premium).equals(wanted.premium) &&
  (kept.sumInsured === null) === (wanted.sumInsured === null) &&
  (kept.sumInsured === null || new Decimal(kept.sumInsured).equals(wanted.sumInsured!)) &&
  kept.note === wanted.note;

/** The insurance as written, checked: each problem named by its field (`insurance.premium`). */
function checked(input: TripInsuranceInput): NewTripInsurance {
  const problems = tripInsuranceProblems(input).map((p) => ({
    field: `insurance.${p.field}`,
    message: p.message,
  }));
  if (problems.length > 0) {
    throw invalid(problems.length === 1 ? problems[0]!.message : 'Fix the fields marked.', problems);
  }
  const given = trimmedTripInsurance(input);
  return {
    policyNumber: given.policyNumber,
    insurer: given.insurer,
    premium: new Decimal(given.premium).toFixed(2),
    sumInsured: given.sumInsured ? new Decimal(given.sumInsured).toFixed(2) : null,
    note: given.note,
  };
}

export function createTripInsurance(deps: BookingsDeps) {
  const { db } = deps;

  return {
    /** Sets the duty's insurance, or removes it when `insurance` is absent; returns the duty as it now is. */
    async set(
      caller: TenantCaller,
      input: { id: string; insurance?: TripInsuranceInput; expectedVersion?: number },
    ) {
      if (!caller.permissions.includes(PERMISSION.manage_booking_insurance)) {
        throw permissionDenied(
          `You need the “${getPermission(PERMISSION.manage_booking_insurance)?.name}” permission to change a duty’s trip insurance.`,
        );
      }
      requireId(input.id, 'id');
      const wanted = input.insurance ? checked(input.insurance) : null;

      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, input.id, input.expectedVersion);
        if (duty.isBilled) {
          throw preconditionFailed(
            'This duty is invoiced; take it off its invoice to change its trip insurance.',
            'BILLED',
          );
        }
        const current = (await getBookingDetail(tx, duty.id))!;
        const before = current.tripInsurance;
        if (wanted === null) {
          if (!before) return current;
          await removeTripInsurance(tx, duty.id);
          return recordDutyChange(tx, caller, duty.id, {
            action: 'tripInsuranceRemoved',
            from: duty.status,
            to: duty.status,
            reason: `Removed trip insurance: ${described(before)}.`,
            event: 'bookingUpdated',
          });
        }
        if (before && sameInsurance(before, wanted)) return current;
        await saveTripInsurance(tx, {
          tenantId: caller.tenantId,
          bookingId: duty.id,
          insurance: wanted,
          setBy: caller.userId,
        });
        return recordDutyChange(tx, caller, duty.id, {
          action: before ? 'tripInsuranceChanged' : 'tripInsuranceAdded',
          from: duty.status,
          to: duty.status,
          reason: `Trip insurance: ${described(wanted)}, premium ${formatRupees(wanted.premium)}.`,
          event: 'bookingUpdated',
        });
      });
    },
  };
}
