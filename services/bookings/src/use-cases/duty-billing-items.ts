// A duty's billing items (toll, parking, state permit…: DOMAIN.md, "Pricing"), set by staff as a whole
// list: each the operator's billing item master record, what that record says (name, taxable, SAC code,
// tax) kept with the row so the invoice line billing makes from it stays as it was; the amount; the
// receipt, a file uploaded for a duty slip's photos. Everything is checked before anything is written:
// a refusal names the field (`items.2.amount`) and changes nothing. An invoiced duty's items change on
// its invoice; a cancelled or unfulfilled duty ran no trip to spend on.
import { randomUUID } from 'node:crypto';
import {
  BILLING_ITEM_NOTE_MAX,
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  billingItemAmountProblem,
  billingItemMaster,
  dutyBillingItemsTotal,
  getPermission,
  isUuid,
  MAX_DUTY_BILLING_ITEMS,
  PERMISSION,
} from '@fleet/domain';
import {
  invalid,
  invalidField,
  notFound,
  permissionDenied,
  preconditionFailed,
  requireId,
} from '@fleet/platform';
import { formatRupees } from '@fleet/platform/pdf';
import Decimal from 'decimal.js';
import type { DutyBillingItemRecord } from '../domain/booking';
import { listedByIds } from '../read-models/masters-reads';
import {
  getBookingDetail,
  type NewDutyBillingItem,
  replaceBillingItems,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import { requireBookingFiles } from './booking-files';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

/** A billing item as staff enter it; '' for no receipt or note. */
export interface DutyBillingItemInput {
  billingItemId: string;
  amount: string;
  receiptFileId: string;
  note: string;
}

/** Statuses in which a duty ran no trip, so nothing was spent on it. */
const NOT_RUN: ReadonlySet<BookingStatus> = new Set(['CANCELLED', 'UNFULFILLED']);

interface Problem {
  field: string;
  message: string;
}

/** The items' own shape (ids, amounts, notes): every problem, each naming its field. */
function shapeProblems(items: readonly DutyBillingItemInput[]): Problem[] {
  const problems: Problem[] = [];
  items.forEach((item, i) => {
    if (!isUuid(item.billingItemId))
      problems.push({ field: `items.${i}.billingItemId`, message: 'Choose a billing item from the list.' });
    const amount = billingItemAmountProblem(item.amount);
    if (amount) problems.push({ field: `items.${i}.amount`, message: amount });
    if (item.receiptFileId && !isUuid(item.receiptFileId))
      problems.push({ field: `items.${i}.receiptFileId`, message: 'Upload the receipt again.' });
    if (item.note.length > BILLING_ITEM_NOTE_MAX)
      problems.push({
        field: `items.${i}.note`,
        message: `Keep this to ${BILLING_ITEM_NOTE_MAX} characters or fewer.`,
      });
  });
  return problems;
}

const sameContent = (kept: DutyBillingItemRecord, item: NewDutyBillingItem) =>
  kept.billingItemId === item.billingItemId &&
  new Decimal(kept.amount).equals(item.amount) &&
  (kept.receiptFileId ?? null) === item.receiptFileId &&
  kept.note === item.note;

/**
 * The new list with the ids of the rows it leaves as they were (so they keep who added them and when),
 * and what changed in words for the activity: "Added Toll ₹250.00; removed Parking ₹100.00".
 */
function reconcile(before: readonly DutyBillingItemRecord[], wanted: NewDutyBillingItem[]) {
  const unmatched = [...before];
  const added: NewDutyBillingItem[] = [];
  const items = wanted.map((item) => {
    const at = unmatched.findIndex((kept) => sameContent(kept, item));
    if (at < 0) {
      added.push(item);
      return item;
    }
    const [kept] = unmatched.splice(at, 1);
    return { ...item, id: kept!.id };
  });
  const said = (rows: readonly { name: string; amount: string }[]) =>
    rows.map((row) => `${row.name} ${formatRupees(row.amount)}`).join(', ');
  const parts = [
    ...(added.length ? [`Added ${said(added)}`] : []),
    ...(unmatched.length ? [`removed ${said(unmatched)}`] : []),
  ];
  const total = formatRupees(dutyBillingItemsTotal(items.map((item) => item.amount)));
  const summary = parts.length
    ? `${parts.join('; ')}. Billing items now total ${total}.`
    : `Billing items unchanged (${total}).`;
  return { items, summary: summary.charAt(0).toUpperCase() + summary.slice(1) };
}

export function createDutyBillingItems(deps: BookingsDeps) {
  const { db, masters } = deps;

  return {
    async set(
      caller: TenantCaller,
      input: { id: string; items: DutyBillingItemInput[]; expectedVersion?: number },
    ) {
      if (!caller.permissions.includes(PERMISSION.generate_duty_slip)) {
        throw permissionDenied(
          `You need the “${getPermission(PERMISSION.generate_duty_slip)?.name}” permission to record a duty’s billing items.`,
        );
      }
      requireId(input.id, 'id');
      if (input.items.length > MAX_DUTY_BILLING_ITEMS)
        throw invalidField('items', `A duty holds at most ${MAX_DUTY_BILLING_ITEMS} billing items.`);
      const given = input.items.map((item) => ({
        billingItemId: item.billingItemId.trim().toLowerCase(),
        amount: item.amount.trim(),
        receiptFileId: item.receiptFileId.trim().toLowerCase(),
        note: item.note.trim(),
      }));
      const problems = shapeProblems(given);
      if (problems.length > 0) {
        throw invalid(problems.length === 1 ? problems[0]!.message : 'Fix the fields marked.', problems);
      }

      const before = await db.read(caller.tenantId, (tx) => getBookingDetail(tx, input.id));
      if (!before) throw notFound('The booking');
      // A record the duty already holds stays on it when it has since been deactivated (it is not
      // chosen anew); any other must be active.
      const held = new Set(before.billingItems.map((item) => item.billingItemId));
      const [found] = await Promise.all([
        listedByIds(
          masters,
          caller,
          billingItemMaster,
          given.map((item) => item.billingItemId),
        ),
        requireBookingFiles(
          masters,
          caller,
          'slip_photo',
          given.flatMap((item, i) =>
            item.receiptFileId ? [{ field: `items.${i}.receiptFileId`, id: item.receiptFileId }] : [],
          ),
        ),
      ]);
      const wanted: NewDutyBillingItem[] = [];
      given.forEach((item, i) => {
        const record = found.get(item.billingItemId);
        const field = `items.${i}.billingItemId`;
        if (!record) {
          problems.push({ field, message: 'Choose a billing item from the list.' });
        } else if (!record.isActive && !held.has(item.billingItemId)) {
          problems.push({
            field,
            message: `The billing item “${record.values.name}” is deactivated; choose another or activate it.`,
          });
        } else {
          wanted.push({
            id: randomUUID(),
            billingItemId: record.id,
            name: record.values.name,
            isTaxable: record.values.is_taxable === true,
            sacCode: record.values.sac_code ?? '',
            taxId: record.values.tax_id || null,
            amount: new Decimal(item.amount).toFixed(2),
            receiptFileId: item.receiptFileId || null,
            note: item.note,
          });
        }
      });
      if (problems.length > 0) {
        throw invalid(problems.length === 1 ? problems[0]!.message : 'Fix the fields marked.', problems);
      }

      return db.withTenant(caller.tenantId, async (tx) => {
        const duty = await lockDutyAsRead(tx, input.id, input.expectedVersion);
        if (duty.isBilled) {
          throw preconditionFailed(
            'This duty is invoiced; change its billing items on its invoice.',
            'BILLED',
          );
        }
        if (NOT_RUN.has(duty.status)) {
          throw preconditionFailed(
            `This duty is ${BOOKING_STATUS_LABELS[duty.status].toLowerCase()}; it has no billing items.`,
            'NOT_BILLABLE',
          );
        }
        const current = (await getBookingDetail(tx, duty.id))!;
        const { items, summary } = reconcile(current.billingItems, wanted);
        await replaceBillingItems(tx, {
          tenantId: caller.tenantId,
          bookingId: duty.id,
          items,
          addedBy: caller.userId,
        });
        return recordDutyChange(tx, caller, duty.id, {
          action: 'billingItemsChanged',
          from: duty.status,
          to: duty.status,
          reason: summary,
          event: 'bookingUpdated',
        });
      });
    },
  };
}
