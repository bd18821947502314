// Taking a booking and reading it back. A booking from one date to a later one is one PARENT duty on its
// first day and a CHILD duty for each later day, linked to it (decided: the first day is the parent's own
// duty, so every row on the board is a duty and no row is only a container). Each duty gets its own
// short number. A price left empty comes from the customer's rate card in force on the first day. A copy
// is a new booking with a duty's details on another date; an extension adds EXTENDED duties, a day each,
// after a booking's last duty. A duty's details change until it is invoiced, and not once its trip has
// started (then only its slip is adjusted).
import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  type BookingDraft,
  type BookingStatus,
  bookingDraftSchema,
  daysBetween,
  dutyDates,
  editRefusal,
  filledEntries,
  getPermission,
  isIsoDate,
  localClock,
  MAX_BOOKING_DAYS,
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
import type { BookingDetail, PriceRecord } from '../domain/booking';
import { searchTermsOf } from '../domain/search-terms';
import type { Copy } from '../read-models/master-copies';
import {
  getAllCharges,
  getBookingDetail,
  getDuties,
  insertBooking,
  insertContacts,
  listActivity,
  listSlipPoints,
  replaceContacts,
  replaceSearchTerms,
  takeBookingNumbers,
  updateBookingDetails,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import { requireBookingFiles } from './booking-files';
import { createBookingReferences, type ReferenceRules } from './booking-references';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

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
  const checkReferences = createBookingReferences(masters);

  /**
   * The custom field entries a person writes: their own when they may see custom fields (and then every
   * required one must be there); otherwise what the duty already holds, kept as it is — someone who is
   * never shown the fields neither fills them in nor empties them, nor is refused for one left blank.
   */
  function writtenCustomFields(
    caller: TenantCaller,
    draft: BookingDraft,
    stored: BookingDraft['customFields'],
  ) {
    if (caller.permissions.includes(PERMISSION.view_custom_fields)) {
      return { draft, requireFields: true };
    }
    const given = filledEntries(draft.customFields);
    if (given.length > 0 && !sameEntries(given, stored)) {
      throw permissionDenied(
        `You need the “${getPermission(PERMISSION.view_custom_fields)?.name}” permission to fill in custom fields.`,
      );
    }
    return { draft: { ...draft, customFields: stored }, requireFields: false };
  }

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

  /**
   * What writing a draft needs checked first, outside any transaction (it may ask masters). A past date
   * needs Back-Date Reporting Date when it is given, not when a duty already on it (`keptDate`) keeps it.
   */
  async function check(caller: TenantCaller, draft: BookingDraft, rules: ReferenceRules, keptDate?: string) {
    if (draft.reportingDate < operatorDate(clock()) && draft.reportingDate !== keptDate) {
      requireHeld(caller, PERMISSION.assign_back_reporting_date_duty, 'give a duty a past date');
    }
    const [loaded, referenced, attached] = await Promise.allSettled([
      copies.load(caller, { customer: [draft.customerId], duty_type: [draft.dutyTypeId] }),
      checkReferences(caller, draft, rules),
      requireBookingFiles(
        masters,
        caller,
        'attachment_ids',
        draft.attachmentIds.map((id, i) => ({ field: `attachmentIds.${i}`, id })),
      ),
    ]);
    if (loaded.status === 'rejected') throw loaded.reason;
    const known = loaded.value;
    const customer = known.customer.get(draft.customerId)?.connection;
    if (!customer) throw invalidField('customerId', 'Choose a customer from the list.');
    if (!customer.isActive) {
      throw invalidField('customerId', `${customer.name} is deactivated; activate the customer first.`);
    }
    const dutyType = known.duty_type.get(draft.dutyTypeId);
    if (!dutyType) throw invalidField('dutyTypeId', 'Choose a duty type from the list.');
    if (!dutyType.isActive)
      throw invalidField('dutyTypeId', `The duty type ${dutyType.name} is deactivated.`);
    if (referenced.status === 'rejected') throw referenced.reason;
    if (attached.status === 'rejected') throw attached.reason;
    return { draft, customer, dutyType, sales: await salesPrice(caller, draft) };
  }
  type Checked = Awaited<ReturnType<typeof check>>;

  /** A duty's row for a checked draft on one date. */
  function rowFor(checked: Checked, date: string) {
    const { draft, customer, dutyType, sales } = checked;
    const reportingAt = operatorInstant(date, draft.reportingTime);
    return {
      status: draft.confirmed ? ('BOOKED' as const) : ('UNCONFIRMED' as const),
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
      customFields: filledEntries(draft.customFields),
      sales,
      purchase: given(draft.purchase),
    };
  }

  /** Writes, publishes and logs what happened to a duty just written or changed. */
  async function recorded(
    tx: Tx,
    caller: TenantCaller,
    id: string,
    change: { action: string; from: BookingStatus | null; event: 'bookingCreated' | 'bookingUpdated' },
  ): Promise<BookingDetail> {
    const written = await recordDutyChange(tx, caller, id, change);
    await replaceSearchTerms(tx, caller.tenantId, id, searchTermsOf(written));
    return written;
  }

  /** New duties for a checked draft, one per date: the first a PARENT unless they join `parentId`. */
  async function writeDuties(
    tx: Tx,
    caller: TenantCaller,
    checked: Checked,
    dates: string[],
    join?: { parentId: string; type: 'EXTENDED' },
  ): Promise<BookingDetail[]> {
    const first = await takeBookingNumbers(tx, caller.tenantId, dates.length);
    const parentId = join?.parentId ?? randomUUID();
    const written: BookingDetail[] = [];
    for (const [day, date] of dates.entries()) {
      const id = !join && day === 0 ? parentId : randomUUID();
      await insertBooking(tx, {
        ...rowFor(checked, date),
        id,
        tenantId: caller.tenantId,
        bookingNo: first + BigInt(day),
        type: join ? join.type : day === 0 ? 'PARENT' : 'CHILD',
        parentId: join || day > 0 ? parentId : null,
        createdBy: caller.userId,
      });
      await insertContacts(tx, caller.tenantId, id, 'PASSENGER', checked.draft.passengers);
      await insertContacts(tx, caller.tenantId, id, 'ADDITIONAL_CONTACT', checked.draft.additionalContacts);
      written.push(
        await recorded(tx, caller, id, {
          action: 'created',
          from: null,
          event: 'bookingCreated',
        }),
      );
    }
    return written;
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
      ...(await getAllCharges(tx, id)),
    };
  }

  /** A stored duty as the draft that would write it again (a copy's or an extension's). */
  function draftOf(booking: BookingDetail): BookingDraft {
    const time = localClock(new Date(booking.reportingAt)).minuteOfDay;
    return {
      customerId: booking.customerId,
      companyId: booking.companyId,
      bookedBy: booking.bookedBy,
      passengers: booking.passengers,
      additionalContacts: booking.additionalContacts,
      fromCityId: booking.fromCityId,
      toCityId: booking.toCityId,
      vehicleGroupId: booking.vehicleGroupId,
      dutyTypeId: booking.dutyTypeId,
      reportingDate: booking.startDate,
      reportingTime: `${String(Math.floor(time / 60)).padStart(2, '0')}:${String(time % 60).padStart(2, '0')}`,
      lastDate: null,
      reportingAddress: booking.reportingAddress,
      dropAddress: booking.dropAddress,
      remark: booking.remark,
      operatorNotes: booking.operatorNotes,
      orderReferenceNumber: booking.orderReferenceNumber,
      labelIds: booking.labelIds,
      attachmentIds: booking.attachmentIds,
      dutySupporterIds: booking.dutySupporterIds,
      customFields: booking.customFields,
      sales: {
        price: booking.sales.price,
        extraKmRate: booking.sales.extraKmRate,
        extraHourRate: booking.sales.extraHourRate,
      },
      purchase: {
        price: booking.purchase.price,
        extraKmRate: booking.purchase.extraKmRate,
        extraHourRate: booking.purchase.extraHourRate,
      },
      confirmed: true,
    };
  }

  async function source(caller: TenantCaller, id: string) {
    requireId(id, 'id');
    const found = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, id));
    if (!found) throw notFound('The booking');
    return found;
  }

  return {
    async create(caller: TenantCaller, draftJson: string) {
      requireHeld(caller, PERMISSION.manage_booking, 'take bookings');
      const written = writtenCustomFields(caller, parseDraft(draftJson), []);
      const { draft } = written;
      const checked = await check(caller, draft, { held: new Set(), requireFields: written.requireFields });
      return db.withTenant(caller.tenantId, async (tx) => {
        const [parent] = await writeDuties(tx, caller, checked, dutyDates(draft));
        const taken = await readBack(tx, parent!.id);
        if (!taken) throw preconditionFailed('The booking could not be read back.');
        return taken;
      });
    },

    async copy(caller: TenantCaller, id: string, reportingDate: string) {
      requireHeld(caller, PERMISSION.manage_booking, 'take bookings');
      if (!isIsoDate(reportingDate)) throw invalidField('reportingDate', 'Give the new date as YYYY-MM-DD.');
      const original = await source(caller, id);
      const checked = await check(caller, { ...draftOf(original), reportingDate }, INHERITED);
      return db.withTenant(caller.tenantId, async (tx) => {
        const [copy] = await writeDuties(tx, caller, checked, [reportingDate]);
        return (await readBack(tx, copy!.id))!;
      });
    },

    async extend(caller: TenantCaller, id: string, lastDate: string) {
      requireHeld(caller, PERMISSION.manage_booking, 'extend bookings');
      if (!isIsoDate(lastDate)) throw invalidField('lastDate', 'Give the last day as YYYY-MM-DD.');
      const booking = await source(caller, id);
      const rootId = booking.parentId ?? booking.id;
      const root = rootId === booking.id ? booking : await source(caller, rootId);
      const duties = await db.read(caller.tenantId, (tx) => getDuties(tx, rootId));
      const lastDuty = duties.at(-1)?.startDate ?? root.startDate;
      const days = daysBetween(lastDuty, lastDate);
      if (days < 1)
        throw invalidField('lastDate', `The booking already runs to ${lastDuty}; extend it beyond that day.`);
      if (daysBetween(root.startDate, lastDate) >= MAX_BOOKING_DAYS) {
        throw invalidField(
          'lastDate',
          `A booking runs at most ${MAX_BOOKING_DAYS} days; take another for the rest.`,
        );
      }
      const dates = Array.from({ length: days }, (_, i) => addCalendarDays(lastDuty, i + 1));
      const checked = await check(caller, { ...draftOf(root), reportingDate: dates[0]! }, INHERITED);
      return db.withTenant(caller.tenantId, (tx) =>
        writeDuties(tx, caller, checked, dates, { parentId: rootId, type: 'EXTENDED' }),
      );
    },

    async update(caller: TenantCaller, id: string, draftJson: string, expectedVersion = 0) {
      requireHeld(caller, PERMISSION.edit_duty, 'change duties');
      requireId(id, 'id');
      const parsed = parseDraft(draftJson);
      const before = await source(caller, id);
      const written = writtenCustomFields(caller, parsed, before.customFields);
      const { draft } = written;
      const checked = await check(
        caller,
        draft,
        { held: heldIds(before), requireFields: written.requireFields },
        before.startDate,
      );
      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, id, expectedVersion);
        const current = (await getBookingDetail(tx, id))!;
        const refusal = editRefusal({ status: duty.status, isBilled: current.isBilled });
        if (refusal) throw preconditionFailed(refusal.message, refusal.code);
        const row = rowFor(checked, draft.reportingDate);
        await updateBookingDetails(tx, id, row);
        await replaceContacts(tx, caller.tenantId, id, 'PASSENGER', draft.passengers);
        await replaceContacts(tx, caller.tenantId, id, 'ADDITIONAL_CONTACT', draft.additionalContacts);
        return recorded(tx, caller, id, {
          action: 'updated',
          from: duty.status,
          event: 'bookingUpdated',
        });
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

/** A copy or an extension: new duties carrying what the original holds, each record checked anew. */
const INHERITED: ReferenceRules = { held: new Set(), requireFields: false };

/** The records a duty names, which an update may keep even when they have since been deactivated. */
const heldIds = (booking: BookingDetail): ReadonlySet<string> =>
  new Set([
    booking.vehicleGroupId,
    booking.fromCityId,
    ...(booking.toCityId ? [booking.toCityId] : []),
    ...booking.labelIds,
    ...booking.dutySupporterIds,
    ...booking.customFields.map((entry) => entry.customFieldId),
  ]);

const sameEntries = (a: BookingDraft['customFields'], b: BookingDraft['customFields']) =>
  a.length === b.length &&
  a.every((entry, i) => entry.customFieldId === b[i]?.customFieldId && entry.value === b[i]?.value);
