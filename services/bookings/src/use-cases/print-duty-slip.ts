// A duty's slip as the PDF the customer (or the supplier) is given: everything it shows gathered here —
// the operator's letterhead from its billing company in masters, the names of the cities, vehicle group,
// duty type and vehicle, the recorded points, and the charges once closed — then drawn by the slip's
// renderer. The customer's copy shows the sales slip and charges; the supplier's the purchase slip.
// Many slips (an invoice's duties) are gathered at once — one read, one call per master — and bound
// into one PDF.
import {
  BOOKING_STATUS_LABELS,
  cityMaster,
  companyMaster,
  DEFAULT_OPERATOR_TIME_ZONE,
  decodeListPage,
  decodeMasterValues,
  getPermission,
  type MasterDefinition,
  PERMISSION,
  parseValuesJson,
  printedBillingItems,
  shownBookingNo,
  vehicleGroupMaster,
} from '@fleet/domain';
import { invalidField, notFound, permissionDenied, requireId, requireIds } from '@fleet/platform';
import { readingForBookings } from '../read-models/masters-reads';
import { renderDutySlipPdf, renderDutySlipsPdf } from '../slips/duty-slip-pdf';
import type { DutySlipView } from '../slips/duty-slip-view';
import { getBookingDetail, getCharges, listSlipPoints } from '../storage/booking-record-store';
import type { BookingsDeps, TenantCaller } from './deps';

/** The most slips bound into one PDF: an invoice of a month of daily duties, with room to spare. */
export const MAX_SLIPS_AT_ONCE = 500;

type Variant = DutySlipView['variant'];

