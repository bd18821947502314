import { useQuery } from '@tanstack/react-query';
import { dutiesQuery } from '../api/queries';
import { withOutbox } from '../offline/optimistic';
import { useOutboxEntries, useRuntime } from '../runtime-context';
import { isOnTrip, useLocationTracking } from './use-location-tracking';

/** Tracks the phone while one of today's duties is on the road (as the phone knows it, sent or not). */
export function TripTracking() {
  const { snapshots } = useRuntime();
  const today = useQuery(dutiesQuery(snapshots, 'TODAY'));
  const entries = useOutboxEntries();
  const onTrip = (today.data?.items ?? [])
    .map((duty) => withOutbox(duty, entries).duty)
    .find((duty) => isOnTrip(duty.status));
  useLocationTracking(onTrip?.id);
  return null;
}
