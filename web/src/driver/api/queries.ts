// The driver's duties, read from the server and kept on the phone: when no answer comes (no network,
// the server down) the last answer kept is shown instead, so the app works in a basement garage.
import { queryOptions } from '@tanstack/react-query';
import type { SnapshotStore } from '../offline/idb-store';
import { outcomeOfFailure } from '../offline/send-outcome';
import { driverClient } from './client';
import { failureOf } from './failure';
import type { DriverDuty, DutiesWhen } from './types';

/** How many duties a tab shows: a driver's day, week or recent past fits well within it. */
export const DUTIES_PER_TAB = 100;

async function readThrough<T>(snapshots: SnapshotStore, key: string, read: () => Promise<T>): Promise<T> {
  try {
    const fresh = await read();
    void snapshots.save(key, fresh);
    return fresh;
  } catch (error) {
    if (outcomeOfFailure(failureOf(error)).kind === 'retry') {
      const kept = await snapshots.read<T>(key);
      if (kept !== undefined) return kept;
    }
    throw error;
  }
}

export const dutiesKey = ['driver', 'duties'] as const;
export const dutyKey = (id: string) => ['driver', 'duty', id] as const;
export const dutySnapshotKey = (id: string) => `duty:${id}`;

export const dutiesQuery = (snapshots: SnapshotStore, when: DutiesWhen) =>
  queryOptions({
    queryKey: [...dutiesKey, when],
    queryFn: () =>
      readThrough(snapshots, `duties:${when}`, () =>
        driverClient.driver.duties.query({ when, limit: DUTIES_PER_TAB }),
      ),
    // Offline the query still runs, to answer from what the phone kept.
    networkMode: 'always',
  });

export const dutyQuery = (snapshots: SnapshotStore, id: string) =>
  queryOptions<DriverDuty>({
    queryKey: dutyKey(id),
    queryFn: () => readThrough(snapshots, dutySnapshotKey(id), () => driverClient.driver.duty.query({ id })),
    networkMode: 'always',
  });
