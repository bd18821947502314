import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { driverCallerOf, pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import {
  activityToProto,
  bookingDetailToProto,
  bookingToProto,
  chargesToProto,
  driverDutyToProto,
  slipPointToProto,
} from '../mappers';
import { feedbackToProto, slipApprovalToProto } from '../passenger-pages-mappers';
import type { BookingsUseCases } from '../use-cases';
import { locationMethods } from './location-handlers';
import { passengerPagesHandlers } from './passenger-pages-handlers';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function bookingsRoutes(useCases: BookingsUseCases) {
  const {
    tabCounts,
    bookingLists,
    dutyNames,
    takeBooking,
    actOnBooking,
    deleteBooking,
    allotDuty,
    dutySlip,
    slipReview,
    labelsAndSupporters,
    printDutySlip,
    billingItems,
    tripInsurance,
    driverDuties,
    tripStartUnlock,
    earlyStartConsent,
    locationTracking,
    passengerPages,
  } = useCases;
  return (router: ConnectRouter) =>
    router.service(BookingsService, {
      ...passengerPagesHandlers(passengerPages),
      async countIncomingRequests(_req, ctx) {
        return { count: await tabCounts.incomingRequests(tenantCallerOf(ctx)) };
      },
      async countNeedsAttention(_req, ctx) {
        return { count: await tabCounts.needsAttention(tenantCallerOf(ctx)) };
      },
      async listBookings(req, ctx) {
        // An unspecified direction leaves the choice to the tab's default (domain/tabs.ts).
        const caller = tenantCallerOf(ctx);
        const page = await bookingLists.list(caller, {
          tab: req.tab,
          ...pageRequestFromProto(req.page),
          filters: req.filters.map((f) => ({ key: f.key, values: f.values })),
          search: req.search,
        });
        const names = await dutyNames.of(caller, page.items);
        return {
          bookings: page.items.map((booking) => bookingToProto(booking, names(booking))),
          pageInfo: pageInfoToProto(page),
        };
      },
      async updateBooking(req, ctx) {
        const booking = await takeBooking.update(
          tenantCallerOf(ctx),
          req.id,
          req.draftJson,
          req.expectedVersion,
        );
        return { booking: bookingDetailToProto(booking) };
      },
      async copyBooking(req, ctx) {
        const { booking, duties } = await takeBooking.copy(tenantCallerOf(ctx), req.id, req.reportingDate);
        return {
          booking: bookingDetailToProto(booking),
          duties: duties.map((duty) => bookingDetailToProto(duty)),
        };
      },
      async extendBooking(req, ctx) {
        const duties = await takeBooking.extend(tenantCallerOf(ctx), req.id, req.lastDate);
        return { duties: duties.map((duty) => bookingDetailToProto(duty)) };
      },
      async approveDutySlip(req, ctx) {
        return { booking: bookingDetailToProto(await slipReview.approve(tenantCallerOf(ctx), req.id)) };
      },
      async adjustDutyCharges(req, ctx) {
        const { booking, charges } = await slipReview.adjust(tenantCallerOf(ctx), req.id, {
          side: req.side,
          allowances: req.allowances.map((a) => ({ code: a.code, amount: a.amount })),
          reason: req.reason,
        });
        return { booking: bookingDetailToProto(booking), charges: chargesToProto(charges) };
      },
      async renderDutySlip(req, ctx) {
        const { pdf, fileName } = await printDutySlip.render(tenantCallerOf(ctx), req);
        return { pdf: new Uint8Array(pdf), fileName };
      },
      async renderDutySlips(req, ctx) {
        const { pdf, fileName } = await printDutySlip.renderMany(tenantCallerOf(ctx), req);
        return { pdf: new Uint8Array(pdf), fileName };
      },
      async setDutyLabels(req, ctx) {
        return {
          booking: bookingDetailToProto(
            await labelsAndSupporters.setLabels(tenantCallerOf(ctx), req.id, req.labelIds),
          ),
        };
      },
      async setDutySupporters(req, ctx) {
        return {
          booking: bookingDetailToProto(
            await labelsAndSupporters.setSupporters(tenantCallerOf(ctx), req.id, req.dutySupporterIds),
          ),
        };
      },
      async setDutyBillingItems(req, ctx) {
        const booking = await billingItems.set(tenantCallerOf(ctx), {
          id: req.id,
          items: req.items.map((item) => ({
            billingItemId: item.billingItemId,
            amount: item.amount,
            receiptFileId: item.receiptFileId,
            note: item.note,
          })),
          expectedVersion: req.expectedVersion,
        });
        return { booking: bookingDetailToProto(booking) };
      },
      async setTripInsurance(req, ctx) {
        const given = req.insurance;
        const booking = await tripInsurance.set(tenantCallerOf(ctx), {
          id: req.id,
          insurance: given
            ? {
                policyNumber: given.policyNumber,
                insurer: given.insurer,
                premium: given.premium,
                sumInsured: given.sumInsured,
                note: given.note,
              }
            : undefined,
          expectedVersion: req.expectedVersion,
        });
        return { booking: bookingDetailToProto(booking) };
      },
      async countTabs(_req, ctx) {
        return { counts: await bookingLists.countAll(tenantCallerOf(ctx)) };
      },
      async createBooking(req, ctx) {
        const { booking, duties } = await takeBooking.create(tenantCallerOf(ctx), req.draftJson);
        return {
          booking: bookingDetailToProto(booking),
          duties: duties.map((duty) => bookingDetailToProto(duty)),
        };
      },
      async actOnBooking(req, ctx) {
        const booking = await actOnBooking.act(tenantCallerOf(ctx), {
          id: req.id,
          action: req.action,
          reason: req.reason,
          expectedVersion: req.expectedVersion,
        });
        return { booking: bookingDetailToProto(booking) };
      },
      async deleteBooking(req, ctx) {
        const deletedIds = await deleteBooking.delete(tenantCallerOf(ctx), {
          id: req.id,
          reason: req.reason,
          expectedVersion: req.expectedVersion,
        });
        return { deletedIds };
      },
      async allotDuty(req, ctx) {
        const duties = await allotDuty.allot(tenantCallerOf(ctx), {
          id: req.id,
          kind: req.kind,
          vehicleId: req.vehicleId,
          driverId: req.driverId,
          supplierId: req.supplierId,
          vehicleNo: req.vehicleNo,
          driverName: req.driverName,
          driverPhone: req.driverPhone,
          overrideReason: req.overrideReason,
          allDuties: req.allDuties,
          expectedVersion: req.expectedVersion,
        });
        return { duties: duties.map((duty) => bookingDetailToProto(duty)) };
      },
      async getBooking(req, ctx) {
        const caller = tenantCallerOf(ctx);
        const found = await takeBooking.get(caller, req.id);
        const [pages, names] = await Promise.all([
          passengerPages.forStaff(caller, req.id),
          dutyNames.of(caller, [found.booking, ...found.duties]),
        ]);
        return {
          slipApproval:
            pages.approval && slipApprovalToProto(pages.approval.approval, pages.approval.changedSinceAnswer),
          feedback: pages.feedback && feedbackToProto(pages.feedback),
          booking: bookingDetailToProto(found.booking, names(found.booking)),
          duties: found.duties.map((duty) => bookingDetailToProto(duty, names(duty))),
          activity: found.activity.map(activityToProto),
          salesSlip: found.salesSlip.map(slipPointToProto),
          purchaseSlip: found.purchaseSlip.map(slipPointToProto),
          charges: found.charges && chargesToProto(found.charges),
          purchaseCharges: found.purchaseCharges && chargesToProto(found.purchaseCharges),
          driverAllowances: found.driverAllowances && chargesToProto(found.driverAllowances),
        };
      },
      async recordDutySlip(req, ctx) {
        const { booking, points } = await dutySlip.record(tenantCallerOf(ctx), {
          id: req.id,
          variant: req.variant,
          points: req.points.map((p) => ({
            point: p.point,
            at: p.at && timestampDate(p.at),
            km: p.km,
            location: p.location,
            fileId: p.fileId,
          })),
          medium: req.medium,
          expectedVersion: req.expectedVersion,
        });
        return { booking: bookingDetailToProto(booking), points: points.map(slipPointToProto) };
      },
      async closeDuty(req, ctx) {
        const closed = await dutySlip.close(tenantCallerOf(ctx), {
          id: req.id,
          expectedVersion: req.expectedVersion,
        });
        return {
          booking: bookingDetailToProto(closed.booking),
          charges: chargesToProto(closed.charges),
          purchaseCharges: closed.purchaseCharges && chargesToProto(closed.purchaseCharges),
          driverAllowances: closed.driverAllowances && chargesToProto(closed.driverAllowances),
        };
      },
      async listDriverDuties(req, ctx) {
        const page = await driverDuties.list(driverCallerOf(ctx), {
          when: req.when,
          ...pageRequestFromProto(req.page),
        });
        return { duties: page.items.map(driverDutyToProto), pageInfo: pageInfoToProto(page) };
      },
      async getDriverDuty(req, ctx) {
        return {
          duty: driverDutyToProto(await driverDuties.get(driverCallerOf(ctx), req.id)),
          applied: false,
        };
      },
      async answerDuty(req, ctx) {
        const { duty, applied } = await driverDuties.answer(driverCallerOf(ctx), {
          ...req,
          at: req.at && timestampDate(req.at),
        });
        return { duty: driverDutyToProto(duty), applied };
      },
      async recordTripEvent(req, ctx) {
        const { duty, applied } = await driverDuties.recordTripEvent(driverCallerOf(ctx), {
          ...req,
          at: req.at && timestampDate(req.at),
        });
        return { duty: driverDutyToProto(duty), applied };
      },
      async addDriverBillingItem(req, ctx) {
        const { duty, applied } = await driverDuties.addBillingItem(driverCallerOf(ctx), {
          ...req,
          at: req.at && timestampDate(req.at),
        });
        return { duty: driverDutyToProto(duty), applied };
      },
      async recordNavigationStart(req, ctx) {
        const { duty, applied } = await driverDuties.startNavigation(driverCallerOf(ctx), {
          ...req,
          at: req.at && timestampDate(req.at),
        });
        return { duty: driverDutyToProto(duty), applied };
      },
      async consentEarlyStart(req, ctx) {
        return {
          booking: bookingDetailToProto(await earlyStartConsent.consent(tenantCallerOf(ctx), req.id)),
        };
      },
      async unlockTripStart(req, ctx) {
        return { booking: bookingDetailToProto(await tripStartUnlock.unlock(tenantCallerOf(ctx), req.id)) };
      },
      ...locationMethods(locationTracking),
    });
}
