// Links to the passenger's pages. A link's token is 128 random bits, handed to the service that asked
// (messaging, which texts it) and never kept: bookings stores only its SHA-256, so neither a table nor an
// event holds a working link. A token opens one page (the slip, or the feedback form) of one duty until
// it expires: a slip's link while the slip awaits the passenger and 30 days after the answer (or after it
// counted as accepted); a feedback link 14 days. Whatever is wrong with a token — made up, expired, for
// the other page — the answer is the same "not found".
import { createHash, randomBytes } from 'node:crypto';
import {
  PUBLIC_LINK_PURPOSES,
  PUBLIC_TOKEN_BYTES,
  PUBLIC_TOKEN_PATTERN,
  type PublicLinkPurpose,
} from '@fleet/domain';
import {
  type Caller,
  DomainError,
  invalidField,
  notFound,
  preconditionFailed,
  requireId,
  requireServiceCaller,
  SYSTEM_PERMISSION,
} from '@fleet/platform';
import { getBookingDetail } from '../storage/booking-record-store';
import { findPublicLink, getSlipApproval, insertPublicLink } from '../storage/passenger-pages-store';
import type { BookingsDeps } from './deps';
import { slipLinkExpiry } from './slip-approval';

export const FEEDBACK_LINK_DAYS = 14;
const DAY_MS = 86_400_000;
/** The duty's trip is over: its passenger may say how it went. */
const FEEDBACK_STATUSES = new Set(['DRIVER_DUTY_END', 'CLOSED']);

/** The services that may ask for a link. */
const ISSUERS = ['messaging'];

export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The one answer to any token that opens nothing. */
export const unknownLink = () =>
  new DomainError('NOT_FOUND', 'This link is not valid or has expired. Ask the operator for a new one.');

export interface ResolvedLink {
  tenantId: string;
  bookingId: string;
}

export function createPublicLinks(deps: Pick<BookingsDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    async issue(callerInput: Caller, input: { bookingId: string; purpose: string }) {
      const caller = requireServiceCaller(callerInput, ISSUERS, SYSTEM_PERMISSION.issuePublicLinks);
      const tenantId = caller.tenantId;
      if (!tenantId) throw invalidField('tenant', 'Ask for a link on behalf of the duty’s operator.');
      const bookingId = requireId(input.bookingId, 'bookingId');
      const purpose = PUBLIC_LINK_PURPOSES.find((p) => p === input.purpose);
      if (!purpose) throw invalidField('purpose', `A link is for ${PUBLIC_LINK_PURPOSES.join(' or ')}.`);
      const now = clock();
      const token = randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
      const expiresAt = await db.withTenant(tenantId, async (tx) => {
        const booking = await getBookingDetail(tx, bookingId);
        if (!booking) throw notFound('The booking');
        let expires: Date;
        if (purpose === 'DIGITAL_DUTY_SLIP') {
          const approval = await getSlipApproval(tx, bookingId);
          if (!approval) {
            throw preconditionFailed('This duty has no digital slip for its passenger.', 'NO_DIGITAL_SLIP');
          }
          expires = slipLinkExpiry(approval);
        } else {
          if (!FEEDBACK_STATUSES.has(booking.status)) {
            throw preconditionFailed('Feedback is asked once the trip is over.', 'TRIP_NOT_OVER');
          }
          expires = new Date(now.getTime() + FEEDBACK_LINK_DAYS * DAY_MS);
        }
        if (expires <= now) throw preconditionFailed('This duty’s page has closed.', 'PAGE_CLOSED');
        await insertPublicLink(tx, {
          tokenHash: tokenHashOf(token),
          tenantId,
          bookingId,
          purpose,
          issuedAt: now,
          expiresAt: expires,
          issuedTo: caller.role.slice('service:'.length),
        });
        return expires;
      });
      return { token, expiresAt };
    },

    /** The duty a token opens for `purpose`; the same NOT_FOUND for every token that opens nothing. */
    async resolve(token: string, purpose: PublicLinkPurpose): Promise<ResolvedLink> {
      if (!PUBLIC_TOKEN_PATTERN.test(token)) throw unknownLink();
      const link = await db.readAsSystem((tx) => findPublicLink(tx, tokenHashOf(token)));
      if (!link || link.purpose !== purpose || new Date(link.expiresAt) <= clock()) throw unknownLink();
      return { tenantId: link.tenantId, bookingId: link.bookingId };
    },
  };
}

export type PublicLinks = ReturnType<typeof createPublicLinks>;
