// The driver app's side of a duty (DOMAIN.md "Driver app"): a driver sees and acts on only the duties
// allotted to them — anyone else's is "not found", never "not yours" — and every act the app sends
// carries the id the phone gave it, so a retry or an offline replay applies it once. A trip event moves
// the duty through the status machine as the driver (driver-app.ts in the domain), writes its point of
// the customer's slip (the phone's time, the odometer, where, a photo), and at the start and the end
// asks the passenger's trip code when the operator requires it. Garage end completes the duty: it is
// priced and closed as staff closing it would.
import { randomUUID } from 'node:crypto';
import {
  answersNow,
  type BookingAction,
  beginsTrip,
  billingItemMaster,
  businessSettingsMaster,
  checkSlipOrder,
  decodeListPage,
  decodeMasterValues,
  operatorDate,
  PERMISSION,
  parseValuesJson,
  SlipError,
  TRIP_EVENT_RULES,
  type TripEvent,
  transition,
  tripEventsNow,
} from '@fleet/domain';
import {
  driverAnswerSchema,
  driverBillingItemSchema,
  driverNavigationSchema,
  idSchema,
  tripEventInputSchema,
} from '@fleet/domain/inputs';
import {
  callAs,
  type DriverCaller,
  invalidField,
  notFound,
  type Page,
  pageSize,
  parseOrThrow,
  permissionDenied,
  preconditionFailed,
  type Tx,
  toPage,
} from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import Decimal from 'decimal.js';
import { z } from 'zod';
import type { BookingDetail, BookingRecord } from '../domain/booking';
import { listedByIds, readingForBookings } from '../read-models/masters-reads';
import {
  applyStatusChange,
  getBookingDetail,
  listSlipPoints,
  type SlipPointRecord,
} from '../storage/booking-record-store';
import {
  appendBillingItem,
  DRIVER_ACTIVE_STATUSES,
  type DriverDutyWhen,
  listDriverDuties,
  recordDriverAction,
  saveCustomerSignature,
  saveDriverSlipPoint,
} from '../storage/driver-duties-store';
import { recordDutyChange } from './activity';
import { requireBookingFiles } from './booking-files';
import { createClosePricing } from './close-pricing';
import type { BookingsDeps } from './deps';
import { checkTripBeginning, earlyStartRefusal, requestEarlyStart } from './driver-start';
import { closeLocked, readingsOf } from './duty-slip';
import { lockDutyAsRead } from './locked-duty';
import { createPassengerFacts } from './passenger-facts';
import { checkTripStartCode, startCodeRefusal, TRIP_START_LOCKED_MESSAGE } from './trip-start-code';

/** How far the phone's clock may run ahead, and how long an offline queue may hold an act. */
const FUTURE_LEEWAY_MS = 10 * 60_000;
const OLDEST_REPLAY_MS = 7 * 24 * 3600_000;

/** A duty as its driver sees it (never the trip codes, prices or the operator's notes). */
export interface DriverDutyView {
  duty: BookingRecord &
    Partial<Pick<BookingDetail, 'reportingAddress' | 'dropAddress' | 'remark' | 'bookedBy' | 'billingItems'>>;
  dutyTypeName: string;
  mayAccept: boolean;
  mayReject: boolean;
  tripEvents: TripEvent[];
  startCodeRequired: boolean;
  endCodeRequired: boolean;
  checklist: { billingItemId: string; name: string; filled: boolean }[];
  addableItems: { billingItemId: string; name: string }[];
  slipPoints: SlipPointRecord[];
  hasCustomerSignature: boolean;
}

const idOnly = z.object({ id: idSchema });
const listSchema = z.object({
  when: z.enum(['TODAY', 'UPCOMING', 'PAST'] satisfies DriverDutyWhen[], {
    message: 'Ask for TODAY, UPCOMING or PAST.',
  }),
});

