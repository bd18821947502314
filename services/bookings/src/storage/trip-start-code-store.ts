// The count of wrong trip-start codes on a duty and its lock (0012): counted under the duty's row lock,
// so a burst of guesses is counted one by one, and cleared when the office unlocks the start.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

export interface TripStartCodeState {
  wrongCodes: number;
  lockedAt: Date | null;
}

export async function readTripStartCodeState(tx: Tx, bookingId: string): Promise<TripStartCodeState> {
  const [found] = await rows<TripStartCodeState>(
    tx,
    sql`select trip_start_wrong_codes as "wrongCodes", trip_start_locked_at as "lockedAt"
        from bookings.bookings where id = ${bookingId}`,
  );
  return found ?? { wrongCodes: 0, lockedAt: null };
}

/** Counts one more wrong code, locking the start when it reaches `tries`; the state after it. */
export async function countWrongStartCode(
  tx: Tx,
  bookingId: string,
  tries: number,
): Promise<TripStartCodeState> {
  const [state] = await rows<TripStartCodeState>(
    tx,
    sql`update bookings.bookings set trip_start_wrong_codes = trip_start_wrong_codes + 1,
          trip_start_locked_at = case when trip_start_wrong_codes + 1 >= ${tries}
            then coalesce(trip_start_locked_at, now()) else trip_start_locked_at end,
          -- Only the lock is a change the board shows; a wrong code alone leaves the version.
          version = version + case when trip_start_wrong_codes + 1 >= ${tries}
            and trip_start_locked_at is null then 1 else 0 end,
          updated_at = now()
        where id = ${bookingId}
        returning trip_start_wrong_codes as "wrongCodes", trip_start_locked_at as "lockedAt"`,
  );
  return state!;
}

export async function unlockTripStart(tx: Tx, bookingId: string): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set trip_start_wrong_codes = 0, trip_start_locked_at = null,
      version = version + 1, updated_at = now()
    where id = ${bookingId}`);
}
