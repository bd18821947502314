// A duty's trip insurance (bookings.booking_trip_insurance): at most one row per duty, written whole.
// Row-level security keeps every statement to the transaction's operator.
import type { Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

/** The insurance as it is written: money as decimal text with two places, sumInsured null for none. */
export interface NewTripInsurance {
  policyNumber: string;
  insurer: string;
  premium: string;
  sumInsured: string | null;
  note: string;
}

/** Puts the insurance on the duty, replacing any it had, set by `setBy` now; the duty's version moves on. */
export async function saveTripInsurance(
  tx: Tx,
  input: { tenantId: string; bookingId: string; insurance: NewTripInsurance; setBy: string },
): Promise<void> {
  const { insurance: i } = input;
  await tx.execute(sql`
    insert into bookings.booking_trip_insurance
      (booking_id, tenant_id, policy_number, insurer, premium, sum_insured, note, set_by, set_at)
    values (${input.bookingId}, ${input.tenantId}, ${i.policyNumber}, ${i.insurer}, ${i.premium}::numeric,
      ${i.sumInsured}::numeric, ${i.note}, ${input.setBy}, now())
    on conflict (booking_id) do update set policy_number = excluded.policy_number,
      insurer = excluded.insurer, premium = excluded.premium, sum_insured = excluded.sum_insured,
      note = excluded.note, set_by = excluded.set_by, set_at = excluded.set_at`);
  await bumpVersion(tx, input.bookingId);
}

/** Takes the insurance off the duty; the duty's version moves on. */
export async function removeTripInsurance(tx: Tx, bookingId: string): Promise<void> {
  await tx.execute(sql`delete from bookings.booking_trip_insurance where booking_id = ${bookingId}`);
  await bumpVersion(tx, bookingId);
}

const bumpVersion = (tx: Tx, bookingId: string) =>
  tx.execute(
    sql`update bookings.bookings set version = version + 1, updated_at = now() where id = ${bookingId}`,
  );
