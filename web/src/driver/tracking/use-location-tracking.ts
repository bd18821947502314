// While a duty of the driver's is on the road, the app watches the phone's position (high accuracy)
// and queues the fixes in batches for `tracking.record`, through the outbox like every act, so a drive
// through a dead zone loses no point. A browser watches only while the app is open.
import type { BookingStatus } from '@fleet/domain';
import { useEffect } from 'react';
import { useRuntime } from '../runtime-context';
import { BATCH_EVERY_MS, createLocationBuffer, pointOf } from './location-buffer';

/** Dispatched to the end of the duty: the statuses in which the phone is on the duty's road. */
export const TRIP_STATUSES: readonly BookingStatus[] = [
  'DISPATCHED',
  'DRIVER_GARAGE_START',
  'DRIVER_ARRIVED_AT_PICKUP',
  'DRIVER_DUTY_START',
  'DRIVER_DUTY_START_PASSENGER_NO_SHOW',
  'DRIVER_DUTY_END',
];

export const isOnTrip = (status: BookingStatus) => TRIP_STATUSES.includes(status);

/** Watches the phone's position for the duty `bookingId` while it is given. */
export function useLocationTracking(bookingId: string | undefined): void {
  const { outbox, lastFix } = useRuntime();
  useEffect(() => {
    if (!bookingId || !('geolocation' in navigator)) return;
    const buffer = createLocationBuffer((points) => {
      void outbox.enqueue({ kind: 'locations', input: { points } });
    });
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const point = pointOf(bookingId, position);
        lastFix.set(point);
        buffer.add(point);
      },
      // Refused or unavailable: the trip is still recorded, without its route.
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    const tick = setInterval(() => buffer.flush(), BATCH_EVERY_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(tick);
      buffer.flush();
    };
  }, [bookingId, outbox, lastFix]);
}
