// The one place the driver app calls `tracking.record`, the procedure that keeps a duty's route points.
// It is being added on main beside this app with exactly this input; until this branch has it, the
// call goes through tRPC's untyped client with the shape written out here. When it is merged, this
// file's body becomes one line: `return driverClient.tracking.record.mutate(batch)` (and LocationBatch
// becomes the domain's LocationBatchInput).
import { untypedDriverClient } from '../api/client';

/** One fix of the phone, for one duty. */
export interface LocationPoint {
  bookingId: string;
  /** When the phone took the fix, by the phone's clock. */
  at: Date;
  latitude: number;
  longitude: number;
  accuracyM?: number;
  speedKmh?: number;
  headingDeg?: number;
}

export interface LocationBatch {
  points: LocationPoint[];
}

export async function recordLocations(batch: LocationBatch): Promise<void> {
  await untypedDriverClient.mutation('tracking.record', batch, { context: { skipBatch: true } });
}
