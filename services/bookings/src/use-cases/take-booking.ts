// Taking a booking and reading it back. A booking from one date to a later one is one PARENT duty on its
// first day and a CHILD duty for each later day, linked to it (decided: the first day is the parent's own
// duty, so every row on the board is a duty and no row is only a container). Each duty gets its own
// short number. A price left empty comes from the customer's rate card in force on the first day.
import { randomUUID } from 'node:crypto';
import {
  type BookingDraft,
  bookingDraftSchema,
  dutyDates,
  getPermission,
  operatorDate,
  operatorInstant,
  PERMISSION,
  type PermissionId,
} from '@fleet/domain';
import {
  callAs,
  invalidField,
  notFound,
  parseOrThrow,
  permissionDenied,
  preconditionFailed,
  requireId,
  type Tx,
} from '@fleet/platform';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import type { PriceRecord } from '../domain/booking';
import { searchTermsOf } from '../domain/search-terms';
import { BookingsEvents, bookingsOutbox } from '../events/published';
import { bookingDetailToProto } from '../mappers';
import type { Copy } from '../read-models/master-copies';
import {
  getBookingDetail,
  getCharges,
  getDuties,
  insertActivity,
  insertBooking,
  insertContacts,
  listActivity,
  listSlipPoints,
  replaceSearchTerms,
  takeBookingNumbers,
} from '../storage/booking-record-store';
import type { BookingsDeps, TenantCaller } from './deps';

const HOUR = 3_600_000;
/** How long a duty is expected to take when its duty type does not say (FLAT, EXTRAS…). */
const DEFAULT_DUTY_HOURS = 8;

function requireHeld(caller: TenantCaller, permission: PermissionId, what: string): void {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(`You need the “${getPermission(permission)?.name}” permission to ${what}.`);
  }
}

function parseDraft(draftJson: string): BookingDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(draftJson || '{}');
  } catch {
    throw invalidField('draft', 'The booking could not be read.');
  }
  return parseOrThrow(bookingDraftSchema, raw);
}

