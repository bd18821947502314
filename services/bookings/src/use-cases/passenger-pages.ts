// The passenger's pages as one group of use cases: links (for messaging), the digital slip and the
// feedback form (for the gateway, on a link's token), and what staff see of both on a duty.
import { PERMISSION } from '@fleet/domain';
import { permissionDenied, requireId } from '@fleet/platform';
import { getBookingDetail } from '../storage/booking-record-store';
import { getFeedback } from '../storage/passenger-pages-store';
import type { BookingsDeps, TenantCaller } from './deps';
import { createPassengerFacts } from './passenger-facts';
import { createPublicFeedback } from './public-feedback';
import { createPublicLinks } from './public-links';
import { createPublicSlip } from './public-slip';
import { approvalForStaff } from './slip-approval';

export function createPassengerPages(deps: BookingsDeps) {
  const facts = createPassengerFacts(deps);
  const links = createPublicLinks(deps);
  return {
    facts,
    links,
    slip: createPublicSlip(deps, links, facts),
    feedback: createPublicFeedback(deps, links, facts),

    /** A duty's slip approval (with whether the slip changed after the answer) and feedback, for staff. */
    async forStaff(caller: TenantCaller, id: string) {
      if (!caller.permissions.includes(PERMISSION.view_booking)) throw permissionDenied();
      requireId(id, 'id');
      return deps.db.read(caller.tenantId, async (tx) => {
        const booking = await getBookingDetail(tx, id);
        if (!booking) return { approval: undefined, feedback: undefined };
        return { approval: await approvalForStaff(tx, booking), feedback: await getFeedback(tx, id) };
      });
    },
  };
}

export type PassengerPages = ReturnType<typeof createPassengerPages>;
