// A duty's billing items (toll, parking, state permit…: DOMAIN.md, "Pricing"): what was spent on the
// duty besides car hire, each its own invoice line. The rules for the list staff enter — how many, what
// an amount may be — shared by the form, the gateway and the bookings service, and the list's total,
// all in exact decimals.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { idSchema } from '../validation/id';
import { plainText } from '../validation/text';

/** How many billing items one duty holds. */
export const MAX_DUTY_BILLING_ITEMS = 20;
/** The most one billing item may be (₹10,00,000): above it is a typing slip, not a toll. */
export const MAX_BILLING_ITEM_AMOUNT = '1000000';
export const BILLING_ITEM_NOTE_MAX = 200;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** Why `text` is not a billing item's amount, in words for the person; undefined when it is one. */
export function billingItemAmountProblem(text: string): string | undefined {
  const amount = text.trim();
  if (amount === '') return 'Enter the amount spent.';
  if (!AMOUNT.test(amount)) return 'Enter the amount in rupees, e.g. 250 or 250.50 (at most 2 decimals).';
  if (new Decimal(amount).greaterThan(MAX_BILLING_ITEM_AMOUNT))
    return 'A billing item is at most ₹10,00,000.';
  return undefined;
}

/**
 * The billing items a slip or an invoice prints: a ₹0 item charges nothing and says nothing to the
 * customer (it was a placeholder, or a reading typed in as an expense), so it is left off.
 */
export function printedBillingItems<T extends { amount: string }>(items: readonly T[]): T[] {
  return items.filter((item) => !new Decimal(item.amount || '0').isZero());
}

/** The total of some amounts (decimal text), with two places: '350.50'. */
export function dutyBillingItemsTotal(amounts: readonly string[]): string {
  return amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).toFixed(2);
}

/** A duty's billing items as a whole list, as the gateway takes them. */
export const dutyBillingItemsSchema = z
  .array(
    z.object({
      billingItemId: idSchema,
      amount: z.string().superRefine((value, ctx) => {
        const problem = billingItemAmountProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      // A receipt's photo or PDF, uploaded for `booking` and `slip_photo`.
      receiptFileId: idSchema.nullish(),
      note: plainText()
        .trim()
        .max(BILLING_ITEM_NOTE_MAX, `Keep this to ${BILLING_ITEM_NOTE_MAX} characters or fewer`)
        .optional(),
    }),
  )
  .max(MAX_DUTY_BILLING_ITEMS, `A duty holds at most ${MAX_DUTY_BILLING_ITEMS} billing items`);
export type DutyBillingItemsInput = z.input<typeof dutyBillingItemsSchema>;
