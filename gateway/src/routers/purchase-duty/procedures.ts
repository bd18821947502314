// The duties suppliers ran (/operations/purchases/duties): the list, one duty with what the supplier is
// paid line by line, and the review of suppliers' slips. Each procedure needs its permission; billing
// checks it again.
import { fromJsonString } from '@bufbuild/protobuf';
import { isoDateSchema, PERMISSION } from '@fleet/domain';
import { cursorSchema, idSchema, limitSchema, optionalText, orderSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import type { PurchaseDuty } from '@fleet/proto/fleet/billing/v1/purchase_duty_pb';
import { DutyChargesSchema } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { chargesToJson } from '../booking/mappers';
import { dateOrNull, decimalOrNull, required, textOrNull } from '../shared-mappers';

const SLIP_STATUSES = ['NO_ACTION', 'ACCEPTED', 'REJECTED'] as const;

export function purchaseDutyToJson(duty: PurchaseDuty) {
  return {
    bookingId: duty.bookingId,
    bookingNo: Number(duty.bookingNo),
    status: duty.status,
    supplierId: duty.supplierId,
    supplierName: duty.supplierName,
    customerId: duty.customerId,
    customerName: duty.customerName,
    startDate: duty.startDate,
    vehicleNo: duty.vehicleNo,
    driverName: duty.driverName,
    purchaseAmount: decimalOrNull(duty.purchaseAmount),
    salesAmount: decimalOrNull(duty.salesAmount),
    slipStatus: duty.slipStatus as (typeof SLIP_STATUSES)[number],
    slipReason: textOrNull(duty.slipReason),
    slipReviewedByUserId: textOrNull(duty.slipReviewedByUserId),
    slipReviewedAt: dateOrNull(duty.slipReviewedAt),
    purchaseInvoiceId: textOrNull(duty.purchaseInvoiceId),
    purchaseNo: textOrNull(duty.purchaseNo),
    supplierInvoiceNo: textOrNull(duty.supplierInvoiceNo),
  };
}

/** Spec §2: the page's permission, view_purchase; a duty's own page needs view_purchase_duty. */
export const list = procedureNeeding(PERMISSION.view_purchase)
  .input(
    z.object({
      supplierIds: z.array(idSchema).max(100).optional(),
      dateFrom: isoDateSchema.optional(),
      dateTo: isoDateSchema.optional(),
      slipStatuses: z.array(z.enum(SLIP_STATUSES)).max(3).optional(),
      billing: z.enum(['BILLED', 'UNBILLED']).optional(),
      search: optionalText(40),
      order: orderSchema,
      cursor: cursorSchema,
      limit: limitSchema,
    }),
  )
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listPurchaseDuties(
      {
        supplierIds: input.supplierIds ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        slipStatuses: input.slipStatuses ?? [],
        billing: input.billing,
        search: input.search,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { duties: r.duties.map(purchaseDutyToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_purchase_duty)
  .input(z.object({ bookingId: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getPurchaseDuty(input, callAs(ctx.caller));
    const duty = required(r.duty, "the supplier's duty");
    const charges = duty.purchaseChargesJson
      ? chargesToJson(fromJsonString(DutyChargesSchema, duty.purchaseChargesJson))
      : null;
    return { ...purchaseDutyToJson(duty), charges };
  });

export const reviewSlips = procedureNeeding(PERMISSION.manage_purchase_duty)
  .input(
    z.object({
      bookingIds: z.array(idSchema).min(1).max(100),
      decision: z.enum(SLIP_STATUSES),
      reason: optionalText(300),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.reviewPurchaseSlips(input, callAs(ctx.caller));
    return r.duties.map(purchaseDutyToJson);
  });