/** Refuses a phone time too far ahead of ours, or older than an offline queue may hold an act. */
function checkPhoneTime(at: Date, now: Date) {
  if (at.getTime() > now.getTime() + FUTURE_LEEWAY_MS) {
    throw invalidField('at', 'This time is in the future; check the phone’s clock.');
  }
  if (at.getTime() < now.getTime() - OLDEST_REPLAY_MS) {
    throw invalidField('at', 'This act is more than a week old; tell the office what happened.');
  }
}

export function createDriverDuties(deps: BookingsDeps) {
  const { db, masters, copies, clock } = deps;
  const closePricing = createClosePricing(deps);
  const facts = createPassengerFacts(deps);

  /** The operator's trip-code rules (business settings): whether the start and the end ask a code. */
  async function tripCodes(caller: DriverCaller) {
    const { record } = await masters.getSettings(
      { kind: businessSettingsMaster.kind },
      callAs({ ...caller, permissions: [PERMISSION.view_company_profile] }),
    );
    if (!record) return { start: false, end: false };
    const values = decodeMasterValues(
      businessSettingsMaster,
      parseValuesJson(businessSettingsMaster, record.valuesJson),
    );
    return {
      start: values.is_trip_start_otp_required === true,
      end: values.is_trip_end_otp_required === true,
    };
  }

  /** The operator's active billing items a driver may add, and those required before a duty starts. */
  async function billingItemChoices(caller: DriverCaller) {
    const page = await masters.listRecords(
      { kind: billingItemMaster.kind, active: ActiveFilter.ACTIVE, page: { limit: 100 } },
      readingForBookings(caller),
    );
    const items = decodeListPage(billingItemMaster, page.recordsJson);
    return {
      required: items.filter((item) => item.values.required_before_start === true),
      addable: items.filter(
        (item) => item.values.driver_can_add === true || item.values.required_before_start === true,
      ),
    };
  }

  /** The duty, when it is allotted to this driver; "not found" for anyone else's. */
  function ownDuty(booking: BookingDetail | undefined, caller: DriverCaller): BookingDetail {
    if (!booking || booking.allotedDriverId !== caller.driverId) throw notFound('The duty');
    return booking;
  }

  async function view(caller: DriverCaller, booking: BookingDetail): Promise<DriverDutyView> {
    const [codes, items, known, slipPoints] = await Promise.all([
      tripCodes(caller),
      billingItemChoices(caller),
      copies.load(caller, { duty_type: [booking.dutyTypeId] }),
      db.read(caller.tenantId, (tx) => listSlipPoints(tx, booking.id, 'SALES')),
    ]);
    const onDuty = new Set(booking.billingItems.map((item) => item.billingItemId));
    const answers = answersNow(booking);
    return {
      duty: booking,
      dutyTypeName: known.duty_type.get(booking.dutyTypeId)?.name ?? '',
      mayAccept: answers.accept,
      mayReject: answers.reject,
      tripEvents: tripEventsNow(booking),
      startCodeRequired: codes.start,
      endCodeRequired: codes.end,
      checklist: items.required.map((item) => ({
        billingItemId: item.id,
        name: item.values.name,
        filled: onDuty.has(item.id),
      })),
      addableItems: items.addable.map((item) => ({ billingItemId: item.id, name: item.values.name })),
      slipPoints,
      hasCustomerSignature: booking.hasCustomerSignature,
    };
  }

  /** The duty as it now is, after an act (`applied` false when the act's id had been applied before). */
  async function answered(caller: DriverCaller, id: string, applied: boolean) {
    const booking = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, id));
    return { duty: await view(caller, ownDuty(booking, caller)), applied };
  }

  /** Locks the driver's own duty and records the act; undefined when the act was applied before. */
  async function startAct(tx: Tx, caller: DriverCaller, act: Parameters<typeof recordDriverAction>[1]) {
    const duty = await lockDutyAsRead(tx, act.bookingId).catch(() => {
      throw notFound('The duty');
    });
    const booking = ownDuty(await getBookingDetail(tx, duty.id), caller);
    if (!(await recordDriverAction(tx, act))) return undefined;
    return { duty, booking };
  }

  const move = (duty: Parameters<typeof transition>[0], action: BookingAction, reason?: string) => {
    const outcome = transition(duty, action, { actor: 'DRIVER' }, reason);
    if (outcome.ok) return outcome.to;
    if (outcome.problem === 'NOT_ALLOWED') throw permissionDenied(outcome.message);
    if (outcome.problem === 'REASON_NEEDED') throw invalidField('reason', outcome.message);
    throw preconditionFailed(outcome.message, 'ILLEGAL_TRANSITION');
  };

  return {
    async list(
      caller: DriverCaller,
      input: { when: string; cursor?: string; limit?: number },
    ): Promise<Page<DriverDutyView>> {
      const { when } = parseOrThrow(listSchema, { when: input.when });
      const limit = pageSize(input.limit);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listDriverDuties(tx, {
          driverId: caller.driverId,
          when,
          today: operatorDate(clock()),
          cursor: input.cursor,
          limit,
        }),
      );
      const page = toPage(fetched, limit, (row) => [row.sortKey, row.id]);
      const known = await copies.load(caller, { duty_type: page.items.map((row) => row.dutyTypeId) });
      return {
        ...page,
        items: page.items.map((row) => {
          const answers = answersNow(row);
          return {
            duty: row,
            dutyTypeName: known.duty_type.get(row.dutyTypeId)?.name ?? '',
            mayAccept: answers.accept,
            mayReject: answers.reject,
            tripEvents: tripEventsNow(row),
            startCodeRequired: false,
            endCodeRequired: false,
            checklist: [],
            addableItems: [],
            slipPoints: [],
            hasCustomerSignature: false,
          };
        }),
      };
    },

    async get(caller: DriverCaller, id: string) {
      const { id: dutyId } = parseOrThrow(idOnly, { id });
      const booking = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, dutyId));
      return view(caller, ownDuty(booking, caller));
    },

    async answer(caller: DriverCaller, input: unknown) {
      const act = parseOrThrow(driverAnswerSchema, input);
      checkPhoneTime(act.at, clock());
      const action: BookingAction = act.answer === 'ACCEPT' ? 'driverAccept' : 'driverReject';
      const applied = await db.withTenant(caller.tenantId, async (tx) => {
        const started = await startAct(tx, caller, {
          tenantId: caller.tenantId,
          clientActionId: act.clientActionId,
          bookingId: act.id,
          driverId: caller.driverId,
          action: act.answer === 'ACCEPT' ? 'DUTY_ACCEPTED' : 'DUTY_REJECTED',
          at: act.at,
          reason: act.reason,
        });
        if (!started) return false;
        const to = move(started.duty, action, act.reason);
        await applyStatusChange(tx, started.duty.id, { status: to });
        await recordDutyChange(tx, caller, started.duty.id, {
          action,
          from: started.duty.status,
          to,
          reason: act.reason,
          event: 'bookingStatusChanged',
        });
        return true;
      });
      return answered(caller, act.id, applied);
    },

    async recordTripEvent(caller: DriverCaller, input: unknown) {
      const act = parseOrThrow(tripEventInputSchema, input);
      checkPhoneTime(act.at, clock());
      const { event } = act;
      const rule = TRIP_EVENT_RULES[event];
      await requireBookingFiles(masters, caller, 'slip_photo', [
        ...(act.photoFileId ? [{ field: 'photoFileId', id: act.photoFileId }] : []),
        ...(act.signatureFileId ? [{ field: 'signatureFileId', id: act.signatureFileId }] : []),
      ]);
      const codes = rule.code ? await tripCodes(caller) : { start: false, end: false };
      if (rule.code === 'start' && codes.start) {
        const outcome = await db.withTenant(caller.tenantId, async (tx) => {
          await lockDutyAsRead(tx, act.id).catch(() => {
            throw notFound('The duty');
          });
          const booking = ownDuty(await getBookingDetail(tx, act.id), caller);
          return checkTripStartCode(tx, caller, booking, { code: act.code, at: act.at });
        });
        if (outcome.verdict !== 'RIGHT') throw startCodeRefusal(outcome);
      }
      const required = event === 'DUTY_START' ? (await billingItemChoices(caller)).required : [];
      const before = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, act.id));
      if (before && beginsTrip(before.status, event)) {
        const early = await db.withTenant(caller.tenantId, async (tx) => {
          await lockDutyAsRead(tx, act.id).catch(() => {
            throw notFound('The duty');
          });
          const booking = ownDuty(await getBookingDetail(tx, act.id), caller);
          if ((await checkTripBeginning(tx, caller, booking, act)) === 'OK') return undefined;
          await requestEarlyStart(tx, caller, booking, act.at);
          return booking;
        });
        if (early) throw earlyStartRefusal(early);
      }
      const pricing =
        rule.action === 'completeDuty'
          ? await closePricing.prepare(caller, ownDuty(before, caller))
          : undefined;
      // Completing the duty closes its digital slip, which then goes to the passenger to approve.
      const slipApproval =
        rule.action === 'completeDuty' && before
          ? { now: clock(), hours: await facts.autoAcceptHours(caller.tenantId, before.customerId) }
          : undefined;

      const applied = await db.withTenant(caller.tenantId, async (tx) => {
        const started = await startAct(tx, caller, {
          tenantId: caller.tenantId,
          clientActionId: act.clientActionId,
          bookingId: act.id,
          driverId: caller.driverId,
          action: event,
          at: act.at,
          km: act.km,
          latitude: act.latitude ?? null,
          longitude: act.longitude ?? null,
          location: act.location,
          fileId: act.photoFileId || null,
          details: act.signatureFileId ? { signatureFileId: act.signatureFileId } : {},
        });
        if (!started) return false;
        const { duty, booking } = started;
        const to = rule.action ? move(duty, rule.action) : duty.status;
        if ((await checkTripBeginning(tx, caller, booking, act)) === 'EARLY')
          throw earlyStartRefusal(booking);
        if (!rule.action && !(rule.from ?? []).includes(duty.status)) {
          throw preconditionFailed(`This duty is not waiting for “${rule.label}” now.`, 'ILLEGAL_TRANSITION');
        }
        if (rule.code === 'start' && codes.start && booking.tripStartLockedAt) {
          throw preconditionFailed(TRIP_START_LOCKED_MESSAGE, 'TRIP_START_LOCKED');
        }
        if (rule.code === 'start' && codes.start && act.code !== booking.tripStartOtp) {
          throw invalidField('code', 'That is not the passenger’s start code. Ask the passenger again.');
        }
        if (rule.code === 'end' && codes.end && act.code !== booking.tripEndOtp && !act.signatureFileId) {
          throw invalidField(
            'code',
            act.code
              ? 'That is not the passenger’s end code. Ask again, or take their signature.'
              : 'Ask the passenger for the end code, or take their signature.',
          );
        }
        const missing = required.filter(
          (item) => !booking.billingItems.some((b) => b.billingItemId === item.id),
        );
        if (missing.length > 0) {
          throw preconditionFailed(
            `Fill in ${missing.map((item) => item.values.name).join(', ')} before starting the duty.`,
            'CHECKLIST_INCOMPLETE',
          );
        }
        if (rule.point) {
          const point = rule.point;
          const recorded = (await listSlipPoints(tx, duty.id, 'SALES')).filter((p) => p.point !== point);
          const readings = readingsOf([
            ...recorded,
            { point, at: act.at, km: act.km, location: '', fileId: null },
          ]);
          try {
            checkSlipOrder(readings);
          } catch (error) {
            if (!(error instanceof SlipError)) throw error;
            throw invalidField(error.reading, error.message);
          }
          await saveDriverSlipPoint(tx, {
            tenantId: caller.tenantId,
            bookingId: duty.id,
            point,
            at: act.at,
            km: act.km,
            latitude: act.latitude ?? null,
            longitude: act.longitude ?? null,
            location: act.location,
            fileId: act.photoFileId || null,
            recordedBy: caller.userId,
          });
        }
        if (act.signatureFileId) await saveCustomerSignature(tx, duty.id, act.signatureFileId);
        if (rule.action === 'completeDuty') {
          if (!pricing || !before) throw preconditionFailed('The duty type of this duty is no longer known.');
          await closeLocked(tx, caller, {
            duty,
            before,
            pricing,
            action: 'completeDuty',
            to,
            slipApproval,
            now: clock(),
          });
          return true;
        }
        if (to !== duty.status) await applyStatusChange(tx, duty.id, { status: to });
        await recordDutyChange(tx, caller, duty.id, {
          action: rule.action ?? 'garageEndAfterNoShow',
          from: duty.status,
          to,
          event: to !== duty.status ? 'bookingStatusChanged' : 'bookingUpdated',
        });
        return true;
      });
      return answered(caller, act.id, applied);
    },

    /** The driver opened navigation to the pickup or the drop: kept in the duty's driver actions. */
    async startNavigation(caller: DriverCaller, input: unknown) {
      const act = parseOrThrow(driverNavigationSchema, input);
      checkPhoneTime(act.at, clock());
      const applied = await db.withTenant(caller.tenantId, async (tx) =>
        Boolean(
          await startAct(tx, caller, {
            tenantId: caller.tenantId,
            clientActionId: act.clientActionId,
            bookingId: act.id,
            driverId: caller.driverId,
            action: 'NAVIGATION_START',
            at: act.at,
            details: { to: act.to },
          }),
        ),
      );
      return answered(caller, act.id, applied);
    },

    async addBillingItem(caller: DriverCaller, input: unknown) {
      const act = parseOrThrow(driverBillingItemSchema, input);
      checkPhoneTime(act.at, clock());
      const [found] = await Promise.all([
        listedByIds(masters, caller, billingItemMaster, [act.billingItemId]),
        requireBookingFiles(
          masters,
          caller,
          'slip_photo',
          act.receiptFileId ? [{ field: 'receiptFileId', id: act.receiptFileId }] : [],
        ),
      ]);
      const record = found.get(act.billingItemId.toLowerCase());
      if (
        !record?.isActive ||
        (record.values.driver_can_add !== true && record.values.required_before_start !== true)
      ) {
        throw invalidField('billingItemId', 'Choose one of the billing items drivers may add.');
      }
      const applied = await db.withTenant(caller.tenantId, async (tx) => {
        const started = await startAct(tx, caller, {
          tenantId: caller.tenantId,
          clientActionId: act.clientActionId,
          bookingId: act.id,
          driverId: caller.driverId,
          action: 'BILLING_ITEM_ADDED',
          at: act.at,
          fileId: act.receiptFileId || null,
          details: { billingItemId: record.id, amount: act.amount },
        });
        if (!started) return false;
        const { duty } = started;
        if (duty.isBilled || !(DRIVER_ACTIVE_STATUSES as readonly string[]).includes(duty.status)) {
          throw preconditionFailed(
            'This duty is over; tell the office about anything more it cost.',
            'DUTY_OVER',
          );
        }
        const amount = new Decimal(act.amount).toFixed(2);
        await appendBillingItem(tx, {
          tenantId: caller.tenantId,
          bookingId: duty.id,
          addedBy: caller.userId,
          item: {
            id: randomUUID(),
            billingItemId: record.id,
            name: record.values.name,
            isTaxable: record.values.is_taxable === true,
            sacCode: record.values.sac_code ?? '',
            taxId: record.values.tax_id || null,
            amount,
            receiptFileId: act.receiptFileId || null,
            note: act.note,
          },
        });
        await recordDutyChange(tx, caller, duty.id, {
          action: 'billingItemsChanged',
          from: duty.status,
          to: duty.status,
          reason: `Added ${record.values.name} ₹${amount}.`,
          event: 'bookingUpdated',
        });
        return true;
      });
      return answered(caller, act.id, applied);
    },
  };
}

export type DriverDuties = ReturnType<typeof createDriverDuties>;