export function createPrintDutySlip(deps: BookingsDeps) {
  const { db, masters, copies, clock } = deps;

  function authorise(caller: TenantCaller): void {
    if (!caller.permissions.includes(PERMISSION.view_duty_slip)) {
      throw permissionDenied(
        `You need the “${getPermission(PERMISSION.view_duty_slip)?.name}” permission to print duty slips.`,
      );
    }
  }

  function variantOf(variant: string): Variant {
    if (variant === 'PURCHASE') return 'PURCHASE';
    if (variant === '' || variant === 'SALES') return 'SALES';
    throw invalidField('variant', 'Print the SALES (customer) or PURCHASE (supplier) slip.');
  }

  /** The names of some records of a master, by id: one call for all of them. */
  async function namesOf(caller: TenantCaller, definition: MasterDefinition, ids: string[]) {
    const wanted = [...new Set(ids.filter(Boolean))];
    if (wanted.length === 0) return new Map<string, string>();
    const page = await masters.listRecords(
      { kind: definition.kind, ids: wanted, page: { limit: wanted.length } },
      readingForBookings(caller),
    );
    return new Map(
      decodeListPage(definition, page.recordsJson).map((r) => [
        r.id,
        String(r.values[definition.display] ?? ''),
      ]),
    );
  }

  /** The letterhead: the booking's billing company, else the operator's first. */
  async function letterhead(
    caller: TenantCaller,
    companyId: string | null,
  ): Promise<DutySlipView['operator']> {
    let id = companyId;
    if (!id) {
      const first = await masters.listRecords(
        { kind: companyMaster.kind, page: { limit: 1 } },
        readingForBookings(caller),
      );
      id = decodeListPage(companyMaster, first.recordsJson)[0]?.id ?? null;
    }
    if (!id) return { name: '', address: '', phone: '', gstin: '' };
    const { record } = await masters.getRecord({ kind: companyMaster.kind, id }, readingForBookings(caller));
    const values = decodeMasterValues(
      companyMaster,
      parseValuesJson(companyMaster, record?.valuesJson ?? '{}'),
    );
    return {
      name: values.name ?? '',
      address: [values.address, values.pincode].filter(Boolean).join(' '),
      phone: values.phone ?? '',
      gstin: values.gst_no ?? '',
    };
  }

  /** Every slip's view, in the order of the ids; an id of no booking of the operator is not found. */
  async function viewsOf(caller: TenantCaller, ids: readonly string[], variant: Variant) {
    const found = await db.read(caller.tenantId, async (tx) => {
      const slips = [];
      for (const id of ids) {
        const booking = await getBookingDetail(tx, id);
        if (!booking) return undefined;
        slips.push({
          booking,
          points: await listSlipPoints(tx, id, variant),
          charges: await getCharges(tx, id, variant === 'PURCHASE' ? 'SUPPLIER' : 'CUSTOMER'),
        });
      }
      return slips;
    });
    if (!found) throw notFound(ids.length === 1 ? 'The booking' : 'A booking');
    const bookings = found.map((slip) => slip.booking);
    const known = await copies.load(caller, {
      duty_type: bookings.map((b) => b.dutyTypeId),
      vehicle: bookings.flatMap((b) => (b.allotedVehicleId ? [b.allotedVehicleId] : [])),
    });
    const cities = await namesOf(
      caller,
      cityMaster,
      bookings.flatMap((b) => [b.fromCityId, b.toCityId ?? '']),
    );
    const groups = await namesOf(
      caller,
      vehicleGroupMaster,
      bookings.map((b) => b.vehicleGroupId),
    );
    const letterheads = new Map<string, Promise<DutySlipView['operator']>>();
    const letterheadOf = (companyId: string | null) => {
      const key = companyId ?? '';
      let operator = letterheads.get(key);
      if (!operator) {
        operator = letterhead(caller, companyId);
        letterheads.set(key, operator);
      }
      return operator;
    };
    const printedAt = clock();
    const views: DutySlipView[] = [];
    for (const { booking, points, charges } of found) {
      const priced = variant === 'SALES' ? charges : undefined;
      views.push({
        operator: await letterheadOf(booking.companyId),
        variant,
        booking: {
          bookingNo: shownBookingNo(booking.bookingNo),
          statusLabel: BOOKING_STATUS_LABELS[booking.status],
          customerName: booking.customerName,
          bookedBy: booking.bookedBy,
          passengers: booking.passengers,
          fromCity: cities.get(booking.fromCityId) ?? booking.fromCityId,
          toCity: booking.toCityId ? (cities.get(booking.toCityId) ?? booking.toCityId) : '',
          dutyTypeName: known.duty_type.get(booking.dutyTypeId)?.name ?? '',
          vehicleGroupName: groups.get(booking.vehicleGroupId) ?? '',
          reportingAt: new Date(booking.reportingAt),
          reportingAddress: booking.reportingAddress,
          dropAddress: booking.dropAddress,
          orderReferenceNumber: booking.orderReferenceNumber,
          remark: booking.remark,
        },
        allotment: {
          vehicleNo: booking.vehicleNo,
          vehicleModel: booking.allotedVehicleId
            ? (known.vehicle.get(booking.allotedVehicleId)?.vehicleModel ?? '')
            : '',
          driverName: booking.driverName,
          driverPhone: booking.driverPhone,
          supplierName: booking.supplierName,
        },
        points: points.map((p) => ({ point: p.point, at: new Date(p.at), km: p.km, location: p.location })),
        measure: priced ? { km: priced.km, minutes: priced.minutes } : undefined,
        billingItems: printedBillingItems(booking.billingItems).map((item) => ({
          name: item.name,
          amount: item.amount,
        })),
        charges: priced && { lines: priced.lines, total: priced.total },
        timeZone: DEFAULT_OPERATOR_TIME_ZONE,
        printedAt,
      });
    }
    return views;
  }

  return {
    async render(caller: TenantCaller, input: { id: string; variant: string }) {
      authorise(caller);
      requireId(input.id, 'id');
      const variant = variantOf(input.variant);
      const [view] = await viewsOf(caller, [input.id], variant);
      if (!view) throw notFound('The booking');
      return {
        pdf: await renderDutySlipPdf(view),
        fileName: `duty-slip-${view.booking.bookingNo}${variant === 'PURCHASE' ? '-supplier' : ''}.pdf`,
      };
    },

    /** Many duties' slips bound into one PDF, in the order named (a duty named twice prints once). */
    async renderMany(caller: TenantCaller, input: { ids: readonly string[]; variant: string }) {
      authorise(caller);
      if (input.ids.length === 0) throw invalidField('ids', 'Name the duties whose slips to print.');
      if (input.ids.length > MAX_SLIPS_AT_ONCE) {
        throw invalidField('ids', `Print at most ${MAX_SLIPS_AT_ONCE} duty slips at once.`);
      }
      const ids = requireIds(input.ids, 'ids');
      const variant = variantOf(input.variant);
      const views = await viewsOf(caller, [...new Set(ids)], variant);
      const numbers = views.map((view) => view.booking.bookingNo);
      const span = numbers.length === 1 ? numbers[0] : `${numbers[0]}-${numbers.at(-1)}`;
      return {
        pdf: await renderDutySlipsPdf(views, `Duty slips ${numbers.join(', ')}`.slice(0, 200)),
        fileName: `duty-slips-${span}${variant === 'PURCHASE' ? '-supplier' : ''}.pdf`,
      };
    },
  };
}
