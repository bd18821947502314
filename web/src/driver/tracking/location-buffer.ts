// The phone's fixes are gathered and handed on in batches: every few seconds, or sooner once enough
// have gathered, so a long drive sends a steady trickle rather than one request per fix.
import type { LocationPoint } from './record-locations';

export const BATCH_EVERY_MS = 5_000;
export const BATCH_MAX_POINTS = 20;

/** What a browser's GeolocationPosition holds that a point needs. */
export interface Fix {
  timestamp: number;
  coords: {
    latitude: number;
    longitude: number;
    accuracy: number;
    speed: number | null;
    heading: number | null;
  };
}

const measured = (value: number | null) => (value === null || !Number.isFinite(value) ? undefined : value);

/** A fix as a point of the duty: speed in km/h, no heading or speed when the phone does not know them. */
export function pointOf(bookingId: string, fix: Fix): LocationPoint {
  const speed = measured(fix.coords.speed);
  const heading = measured(fix.coords.heading);
  return {
    bookingId,
    at: new Date(fix.timestamp),
    latitude: fix.coords.latitude,
    longitude: fix.coords.longitude,
    ...(Number.isFinite(fix.coords.accuracy) ? { accuracyM: fix.coords.accuracy } : {}),
    ...(speed === undefined ? {} : { speedKmh: Math.round(speed * 3.6 * 10) / 10 }),
    ...(heading === undefined ? {} : { headingDeg: heading }),
  };
}

export interface LocationBuffer {
  add(point: LocationPoint): void;
  /** Hands on what has gathered (the timer's tick, or the duty's end). */
  flush(): void;
}

export function createLocationBuffer(
  handOn: (points: LocationPoint[]) => void,
  maxPoints = BATCH_MAX_POINTS,
): LocationBuffer {
  let points: LocationPoint[] = [];
  const flush = () => {
    if (points.length === 0) return;
    const batch = points;
    points = [];
    handOn(batch);
  };
  return {
    add(point) {
      points.push(point);
      if (points.length >= maxPoints) flush();
    },
    flush,
  };
}
