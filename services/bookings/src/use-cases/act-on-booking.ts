import {
  BOOKING_ACTIONS,
  type BookingAction,
  type BookingStatus,
  type DriverBookingAction,
  priceDuty,
  type RateCard,
  transition,
} from '@fleet/domain';
import { invalidField, permissionDenied, preconditionFailed, requireId, type Tx } from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import {
  applyStatusChange,
  getBookingDetail,
  type StatusChange,
  saveCharges,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { cardFor, storedCharges } from './duty-slip';
import { lockDutyAsRead } from './locked-duty';
import { recordOfficeDriverAction } from './office-driver-actions';

const isAction = (action: string): action is BookingAction =>
  (BOOKING_ACTIONS as readonly string[]).includes(action);

/** Asking to cancel remembers where the duty was, which refusing the request returns it to. */
const REQUESTS: readonly BookingStatus[] = ['CANCELLATION_REQUESTED', 'CANCELLATION_REQUEST_BY_ASSOCIATE'];

/** The staff actions that are also the driver's booking actions, kept in the duty's driver actions. */
const DRIVER_ACTION_OF: Partial<Record<BookingAction, DriverBookingAction>> = {
  clearAllotment: 'ALLOTMENT_CLEARED',
  markUnfulfilled: 'DUTY_UNFULFILLED',
};

/** What an action changes besides the status. */
function changeOf(
  action: BookingAction,
  from: BookingStatus,
  to: BookingStatus,
  reason: string,
): StatusChange {
  const change: StatusChange = { status: to };
  if (REQUESTS.includes(to)) change.statusBeforeRequest = from;
  else if (REQUESTS.includes(from)) change.statusBeforeRequest = null;
  if (action === 'cancel' || action === 'skip') change.cancellationReason = reason || 'Skipped';
  if (action === 'markUnfulfilled') change.unfulfilledReason = reason;
  if (action === 'clearAllotment' || action === 'releaseAssociate') change.clearAllotment = true;
  return change;
}

export function createActOnBooking(deps: BookingsDeps) {
  const { db, copies, clock } = deps;

  /** The card a duty is charged on, read before the transaction (copies may ask masters). */
  async function cardOf(caller: TenantCaller, id: string): Promise<RateCard | undefined> {
    const booking = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, id));
    if (!booking) return undefined;
    const known = await copies.load(caller, {
      duty_type: [booking.dutyTypeId],
      customer: [booking.customerId],
      rate_card: booking.sales.rateCardId ? [booking.sales.rateCardId] : [],
    });
    const dutyType = known.duty_type.get(booking.dutyTypeId);
    if (!dutyType) return undefined;
    const card = booking.sales.rateCardId ? known.rate_card.get(booking.sales.rateCardId) : undefined;
    return cardFor(booking, dutyType, card, known.customer.get(booking.customerId));
  }

  async function act(
    tx: Tx,
    caller: TenantCaller,
    input: { id: string; action: BookingAction; reason: string; expectedVersion: number },
    noShowCard: RateCard | undefined,
  ): Promise<BookingDetail> {
    const duty = await lockDutyAsRead(tx, input.id, input.expectedVersion);
    const outcome = transition(
      duty,
      input.action,
      { actor: 'STAFF', permissions: caller.permissions },
      input.reason,
    );
    if (!outcome.ok) {
      if (outcome.problem === 'NOT_ALLOWED') throw permissionDenied(outcome.message);
      if (outcome.problem === 'REASON_NEEDED') throw invalidField('reason', outcome.message);
      throw preconditionFailed(outcome.message, 'ILLEGAL_TRANSITION');
    }
    const driverAction = DRIVER_ACTION_OF[input.action];
    if (driverAction) {
      const before = await getBookingDetail(tx, duty.id);
      if (before) {
        await recordOfficeDriverAction(tx, caller.tenantId, before, {
          action: driverAction,
          at: clock(),
          reason: input.reason,
        });
      }
    }
    await applyStatusChange(tx, duty.id, changeOf(input.action, duty.status, outcome.to, input.reason));
    // A no-show is billed at the card's no-show rate (DOMAIN.md); its charges are kept like a closed duty's.
    if (noShowCard) {
      await saveCharges(
        tx,
        duty.id,
        storedCharges(priceDuty({ card: noShowCard, outcome: 'NO_SHOW', measures: [] })),
      );
    }
    return recordDutyChange(tx, caller, duty.id, {
      action: input.action,
      from: duty.status,
      to: outcome.to,
      reason: input.reason,
      event: 'bookingStatusChanged',
    });
  }

  return {
    async act(
      caller: TenantCaller,
      input: { id: string; action: string; reason?: string; expectedVersion?: number },
    ): Promise<BookingDetail> {
      requireId(input.id, 'id');
      if (!isAction(input.action)) {
        throw invalidField(
          'action',
          `There is no action “${input.action}”. The actions are: ${BOOKING_ACTIONS.join(', ')}.`,
        );
      }
      const reason = (input.reason ?? '').trim();
      if (reason.length > 500) throw invalidField('reason', 'Keep the reason to 500 characters or fewer.');
      const { action } = input;
      const noShowCard = action === 'cancelAsNoShow' ? await cardOf(caller, input.id) : undefined;
      return db.withTenant(caller.tenantId, (tx) =>
        act(
          tx,
          caller,
          { id: input.id, action, reason, expectedVersion: input.expectedVersion ?? 0 },
          noShowCard,
        ),
      );
    },
  };
}
