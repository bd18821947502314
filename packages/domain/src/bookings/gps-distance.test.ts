import fc from 'fast-check';
import { EARTH_RADIUS_KM, type GpsFix, gpsDistanceKm, haversineKm } from './gps-distance';

const START = Date.parse('2026-11-24T04:30:00Z');
const fix = (seconds: number, latitude: number, longitude: number, accuracyM?: number): GpsFix => ({
  at: new Date(START + seconds * 1000),
  latitude,
  longitude,
  accuracyM,
});

/** The fix `km` from `from` along `bearing` (degrees from north), `seconds` later. */
function onwards(from: GpsFix, km: number, bearing: number, seconds: number): GpsFix {
  const d = km / EARTH_RADIUS_KM;
  const θ = (bearing * Math.PI) / 180;
  const φ1 = (from.latitude * Math.PI) / 180;
  const λ1 = (from.longitude * Math.PI) / 180;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return {
    at: new Date(from.at.getTime() + seconds * 1000),
    latitude: (φ2 * 180) / Math.PI,
    longitude: (((λ2 * 180) / Math.PI + 540) % 360) - 180,
  };
}

/** A drive: steps of 20 m to 2 km, each at 5 to 150 km/h, from somewhere between the polar circles. */
const drive = fc
  .record({
    latitude: fc.double({ min: -60, max: 60, noNaN: true }),
    longitude: fc.double({ min: -179, max: 179, noNaN: true }),
    steps: fc.array(
      fc.record({
        km: fc.double({ min: 0.02, max: 2, noNaN: true }),
        bearing: fc.double({ min: 0, max: 359.99, noNaN: true }),
        kmh: fc.double({ min: 5, max: 150, noNaN: true }),
      }),
      { minLength: 1, maxLength: 60 },
    ),
  })
  .map(({ latitude, longitude, steps }) => {
    const fixes = [fix(0, latitude, longitude)];
    for (const step of steps)
      fixes.push(onwards(fixes.at(-1)!, step.km, step.bearing, (step.km / step.kmh) * 3600));
    return { fixes, km: steps.reduce((sum, step) => sum + step.km, 0) };
  });

describe('haversineKm', () => {
  it('knows a degree of a meridian and a quarter of the equator', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 3);
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(
      10007.557,
      3,
    );
  });

  it('measures Mumbai CSMT to Pune Junction as the crow flies (about 119 km)', () => {
    const km = haversineKm(
      { latitude: 18.9398, longitude: 72.8355 },
      { latitude: 18.5289, longitude: 73.8744 },
    );
    expect(km).toBeGreaterThan(118);
    expect(km).toBeLessThan(120);
  });
});

describe('gpsDistanceKm', () => {
  it('measures a known pair of fixes', () => {
    // 1 km due north, a minute apart (60 km/h).
    const a = fix(0, 18.5204, 73.8567);
    expect(gpsDistanceKm([a, onwards(a, 1, 0, 60)])).toBeCloseTo(1, 9);
  });

  it('is nothing for no fixes, one fix, or a car that never moved', () => {
    expect(gpsDistanceKm([])).toBe(0);
    expect(gpsDistanceKm([fix(0, 18.52, 73.85)])).toBe(0);
    expect(gpsDistanceKm([0, 5, 10, 15].map((s) => fix(s, 18.52, 73.85, 5)))).toBe(0);
  });

  it('adds nothing for a parked car’s jitter of a few metres', () => {
    const parked = fix(0, 18.52, 73.85);
    const jitter = Array.from({ length: 720 }, (_, i) => onwards(parked, 0.004, (i * 97) % 360, i * 5));
    expect(gpsDistanceKm([parked, ...jitter])).toBe(0);
  });

  it('leaves out a fix the car cannot have reached, and a fix that is not accurate enough', () => {
    const a = fix(0, 18.52, 73.85);
    const b = onwards(a, 1, 90, 60);
    const leap = onwards(b, 5, 0, 10); // 5 km in 10 s
    const vague = { ...onwards(b, 0.5, 180, 20), accuracyM: 1500 };
    const c = onwards(b, 1, 90, 60);
    expect(gpsDistanceKm([a, b, leap, vague, c])).toBeCloseTo(2, 6);
    // An accurate fix is counted whatever it says of its accuracy, up to 100 m.
    expect(gpsDistanceKm([a, { ...b, accuracyM: 100 }, c])).toBeCloseTo(2, 6);
  });

  it('goes on from three agreeing fixes after a jump: the first fix was the bad one', () => {
    const wrong = fix(0, 19.2, 72.9); // ~80 km from where the car is
    const a = fix(5, 18.52, 73.85);
    const b = onwards(a, 0.5, 90, 30);
    const c = onwards(b, 0.5, 90, 30);
    const d = onwards(c, 0.5, 90, 30);
    expect(gpsDistanceKm([wrong, a, b, c, d])).toBeCloseTo(1.5, 6);
  });

  it('counts two fixes of the same moment once, and leaves out a fix older than the last counted', () => {
    const a = fix(0, 18.52, 73.85);
    const b = onwards(a, 1, 0, 60);
    const late = onwards(a, 0.5, 180, 30);
    expect(gpsDistanceKm([a, b, { ...b }, late])).toBeCloseTo(1, 6);
  });

  it('is never negative nor anything but a number, whatever the phone says', () => {
    const anyFix = fc.record({
      at: fc.date({ min: new Date('2026-01-01'), max: new Date('2026-01-02'), noInvalidDate: true }),
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      accuracyM: fc.option(fc.double({ min: 0, max: 5000, noNaN: true }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(anyFix, { maxLength: 50 }), (fixes) => {
        const km = gpsDistanceKm(fixes);
        expect(Number.isFinite(km)).toBe(true);
        expect(km).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is zero for a route that stays put, however often it is sampled', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.array(fc.integer({ min: 0, max: 86_400 }), { maxLength: 50 }),
        (latitude, longitude, seconds) => {
          expect(gpsDistanceKm(seconds.sort((x, y) => x - y).map((s) => fix(s, latitude, longitude)))).toBe(
            0,
          );
        },
      ),
    );
  });

  it('measures a plausible drive as the sum of its steps', () => {
    fc.assert(
      fc.property(drive, ({ fixes, km }) => {
        expect(gpsDistanceKm(fixes)).toBeCloseTo(km, 6);
      }),
    );
  });

  it('is additive: a drive split at any fix is the sum of its two parts', () => {
    fc.assert(
      fc.property(
        drive.chain(({ fixes }) =>
          fc.tuple(fc.constant(fixes), fc.integer({ min: 0, max: fixes.length - 1 })),
        ),
        ([fixes, at]) => {
          const whole = gpsDistanceKm(fixes);
          const parts = gpsDistanceKm(fixes.slice(0, at + 1)) + gpsDistanceKm(fixes.slice(at));
          expect(parts).toBeCloseTo(whole, 9);
        },
      ),
    );
  });
});
