// The passenger's approval of a digital slip (DOMAIN.md "Duty slip": the finished slip goes to the
// passenger to accept or reject; no answer in the customer's hours, 48 by default, counts as accepted).
// Asked when a duty whose slip came digitally (the driver app) closes: the slip is then complete —
// its five points, its billing items and its charges. A duty closed on a hard-copy, emailed or network
// slip asks nothing. Each change is written to the duty's activity and published through the outbox.
import { randomUUID } from 'node:crypto';
import type { SlipApprovalState } from '@fleet/domain';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { BookingDetail } from '../domain/booking';
import { type SlipContent, slipFingerprint } from '../domain/slip-content';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { bookingDetailToProto } from '../mappers';
import { slipApprovalToProto } from '../passenger-pages-mappers';
import {
  getBookingDetail,
  getCharges,
  insertActivity,
  listSlipPoints,
} from '../storage/booking-record-store';
import {
  getSlipApproval,
  insertSlipApproval,
  recordSlipAnswer,
  type SlipApprovalRecord,
  shortenSlipLinks,
} from '../storage/passenger-pages-store';

/** How long a slip's link still shows the answered slip. */
export const SLIP_LINK_DAYS_AFTER_ANSWER = 30;
const DAY_MS = 86_400_000;

export const slipLinkExpiry = (approval: Pick<SlipApprovalRecord, 'answeredAt' | 'dueAt'>) =>
  new Date(new Date(approval.answeredAt ?? approval.dueAt).getTime() + SLIP_LINK_DAYS_AFTER_ANSWER * DAY_MS);

/** Who changed an approval, for the activity and the event's headers. */
interface Actor {
  tenantId: string;
  requestId: string;
  /** The passenger (on the public page) or the system (asked at close, or auto-accepted). */
  actor: 'CUSTOMER' | 'SYSTEM';
}

async function customerSignatureOf(tx: Tx, bookingId: string): Promise<string | null> {
  const [row] = await rows<{ fileId: string | null }>(
    tx,
    sql`select customer_signature_file_id::text as "fileId" from bookings.bookings where id = ${bookingId}`,
  );
  return row?.fileId ?? null;
}

/**
 * The slip's content as the passenger approves it: its sales points, billing items, the charges when
 * shown, and the signature (the one drawn on the page, else the one taken on the driver's screen).
 */
export async function slipContentOf(
  tx: Tx,
  booking: BookingDetail,
  options: { chargesShown: boolean; signatureFileId: string | null },
): Promise<SlipContent> {
  const [points, charges] = await Promise.all([
    listSlipPoints(tx, booking.id, 'SALES'),
    options.chargesShown ? getCharges(tx, booking.id, 'CUSTOMER') : Promise.resolve(undefined),
  ]);
  return {
    points: points.map((p) => ({ point: p.point, at: p.at, km: p.km })),
    billingItems: booking.billingItems.map((item) => ({ name: item.name, amount: item.amount })),
    charges: charges
      ? {
          lines: charges.lines.map((l) => ({
            label: l.label,
            quantity: l.quantity,
            unit: l.unit,
            rate: l.rate,
            amount: l.amount,
          })),
          total: charges.total,
        }
      : null,
    signatureFileId: options.signatureFileId ?? (await customerSignatureOf(tx, booking.id)),
  };
}

async function publish(
  tx: Tx,
  actor: Actor,
  bookingId: string,
  event: 'slipApprovalRequested' | 'slipApprovalAnswered',
  change: { action: string; reason: string },
) {
  const booking = (await getBookingDetail(tx, bookingId))!;
  const approval = (await getSlipApproval(tx, bookingId))!;
  await insertActivity(tx, {
    id: randomUUID(),
    tenantId: actor.tenantId,
    bookingId,
    actor: actor.actor,
    userId: null,
    actorUserId: null,
    action: change.action,
    fromStatus: booking.status,
    toStatus: booking.status,
    reason: change.reason,
  });
  await bookingsOutbox.enqueue(
    tx,
    BookingsEvents[event],
    {
      tenantId: actor.tenantId,
      booking: bookingDetailToProto(booking),
      approval: slipApprovalToProto(approval, false),
    },
    actor,
  );
}

/**
 * Asks the passenger to approve a closed duty's digital slip, due `hours` after `now` (0: at once).
 * Asked once per duty: a duty closed again asks nothing more.
 */
export async function requestSlipApproval(
  tx: Tx,
  actor: Omit<Actor, 'actor'>,
  input: { bookingId: string; now: Date; hours: number },
): Promise<void> {
  const dueAt = new Date(input.now.getTime() + input.hours * 3_600_000);
  const made = await insertSlipApproval(tx, {
    tenantId: actor.tenantId,
    bookingId: input.bookingId,
    requestedAt: input.now,
    dueAt,
  });
  if (!made) return;
  await publish(tx, { ...actor, actor: 'SYSTEM' }, input.bookingId, 'slipApprovalRequested', {
    action: 'slipApprovalRequested',
    reason: `The passenger is asked to approve the slip by ${dueAt.toISOString()}.`,
  });
}

const ANSWER_ACTIONS: Record<Exclude<SlipApprovalState, 'PENDING'>, string> = {
  ACCEPTED: 'slipAcceptedByPassenger',
  REJECTED: 'slipRejectedByPassenger',
  AUTO_ACCEPTED: 'slipAutoAccepted',
};

/**
 * Records the final state of a pending approval locked in `tx`, with the fingerprint of the slip's
 * content as answered, and shortens the slip's links to 30 days from now on.
 */
export async function finishSlipApproval(
  tx: Tx,
  actor: Actor,
  input: {
    booking: BookingDetail;
    state: Exclude<SlipApprovalState, 'PENDING'>;
    answeredAt: Date;
    reason: string;
    signatureFileId: string | null;
    chargesShown: boolean;
  },
): Promise<void> {
  const content = await slipContentOf(tx, input.booking, input);
  await recordSlipAnswer(tx, input.booking.id, {
    state: input.state,
    answeredAt: input.answeredAt,
    reason: input.reason,
    signatureFileId: input.signatureFileId,
    chargesShown: input.chargesShown,
    contentHash: slipFingerprint(content),
  });
  await shortenSlipLinks(
    tx,
    input.booking.id,
    slipLinkExpiry({ answeredAt: input.answeredAt, dueAt: input.answeredAt }),
  );
  await publish(tx, actor, input.booking.id, 'slipApprovalAnswered', {
    action: ANSWER_ACTIONS[input.state],
    reason: input.reason,
  });
}

/** A duty's approval as staff see it: with whether the slip changed after the passenger's answer. */
export async function approvalForStaff(
  tx: Tx,
  booking: BookingDetail,
): Promise<{ approval: SlipApprovalRecord; changedSinceAnswer: boolean } | undefined> {
  const approval = await getSlipApproval(tx, booking.id);
  if (!approval) return undefined;
  if (!approval.contentHash) return { approval, changedSinceAnswer: false };
  const now = await slipContentOf(tx, booking, {
    chargesShown: approval.chargesShown,
    signatureFileId: approval.signatureFileId,
  });
  return { approval, changedSinceAnswer: slipFingerprint(now) !== approval.contentHash };
}
