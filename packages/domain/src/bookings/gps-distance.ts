// The kilometres a duty's phone travelled (DOMAIN.md "Duty slip": km tracked by the phone beside the
// speedometer's): great-circle steps between consecutive fixes, leaving out what a phone reports but a
// car cannot do. Decisions, once:
// - A fix whose accuracy is worse than 100 m (a cell-tower fix, a cold start) is left out.
// - A fix the car could only have reached above 200 km/h from the last counted one is a jump and left
//   out; the route goes on from the last counted fix. When three fixes in a row agree with each other
//   but not with the last counted one, that one was the jump (a bad first fix): the route goes on from
//   the three, without the leap to them.
// - A step shorter than 10 m is the receiver's jitter, not a move: the fix is not counted until the
//   phone has moved 10 m from the last counted one, so a car parked for an hour adds nothing.
// - Two fixes of the same moment count once.

/** A fix of the driver's phone. */
export interface GpsFix {
  at: Date;
  latitude: number;
  longitude: number;
  /** The phone's own estimate of its error, in metres; unknown when absent. */
  accuracyM?: number | null;
}

export interface GpsDistanceRules {
  /** Faster than this between two fixes is a jump, not a drive. */
  maxSpeedKmh: number;
  /** Fixes less accurate than this are left out. */
  maxAccuracyM: number;
  /** Moves shorter than this are jitter. */
  minStepM: number;
  /** How many agreeing fixes in a row after a jump show that the jump was the last counted fix. */
  fixesToTrustAfterJump: number;
}

export const GPS_DISTANCE_RULES: Readonly<GpsDistanceRules> = Object.freeze({
  maxSpeedKmh: 200,
  maxAccuracyM: 100,
  minStepM: 10,
  fixesToTrustAfterJump: 3,
});

/** The mean radius of the Earth (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two fixes, in km (the haversine formula). */
export function haversineKm(
  a: Pick<GpsFix, 'latitude' | 'longitude'>,
  b: Pick<GpsFix, 'latitude' | 'longitude'>,
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const usable = (fix: GpsFix, rules: GpsDistanceRules) =>
  Number.isFinite(fix.at.getTime()) &&
  Number.isFinite(fix.latitude) &&
  Number.isFinite(fix.longitude) &&
  Math.abs(fix.latitude) <= 90 &&
  Math.abs(fix.longitude) <= 180 &&
  (fix.accuracyM === undefined || fix.accuracyM === null || fix.accuracyM <= rules.maxAccuracyM);

/** Whether a car could have gone from `from` to `to` in the time between them; km when it could. */
function drivable(from: GpsFix, to: GpsFix, rules: GpsDistanceRules): number | undefined {
  const hours = (to.at.getTime() - from.at.getTime()) / 3_600_000;
  const km = haversineKm(from, to);
  return km <= rules.maxSpeedKmh * hours ? km : undefined;
}

/**
 * The distance in km a route of fixes covers, in time order (a fix earlier than the last counted one is
 * left out), by the rules above. Never negative; 0 for fewer than two usable fixes.
 */
export function gpsDistanceKm(fixes: Iterable<GpsFix>, rules: GpsDistanceRules = GPS_DISTANCE_RULES): number {
  let anchor: GpsFix | undefined;
  let total = 0;
  // Fixes since a jump, each drivable from the one before it, none from the anchor.
  let detour: GpsFix[] = [];

  const countFrom = (from: GpsFix, to: GpsFix, km: number) => {
    if (km * 1000 < rules.minStepM) return from;
    total += km;
    return to;
  };

  for (const fix of fixes) {
    if (!usable(fix, rules)) continue;
    if (!anchor) {
      anchor = fix;
      continue;
    }
    if (fix.at.getTime() <= anchor.at.getTime()) continue;
    const km = drivable(anchor, fix, rules);
    if (km !== undefined) {
      detour = [];
      anchor = countFrom(anchor, fix, km);
      continue;
    }
    const last = detour.at(-1);
    detour =
      last && fix.at.getTime() > last.at.getTime() && drivable(last, fix, rules) !== undefined
        ? [...detour, fix]
        : [fix];
    if (detour.length >= rules.fixesToTrustAfterJump) {
      let from = detour[0]!;
      for (const next of detour.slice(1)) from = countFrom(from, next, haversineKm(from, next));
      anchor = from;
      detour = [];
    }
  }
  return total;
}
