import type { LocationPoint } from './record-locations';

/** A fix older than this is not where the phone is now. */
const FRESH_FOR_MS = 2 * 60_000;

/** The phone's last known position, which a trip event records as where it happened. */
export interface LastFix {
  set(point: LocationPoint): void;
  /** The latest fix if it is fresh at `now`. */
  fresh(now?: Date): { latitude: number; longitude: number } | undefined;
}

export function createLastFix(): LastFix {
  let last: LocationPoint | undefined;
  return {
    set(point) {
      last = point;
    },
    fresh(now = new Date()) {
      if (!last || now.getTime() - last.at.getTime() > FRESH_FOR_MS) return undefined;
      return { latitude: last.latitude, longitude: last.longitude };
    },
  };
}
