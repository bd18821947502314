// The passenger's digital duty slip (spec §2 /digital-duty-slip): what the link's holder sees — the
// operator, the booking's number, the passenger, each point's time and km, the totals, the billing items,
// the charges when the customer lets its passengers see them, the tracked route — and their answer,
// once: accepted with a signature drawn on the page, or rejected with a reason. A passenger who signed on
// the driver's phone at the end of the duty is shown that (and when) and accepts without signing again.
// Asked by the gateway on its own account; the token alone says which duty.
import {
  PERMISSION,
  printedBillingItems,
  SIGNATURE_DATA_URL_MAX,
  SLIP_REASON_MAX,
  type SlipApprovalState,
  sniffContentType,
} from '@fleet/domain';
import {
  type Caller,
  callAs,
  invalidField,
  preconditionFailed,
  requireServiceCaller,
  SYSTEM_PERMISSION,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import { getBookingDetail, getCharges, listSlipPoints } from '../storage/booking-record-store';
import {
  driverPhoneSignature,
  getSlipApproval,
  type RoutePointRecord,
  routePointsOf,
  type SlipApprovalRecord,
} from '../storage/passenger-pages-store';
import type { BookingsDeps } from './deps';
import { asBookings, type PassengerFacts } from './passenger-facts';
import { type PublicLinks, type ResolvedLink, unknownLink } from './public-links';
import { finishSlipApproval } from './slip-approval';

export interface PublicSlipView {
  operatorName: string;
  timeZone: string;
  bookingNo: string;
  passengerName: string;
  points: { point: string; at: Date; km: string; location: string }[];
  totalKm: string;
  totalMinutes: number;
  billingItems: { name: string; amount: string }[];
  chargesShown: boolean;
  chargeLines: { label: string; quantity: string; unit: string; rate: string; amount: string }[];
  chargesTotal: string;
  route: RoutePointRecord[];
  approval: SlipApprovalRecord;
  /** The passenger signed on the driver's phone (when, if known): the page asks no signature. */
  signedOnDriverPhone: { fileId: string; at: Date | null } | undefined;
}

/** The gateway, passing on a visit to a public page. */
export const requirePublicPages = (caller: Caller) =>
  requireServiceCaller(caller, ['gateway'], SYSTEM_PERMISSION.servePublicPages);

/** A signature's bytes: a PNG no larger than the data URL it came in could hold. */
function checkSignature(png: Uint8Array) {
  if (png.length > (SIGNATURE_DATA_URL_MAX * 3) / 4) {
    throw invalidField('signature', 'The signature is too large; clear it and sign again.');
  }
  if (sniffContentType(png) !== 'image/png') {
    throw invalidField('signature', 'Sign in the box (the signature is sent as a PNG image).');
  }
}

export function createPublicSlip(deps: BookingsDeps, links: PublicLinks, facts: PassengerFacts) {
  const { db, clock, masters } = deps;

  /** The slip as the link's holder sees it, and whether the customer shows its passengers charges now. */
  async function load(link: ResolvedLink): Promise<{ view: PublicSlipView; showChargesNow: boolean }> {
    const read = await db.read(link.tenantId, async (tx) => {
      const booking = await getBookingDetail(tx, link.bookingId);
      const approval = await getSlipApproval(tx, link.bookingId);
      if (!booking || !approval) throw unknownLink();
      const [points, charges, route, signed] = await Promise.all([
        listSlipPoints(tx, booking.id, 'SALES'),
        getCharges(tx, booking.id, 'CUSTOMER'),
        routePointsOf(tx, booking.id),
        driverPhoneSignature(tx, booking.id),
      ]);
      return { booking, approval, points, charges, route, signed };
    });
    const { booking, approval, points, charges } = read;
    const [operator, customer] = await Promise.all([
      facts.operator(link.tenantId),
      facts.customer(link.tenantId, booking.customerId),
    ]);
    // An answered slip shows what was answered: the charges as they were then shown or not.
    const chargesShown = approval.state === 'PENDING' ? customer.showCharges : approval.chargesShown;
    const first = points[0];
    const last = points.at(-1);
    const spanKm = first && last ? new Decimal(last.km).minus(first.km) : new Decimal(0);
    const spanMinutes =
      first && last ? Math.round((new Date(last.at).getTime() - new Date(first.at).getTime()) / 60_000) : 0;
    const view: PublicSlipView = {
      operatorName: operator.name,
      timeZone: operator.timeZone,
      bookingNo: booking.bookingNo,
      passengerName: booking.passengers[0]?.name ?? '',
      points: points.map((p) => ({ point: p.point, at: p.at, km: p.km, location: p.location })),
      // What the duty is billed on when it is priced; else the span of its points.
      totalKm: (charges ? new Decimal(charges.km) : spanKm).toFixed(1),
      totalMinutes: charges ? charges.minutes : spanMinutes,
      billingItems: printedBillingItems(booking.billingItems).map((item) => ({
        name: item.name,
        amount: new Decimal(item.amount).toFixed(2),
      })),
      chargesShown,
      chargeLines:
        chargesShown && charges
          ? charges.lines.map((l) => ({
              label: l.label,
              quantity: l.quantity,
              unit: l.unit,
              rate: l.rate,
              amount: l.amount,
            }))
          : [],
      chargesTotal: chargesShown && charges ? charges.total : '',
      route: read.route,
      approval,
      signedOnDriverPhone: read.signed,
    };
    return { view, showChargesNow: customer.showCharges };
  }

  return {
    async get(caller: Caller, token: string): Promise<PublicSlipView> {
      requirePublicPages(caller);
      return (await load(await links.resolve(token, 'DIGITAL_DUTY_SLIP'))).view;
    },

    async answer(
      caller: Caller,
      input: { token: string; decision: string; reason: string; signaturePng: Uint8Array },
    ): Promise<PublicSlipView> {
      const visit = requirePublicPages(caller);
      const link = await links.resolve(input.token, 'DIGITAL_DUTY_SLIP');
      const decision =
        input.decision === 'ACCEPT' || input.decision === 'REJECT' ? input.decision : undefined;
      if (!decision) throw invalidField('decision', 'Accept or reject the slip.');
      const reason = input.reason.trim();
      if ([...reason].length > SLIP_REASON_MAX)
        throw invalidField('reason', `Keep the reason to ${SLIP_REASON_MAX} characters or fewer.`);
      if (decision === 'REJECT' && !reason) throw invalidField('reason', 'Say what is wrong with the slip.');
      const signed = input.signaturePng.length > 0;
      if (signed) checkSignature(input.signaturePng);

      const { view: before, showChargesNow } = await load(link);
      const stillOpen = (approval: SlipApprovalRecord) => {
        if (approval.state !== 'PENDING')
          throw preconditionFailed('This slip has been answered already.', 'ALREADY_ANSWERED');
        if (new Date(approval.dueAt) <= clock())
          throw preconditionFailed(
            'The time to answer this slip has passed; it counts as accepted.',
            'ANSWER_TOO_LATE',
          );
      };
      stillOpen(before.approval);
      // Signed on the driver's phone: that signature is the slip's, and the page takes no second one.
      const phoneSignature = before.signedOnDriverPhone;
      if (phoneSignature && signed) {
        throw invalidField(
          'signature',
          'You signed this slip on the driver’s phone already; accept it without signing again.',
        );
      }
      if (decision === 'ACCEPT' && !signed && !phoneSignature)
        throw invalidField('signature', 'Sign in the box to accept the slip.');
      const signatureFileId = signed
        ? ((
            await masters.uploadFile(
              {
                fileName: `passenger-signature-${before.bookingNo}.png`,
                content: input.signaturePng,
                kind: 'booking',
                field: 'slip_photo',
              },
              callAs(asBookings(link.tenantId, [PERMISSION.generate_duty_slip])),
            )
          ).file?.id ?? null)
        : (phoneSignature?.fileId ?? null);
      await db.withTenant(link.tenantId, async (tx) => {
        const approval = await getSlipApproval(tx, link.bookingId, { lock: true });
        const booking = await getBookingDetail(tx, link.bookingId);
        if (!approval || !booking) throw unknownLink();
        stillOpen(approval);
        const state: Exclude<SlipApprovalState, 'PENDING'> = decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
        await finishSlipApproval(
          tx,
          { tenantId: link.tenantId, requestId: visit.requestId, actor: 'CUSTOMER' },
          {
            booking,
            state,
            answeredAt: clock(),
            reason: decision === 'REJECT' ? reason : '',
            signatureFileId,
            chargesShown: showChargesNow,
          },
        );
      });
      return (await load(link)).view;
    },
  };
}

export type PublicSlip = ReturnType<typeof createPublicSlip>;
