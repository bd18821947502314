import { createLocationBuffer, type Fix, pointOf } from './location-buffer';

const BOOKING = '0b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const fix = (n: number, coords: Partial<Fix['coords']> = {}): Fix => ({
  timestamp: Date.UTC(2026, 10, 25, 3, 0, n),
  coords: { latitude: 18.5 + n / 1000, longitude: 73.8, accuracy: 12, speed: null, heading: null, ...coords },
});

it('hands on the points gathered when the timer ticks, and nothing when none gathered', () => {
  const batches: number[][] = [];
  const buffer = createLocationBuffer((points) => batches.push(points.map((p) => p.at.getUTCSeconds())));
  buffer.flush();
  buffer.add(pointOf(BOOKING, fix(1)));
  buffer.add(pointOf(BOOKING, fix(2)));
  buffer.flush();
  buffer.flush();
  expect(batches).toEqual([[1, 2]]);
});

it('hands on a full batch at once without waiting for the timer', () => {
  const batches: number[][] = [];
  const buffer = createLocationBuffer((points) => batches.push(points.map((p) => p.at.getUTCSeconds())), 3);
  for (const n of [1, 2, 3, 4]) buffer.add(pointOf(BOOKING, fix(n)));
  expect(batches).toEqual([[1, 2, 3]]);
  buffer.flush();
  expect(batches).toEqual([[1, 2, 3], [4]]);
});

it('writes a fix as the duty’s point: the phone’s time, speed in km/h, and nothing the phone does not know', () => {
  expect(pointOf(BOOKING, fix(5))).toEqual({
    bookingId: BOOKING,
    at: new Date('2026-11-25T03:00:05Z'),
    latitude: 18.505,
    longitude: 73.8,
    accuracyM: 12,
  });
  expect(pointOf(BOOKING, fix(6, { speed: 12.5, heading: 270 }))).toMatchObject({
    speedKmh: 45,
    headingDeg: 270,
  });
  expect(pointOf(BOOKING, fix(7, { speed: 0, heading: Number.NaN }))).toMatchObject({ speedKmh: 0 });
  expect(pointOf(BOOKING, fix(7, { speed: 0, heading: Number.NaN }))).not.toHaveProperty('headingDeg');
});
