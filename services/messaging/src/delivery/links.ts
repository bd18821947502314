// The links to passengers' pages a text carries, made when it is sent: asked from bookings'
// IssuePublicLink on messaging's own account, never carried in an event or kept in the log. And the
// link to a customer's dues a payment request carries, made from its token when it is sent.
import type { Client } from '@connectrpc/connect';
import { ConnectError } from '@connectrpc/connect';
import { PAYMENT_REQUEST_PAGE_PATH, PUBLIC_LINK_SHORT_PATHS, type PublicLinkPurpose } from '@fleet/domain';
import { callAs, fromConnectError, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';

/** A link to one of an operator's booking's pages, or why none could be made (and whether to try again). */
export type LinkSource = (
  tenantId: string,
  bookingId: string,
  purpose: PublicLinkPurpose,
) => Promise<{ ok: true; url: string } | { ok: false; error: string; retryable: boolean }>;

/** What bookings refusing a link means: the page is not there to link to, whenever we ask. */
const FINAL = new Set(['NOT_FOUND', 'FAILED_PRECONDITION', 'INVALID_ARGUMENT', 'PERMISSION_DENIED']);

/**
 * Links from bookings, on `baseUrl` (PUBLIC_BASE_URL) by their short paths (`/s/<token>`, `/f/<token>`),
 * which the gateway sends on to the pages: a text's variable stays short.
 */
export function bookingsLinks(bookings: () => Client<typeof BookingsService>, baseUrl: string): LinkSource {
  const base = baseUrl.replace(/\/+$/, '');
  return async (tenantId, bookingId, purpose) => {
    const caller = serviceCaller('messaging', {
      tenantId,
      permissions: [SYSTEM_PERMISSION.issuePublicLinks],
    });
    try {
      const { token } = await bookings().issuePublicLink({ bookingId, purpose }, callAs(caller));
      return { ok: true, url: `${base}${PUBLIC_LINK_SHORT_PATHS[purpose]}/${token}` };
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      const refused = fromConnectError(error);
      return {
        ok: false,
        error: `its link could not be made: ${refused.message}`,
        retryable: !FINAL.has(refused.code),
      };
    }
  };
}

/** The link a payment request's token opens, on `baseUrl` (PUBLIC_BASE_URL). */
export function paymentRequestLinks(baseUrl: string): (token: string) => string {
  const base = baseUrl.replace(/\/+$/, '');
  return (token) => `${base}${PAYMENT_REQUEST_PAGE_PATH}/${token}`;
}
