// The driver app's composition root: the session it remembers, its IndexedDB (the outbox and the duties
// it last read), the query cache, the outbox's sender wired to the network's comings and goings, and the
// phone's last known position. Built once in main.tsx and handed to the screens through React context.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { failureOf } from './api/failure';
import { dutiesKey, dutyKey, dutySnapshotKey } from './api/queries';
import { type ActAnswer, sendAct } from './api/send-act';
import { type DriverAct, dutyIdOf, keepsRefused } from './offline/driver-acts';
import { openDriverStores, type SnapshotStore } from './offline/idb-store';
import { createOutbox, type Outbox } from './offline/queue';
import { uploadQueuedFile } from './offline/upload';
import { createSessionStore, type SessionStore } from './session';
import { createLastFix, type LastFix } from './tracking/last-fix';

export interface DriverRuntime {
  session: SessionStore;
  snapshots: SnapshotStore;
  outbox: Outbox<DriverAct, ActAnswer>;
  queryClient: QueryClient;
  lastFix: LastFix;
}

const isUnauthorized = (error: unknown) => failureOf(error).httpStatus === 401;

/** Runs `run` alone among this app's open tabs, where the browser has Web Locks. */
function exclusively(run: () => Promise<void>): Promise<void> {
  if (!('locks' in navigator)) return run();
  return navigator.locks.request('fleet-driver-outbox', run);
}

export async function createDriverRuntime(): Promise<DriverRuntime> {
  const session = createSessionStore();
  const { outbox: outboxStore, snapshots } = await openDriverStores();
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) session.signedOut();
      },
    }),
    defaultOptions: {
      queries: { retry: false, staleTime: 10_000, gcTime: 30 * 60_000 },
      mutations: { retry: false },
    },
  });

  const outbox = createOutbox<DriverAct, ActAnswer>({
    store: outboxStore,
    send: sendAct,
    upload: (file) => uploadQueuedFile(file),
    isOnline: () => navigator.onLine,
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    keepsRefused,
    exclusive: exclusively,
    async onAnswered(_entry, answer) {
      if (!answer) return;
      queryClient.setQueryData(dutyKey(answer.duty.id), answer.duty);
      await snapshots.save(dutySnapshotKey(answer.duty.id), answer.duty);
      void queryClient.invalidateQueries({ queryKey: dutiesKey });
    },
    onRefused(entry) {
      const dutyId = dutyIdOf(entry.act);
      if (dutyId) void queryClient.invalidateQueries({ queryKey: dutyKey(dutyId) });
    },
    onUnauthorized: () => session.signedOut(),
  });

  // Whatever waits goes as soon as it can: the network back, the app back in front, the driver back in.
  window.addEventListener('online', () => void outbox.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.flush();
  });
  session.subscribe(() => {
    if (session.current()) void outbox.flush();
  });
  void outbox.start();

  return { session, snapshots, outbox, queryClient, lastFix: createLastFix() };
}
