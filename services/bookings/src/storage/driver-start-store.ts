// What a trip's start asks (0013): whether the driver or the vehicle is on another running duty, and
// the early start the driver app asked for and the office consented to.
import { RUNNING_DUTY_STATUSES } from '@fleet/domain';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

const RUNNING = sql.raw(RUNNING_DUTY_STATUSES.map((s) => `'${s}'`).join(', '));

export interface RunningDuty {
  bookingNo: string;
  vehicleNo: string;
  /** The same driver runs it (else only the same vehicle does). */
  sameDriver: boolean;
}

/** Another running duty of this driver or this vehicle, if any. */
export async function findRunningDuty(
  tx: Tx,
  duty: { id: string; driverId: string; vehicleId: string | null },
): Promise<RunningDuty | undefined> {
  const [found] = await rows<RunningDuty>(
    tx,
    sql`select booking_no::text as "bookingNo", vehicle_no as "vehicleNo",
          alloted_driver_id = ${duty.driverId} as "sameDriver"
        from bookings.bookings
        where id <> ${duty.id} and status in (${RUNNING})
          and (alloted_driver_id = ${duty.driverId} or alloted_vehicle_id = ${duty.vehicleId})
        order by alloted_driver_id = ${duty.driverId} desc limit 1`,
  );
  return found;
}

/** Keeps the driver's try at an early start (the first, which the office sees), bumping the version. */
export async function markEarlyStartRequested(tx: Tx, bookingId: string, at: Date): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set early_start_requested_at = coalesce(early_start_requested_at, ${at}),
      version = version + 1, updated_at = now()
    where id = ${bookingId}`);
}

export async function consentToEarlyStart(
  tx: Tx,
  bookingId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    update bookings.bookings set early_start_consented_at = ${at}, early_start_consented_by = ${userId},
      version = version + 1, updated_at = now()
    where id = ${bookingId}`);
}
