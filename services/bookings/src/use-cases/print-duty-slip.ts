// A duty's slip as the PDF the customer (or the supplier) is given: everything it shows gathered here —
// the operator's letterhead from its billing company in masters, the names of the cities, vehicle group,
// duty type and vehicle, the recorded points, and the charges once closed — then drawn by the slip's
// renderer. The customer's copy shows the sales slip and charges; the supplier's the purchase slip.
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
  shownBookingNo,
  vehicleGroupMaster,
} from '@fleet/domain';
import { invalidField, notFound, permissionDenied, requireId } from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import { readingForBookings } from '../read-models/masters-reads';
import { renderDutySlipPdf } from '../slips/duty-slip-pdf';
import type { DutySlipView } from '../slips/duty-slip-view';
import { getBookingDetail, getCharges, listSlipPoints } from '../storage/booking-record-store';
import type { BookingsDeps, TenantCaller } from './deps';

export function createPrintDutySlip(deps: BookingsDeps) {
  const { db, masters, copies, clock } = deps;

  /** The names of some records of a master, by id. */
  async function namesOf(caller: TenantCaller, definition: MasterDefinition, ids: string[]) {
    const wanted = ids.filter(Boolean);
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
  async function letterhead(caller: TenantCaller, booking: BookingDetail): Promise<DutySlipView['operator']> {
    let companyId = booking.companyId;
    if (!companyId) {
      const first = await masters.listRecords(
        { kind: companyMaster.kind, page: { limit: 1 } },
        readingForBookings(caller),
      );
      companyId = decodeListPage(companyMaster, first.recordsJson)[0]?.id ?? null;
    }
    if (!companyId) return { name: '', address: '', phone: '', gstin: '' };
    const { record } = await masters.getRecord(
      { kind: companyMaster.kind, id: companyId },
      readingForBookings(caller),
    );
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

  return {
    async render(caller: TenantCaller, input: { id: string; variant: string }) {
      if (!caller.permissions.includes(PERMISSION.view_duty_slip)) {
        throw permissionDenied(
          `You need the “${getPermission(PERMISSION.view_duty_slip)?.name}” permission to print duty slips.`,
        );
      }
      requireId(input.id, 'id');
      const variant =
        input.variant === 'PURCHASE'
          ? 'PURCHASE'
          : input.variant === '' || input.variant === 'SALES'
            ? 'SALES'
            : undefined;
      if (!variant) throw invalidField('variant', 'Print the SALES (customer) or PURCHASE (supplier) slip.');
      const found = await db.read(caller.tenantId, async (tx) => {
        const booking = await getBookingDetail(tx, input.id);
        if (!booking) return undefined;
        return {
          booking,
          points: await listSlipPoints(tx, input.id, variant),
          charges: await getCharges(tx, input.id, variant === 'PURCHASE' ? 'SUPPLIER' : 'CUSTOMER'),
        };
      });
      if (!found) throw notFound('The booking');
      const { booking, points, charges } = found;
      const known = await copies.load(caller, {
        duty_type: [booking.dutyTypeId],
        vehicle: booking.allotedVehicleId ? [booking.allotedVehicleId] : [],
      });
      const cities = await namesOf(caller, cityMaster, [booking.fromCityId, booking.toCityId ?? '']);
      const groups = await namesOf(caller, vehicleGroupMaster, [booking.vehicleGroupId]);
      const priced = variant === 'SALES' ? charges : undefined;
      const view: DutySlipView = {
        operator: await letterhead(caller, booking),
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
        billingItems: booking.billingItems.map((item) => ({ name: item.name, amount: item.amount })),
        charges: priced && { lines: priced.lines, total: priced.total },
        timeZone: DEFAULT_OPERATOR_TIME_ZONE,
        printedAt: clock(),
      };
      return {
        pdf: await renderDutySlipPdf(view),
        fileName: `duty-slip-${view.booking.bookingNo}${variant === 'PURCHASE' ? '-supplier' : ''}.pdf`,
      };
    },
  };
}
