// The duties suppliers ran, as the purchase desk works them (spec §2 /operations/purchases/duties): what
// each supplier is paid for each duty (bookings priced it on the supplier's card when it closed), and the
// review of the supplier's slip — accepted, rejected with a reason, or the review undone — before a
// purchase invoice may bill it. A duty a live purchase invoice bills keeps its review.
import { PERMISSION } from '@fleet/domain';
import {
  invalidField,
  notFound,
  type Page,
  pageSize,
  requireId,
  requireIds,
  requirePermission,
  toPage,
} from '@fleet/platform';
import { BillingEvents, billingOutbox } from '../events/published';
import { purchaseDutyToProto } from '../mappers';
import {
  listPurchaseDuties,
  PURCHASE_SLIP_STATUSES,
  type PurchaseDutyRow,
  purchaseDutiesById,
  purchaseDutyWithCharges,
  reviewPurchaseSlips,
} from '../storage/purchase-duties-store';
import { checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface PurchaseDutyListInput {
  supplierIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  slipStatuses?: readonly string[];
  billing?: string;
  search?: string;
  limit?: number;
  cursor?: string;
  direction?: 'asc' | 'desc';
}

/** At most this many slips are reviewed at once. */
const REVIEWED_AT_ONCE = 100;
const BILLING_STATES = ['BILLED', 'UNBILLED'] as const;
const ACTIONS = {
  ACCEPTED: 'slipAccepted',
  REJECTED: 'slipRejected',
  NO_ACTION: 'slipReviewUndone',
} as const;

export function createPurchaseDuties(deps: BillingDeps) {
  const { db } = deps;

  return {
    async list(caller: TenantCaller, input: PurchaseDutyListInput): Promise<Page<PurchaseDutyRow>> {
      // Spec §2 opens /operations/purchases/duties to view_purchase ("the purchase side of duties"); a
      // duty's own page, its purchase slip line by line, needs view_purchase_duty.
      requirePermission(caller, PERMISSION.view_purchase, 'see the duties suppliers ran');
      const limit = pageSize(input.limit);
      const search = checkedText(input.search, 'search', 40);
      const filters = {
        supplierIds: requireIds(input.supplierIds ?? [], 'supplierIds'),
        dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
        dateTo: checkedDate(input.dateTo, 'dateTo'),
        slipStatuses: (input.slipStatuses ?? []).map((s) => oneOf(PURCHASE_SLIP_STATUSES, s, 'slipStatuses')),
        billing: input.billing ? oneOf(BILLING_STATES, input.billing, 'billing') : undefined,
        search: search || undefined,
      };
      const fetched = await db.read(caller.tenantId, (tx) =>
        listPurchaseDuties(tx, filters, {
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.bookingId]);
    },

    async get(caller: TenantCaller, bookingId: string) {
      requirePermission(caller, PERMISSION.view_purchase_duty, "open a supplier's duty");
      requireId(bookingId, 'bookingId');
      const duty = await db.read(caller.tenantId, (tx) => purchaseDutyWithCharges(tx, bookingId));
      if (!duty) throw notFound("The supplier's duty");
      return duty;
    },

    /** Accepts or rejects the slips of these duties, or undoes their review. */
    async reviewSlips(
      caller: TenantCaller,
      input: { bookingIds: readonly string[]; decision: string; reason?: string },
    ): Promise<PurchaseDutyRow[]> {
      requirePermission(caller, PERMISSION.manage_purchase_duty, "review suppliers' slips");
      const ids = [...new Set(requireIds(input.bookingIds, 'bookingIds'))];
      if (ids.length === 0) throw invalidField('bookingIds', 'Choose the duties whose slips you review.');
      if (ids.length > REVIEWED_AT_ONCE) {
        throw invalidField('bookingIds', `Review at most ${REVIEWED_AT_ONCE} slips at once.`);
      }
      const decision = oneOf(PURCHASE_SLIP_STATUSES, input.decision, 'decision');
      const reason = checkedText(input.reason, 'reason', 300);
      if (decision === 'REJECTED' && !reason) throw invalidField('reason', 'Say why the slip is rejected.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const duties = await purchaseDutiesById(tx, ids, { lock: true });
        const found = new Set(duties.map((d) => d.bookingId));
        const missing = ids.find((id) => !found.has(id));
        if (missing) throw invalidField('bookingIds', `${missing} is not a duty a supplier ran.`);
        for (const duty of duties) {
          if (duty.purchaseInvoiceId) {
            throw invalidField(
              'bookingIds',
              `Duty ${duty.bookingNo} is on purchase invoice ${duty.purchaseNo}: its slip stays as reviewed.`,
            );
          }
          if (duty.status !== 'CLOSED') {
            throw invalidField(
              'bookingIds',
              `Duty ${duty.bookingNo} is not closed: its slip is not final yet.`,
            );
          }
        }
        await reviewPurchaseSlips(tx, ids, {
          status: decision,
          reason: decision === 'REJECTED' ? reason : '',
          userId: caller.userId || null,
        });
        const reviewed = await purchaseDutiesById(tx, ids);
        for (const duty of reviewed) {
          await billingOutbox.enqueue(
            tx,
            BillingEvents.purchaseSlipReviewed,
            {
              tenantId: caller.tenantId,
              duty: purchaseDutyToProto(duty),
              action: ACTIONS[decision],
              changedByUserId: caller.userId,
            },
            caller,
          );
        }
        return reviewed;
      });
    },
  };
}

export type PurchaseDuties = ReturnType<typeof createPurchaseDuties>;
