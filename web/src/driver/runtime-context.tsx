import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { DriverRuntime } from './runtime';

const RuntimeContext = createContext<DriverRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: DriverRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): DriverRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('The driver app’s screens need its runtime (RuntimeProvider).');
  return runtime;
}

export function useSession() {
  const { session } = useRuntime();
  return useSyncExternalStore(session.subscribe, session.current);
}

/** Every entry of the outbox, waiting or refused, re-rendering as it changes. */
export function useOutboxEntries() {
  const { outbox } = useRuntime();
  return useSyncExternalStore(outbox.subscribe, outbox.entries);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the phone says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