/** When a duty reporting at `reportingAt` is expected to end: its duty type's hours, or its day's end. */
function expectedEnd(reportingAt: Date, day: string, dutyType: Copy<'duty_type'>, timeZone?: string): Date {
  if (dutyType.type === 'DAY_KM') return operatorInstant(nextDay(day), '00:00', timeZone);
  return new Date(reportingAt.getTime() + (dutyType.maxHr || DEFAULT_DUTY_HOURS) * HOUR);
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const given = (price: BookingDraft['sales']): PriceRecord => ({ rateCardId: null, ...price });

export function createTakeBooking(deps: BookingsDeps) {
  const { db, clock, copies, masters } = deps;

  /** The customer's rate card in force for the first day, when the form left the price empty. */
  async function salesPrice(caller: TenantCaller, draft: BookingDraft): Promise<PriceRecord> {
    if (draft.sales.price !== null) return given(draft.sales);
    const { rateCard } = await masters.resolveRate(
      {
        party: RateParty.CUSTOMER,
        customerId: draft.customerId,
        dutyTypeId: draft.dutyTypeId,
        cityId: draft.fromCityId,
        vehicleGroupId: draft.vehicleGroupId,
        date: draft.reportingDate,
      },
      callAs(caller),
    );
    if (!rateCard) return given(draft.sales);
    return {
      rateCardId: rateCard.id,
      price: rateCard.normalRate || null,
      extraKmRate: draft.sales.extraKmRate ?? (rateCard.extraKmRate || null),
      extraHourRate: draft.sales.extraHourRate ?? (rateCard.extraHourRate || null),
    };
  }

  async function readBack(tx: Tx, id: string) {
    const booking = await getBookingDetail(tx, id);
    if (!booking) return undefined;
    return {
      booking,
      duties: await getDuties(tx, id),
      activity: await listActivity(tx, id),
      salesSlip: await listSlipPoints(tx, id, 'SALES'),
      purchaseSlip: await listSlipPoints(tx, id, 'PURCHASE'),
      charges: await getCharges(tx, id),
    };
  }

  return {
    async create(caller: TenantCaller, draftJson: string) {
      requireHeld(caller, PERMISSION.manage_booking, 'take bookings');
      const draft = parseDraft(draftJson);
      if (draft.reportingDate < operatorDate(clock())) {
        requireHeld(caller, PERMISSION.assign_back_reporting_date_duty, 'take a booking for a past date');
      }
      const known = await copies.load(caller, {
        customer: [draft.customerId],
        duty_type: [draft.dutyTypeId],
      });
      const customer = known.customer.get(draft.customerId)?.connection;
      if (!customer) throw invalidField('customerId', 'Choose a customer from the list.');
      if (!customer.isActive) {
        throw invalidField('customerId', `${customer.name} is deactivated; activate the customer first.`);
      }
      const dutyType = known.duty_type.get(draft.dutyTypeId);
      if (!dutyType) throw invalidField('dutyTypeId', 'Choose a duty type from the list.');
      if (!dutyType.isActive)
        throw invalidField('dutyTypeId', `The duty type ${dutyType.name} is deactivated.`);
      const sales = await salesPrice(caller, draft);
      const dates = dutyDates(draft);

      return db.withTenant(caller.tenantId, async (tx) => {
        const first = await takeBookingNumbers(tx, caller.tenantId, dates.length);
        const parentId = randomUUID();
        const status = draft.confirmed ? 'BOOKED' : 'UNCONFIRMED';
        for (const [day, date] of dates.entries()) {
          const id = day === 0 ? parentId : randomUUID();
          const reportingAt = operatorInstant(date, draft.reportingTime);
          const bookingNo = first + BigInt(day);
          await insertBooking(tx, {
            id,
            tenantId: caller.tenantId,
            bookingNo,
            type: day === 0 ? 'PARENT' : 'CHILD',
            parentId: day === 0 ? null : parentId,
            status,
            customerId: draft.customerId,
            customerName: customer.name,
            customerGroupId: customer.groupId || null,
            companyId: draft.companyId,
            bookedBy: draft.bookedBy,
            fromCityId: draft.fromCityId,
            toCityId: draft.toCityId,
            vehicleGroupId: draft.vehicleGroupId,
            dutyTypeId: draft.dutyTypeId,
            reportingAt,
            startDate: date,
            endsAt: expectedEnd(reportingAt, date, dutyType),
            reportingAddress: draft.reportingAddress,
            dropAddress: draft.dropAddress,
            remark: draft.remark,
            operatorNotes: draft.operatorNotes,
            orderReferenceNumber: draft.orderReferenceNumber,
            labelIds: draft.labelIds,
            attachmentIds: draft.attachmentIds,
            dutySupporterIds: draft.dutySupporterIds,
            customFields: draft.customFields,
            sales,
            purchase: given(draft.purchase),
            createdBy: caller.userId,
          });
          await insertContacts(tx, caller.tenantId, id, 'PASSENGER', draft.passengers);
          await insertContacts(tx, caller.tenantId, id, 'ADDITIONAL_CONTACT', draft.additionalContacts);
          await replaceSearchTerms(
            tx,
            caller.tenantId,
            id,
            searchTermsOf({
              ...draft,
              bookingNo: bookingNo.toString(),
              driverName: '',
              driverPhone: '',
              vehicleNo: '',
            }),
          );
          await insertActivity(tx, {
            id: randomUUID(),
            tenantId: caller.tenantId,
            bookingId: id,
            actor: 'STAFF',
            userId: caller.userId,
            actorUserId: caller.actorUserId ?? caller.userId,
            action: 'created',
            fromStatus: null,
            toStatus: status,
            reason: '',
          });
          const written = await getBookingDetail(tx, id);
          await bookingsOutbox.enqueue(
            tx,
            BookingsEvents.bookingCreated,
            {
              tenantId: caller.tenantId,
              booking: bookingDetailToProto(written!),
              action: 'created',
              toStatus: status,
              changedByUserId: caller.userId,
              actorUserId: caller.actorUserId ?? caller.userId,
            },
            caller,
          );
        }
        const taken = await readBack(tx, parentId);
        if (!taken) throw preconditionFailed('The booking could not be read back.');
        return taken;
      });
    },

    async get(caller: TenantCaller, id: string) {
      requireHeld(caller, PERMISSION.view_booking, 'see bookings');
      requireId(id, 'id');
      const found = await db.read(caller.tenantId, (tx) => readBack(tx, id));
      if (!found) throw notFound('The booking');
      return found;
    },
  };
}
