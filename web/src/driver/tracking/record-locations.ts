// The one place the driver app calls `tracking.record`, the procedure that keeps a duty's route points:
// a batch of 1 to 500 points of the driver's duties, as the gateway and bookings check it.
import type { LocationBatchInput } from '@fleet/domain/inputs';
import { alone, driverClient } from '../api/client';

export type LocationBatch = LocationBatchInput;
/** One fix of the phone, for one duty. */
export type LocationPoint = LocationBatch['points'][number];

export async function recordLocations(batch: LocationBatch): Promise<void> {
  await driverClient.tracking.record.mutate(batch, alone);
}
