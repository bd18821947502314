import { BOOKING_STATUSES } from '../vocabulary';
import {
  dutyTrackingProblem,
  ENDED_STATUSES,
  liveMapBranches,
  locationBatchSchema,
  locationTimeProblem,
  TRACKED_STATUSES,
} from './location-points';

const NOW = new Date('2026-11-24T04:30:00Z');
const point = (more: Record<string, unknown> = {}) => ({
  bookingId: '0b7c4a52-4b8e-4d6f-9f0e-3a1c2b5d6e7f',
  at: new Date('2026-11-24T04:29:55Z'),
  latitude: 18.5204,
  longitude: 73.8567,
  ...more,
});
const fieldsRefused = (input: unknown) => {
  const result = locationBatchSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('a batch of location points', () => {
  it('takes 1 to 500 points, the measures optional (null is the same as absent)', () => {
    const parsed = locationBatchSchema.parse({
      points: [
        point(),
        point({ accuracyM: 8.5, speedKmh: 42, headingDeg: 270 }),
        point({ headingDeg: null }),
      ],
    });
    expect(parsed.points[0]!.accuracyM).toBeUndefined();
    expect(parsed.points[1]).toMatchObject({ accuracyM: 8.5, speedKmh: 42, headingDeg: 270 });
    expect(parsed.points[2]!.headingDeg).toBeUndefined();
    expect(fieldsRefused({ points: [] })).toEqual(['points']);
    expect(fieldsRefused({ points: Array.from({ length: 501 }, () => point()) })).toEqual(['points']);
    expect(fieldsRefused({ points: Array.from({ length: 500 }, () => point()) })).toEqual([]);
  });

  it('names each field it refuses by its place in the batch', () => {
    expect(
      fieldsRefused({
        points: [
          point(),
          point({ latitude: 90.5 }),
          point({ longitude: Number.NaN }),
          point({ longitude: Number.POSITIVE_INFINITY, accuracyM: -1 }),
          point({ at: new Date('garbage'), bookingId: 'abc' }),
          point({ headingDeg: Number.NaN, speedKmh: 900 }),
          point({ at: '2026-11-24T04:29:55Z' }),
        ],
      }).sort(),
    ).toEqual(
      [
        'points.1.latitude',
        'points.2.longitude',
        'points.3.longitude',
        'points.3.accuracyM',
        'points.4.at',
        'points.4.bookingId',
        'points.5.headingDeg',
        'points.5.speedKmh',
        'points.6.at',
      ].sort(),
    );
  });
});

describe('when a point is kept', () => {
  it('refuses a point more than 7 days old or more than 10 minutes ahead', () => {
    const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
    expect(locationTimeProblem(minutes(-7 * 24 * 60), NOW)).toBeUndefined();
    expect(locationTimeProblem(minutes(-7 * 24 * 60 - 1), NOW)).toMatch(/more than 7 days ago/);
    expect(locationTimeProblem(minutes(10), NOW)).toBeUndefined();
    expect(locationTimeProblem(minutes(11), NOW)).toMatch(/more than 10 minutes ahead/);
  });

  it('keeps a running duty’s points, an ended duty’s up to an hour after its end, and no other duty’s', () => {
    const endedAt = new Date('2026-11-24T03:00:00Z');
    const at = (iso: string) => new Date(iso);
    for (const status of TRACKED_STATUSES)
      expect(dutyTrackingProblem({ status, endedAt: null }, NOW)).toBeUndefined();
    for (const status of ENDED_STATUSES) {
      expect(dutyTrackingProblem({ status, endedAt }, at('2026-11-24T04:00:00Z'))).toBeUndefined();
      expect(dutyTrackingProblem({ status, endedAt }, at('2026-11-24T04:00:01Z'))?.reason).toBe('DUTY_ENDED');
    }
    const others = BOOKING_STATUSES.filter(
      (s) =>
        !(TRACKED_STATUSES as readonly string[]).includes(s) &&
        !(ENDED_STATUSES as readonly string[]).includes(s),
    );
    expect(others.sort()).toEqual(
      [
        'BOOKED',
        'DETAILS_NEEDED',
        'DRIVER_NEEDED',
        'DRIVER_REJECTED',
        'SUPPLIER_ACCEPTED',
        'SUPPLIER_REQUESTED',
        'UNCONFIRMED',
      ].sort(),
    );
    for (const status of others)
      expect(dutyTrackingProblem({ status, endedAt }, NOW)?.reason).toBe('DUTY_NOT_TRACKED');
  });
});

describe('the branches a live map shows', () => {
  it('shows staff limited to branches only theirs, of those asked for; anyone else what they ask', () => {
    expect(liveMapBranches(undefined, [])).toBeUndefined();
    expect(liveMapBranches(['pune'], [])).toEqual(['pune']);
    expect(liveMapBranches(undefined, ['pune', 'mumbai'])).toEqual(['pune', 'mumbai']);
    expect(liveMapBranches(['mumbai', 'nashik'], ['pune', 'mumbai'])).toEqual(['mumbai']);
    expect(liveMapBranches(['nashik'], ['pune'])).toEqual([]);
    expect(liveMapBranches([], ['pune'])).toEqual([]);
  });
});
