import { useSyncExternalStore } from 'react';

/**
 * The thin progress bar's state. Several things may be in progress at once (a route change, the
 * permission list); the bar runs while any is, and finishes when the last one ends — on success or error.
 */
let active = 0;
let generation = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const progress = {
  start(): () => void {
    active++;
    generation++;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      active = Math.max(0, active - 1);
      emit();
    };
  },
};

const snapshot = () => (active > 0 ? `running:${generation}` : `idle:${generation}`);
export function useProgressState(): { running: boolean; generation: number } {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    snapshot,
  );
  const [state, gen] = value.split(':');
  return { running: state === 'running', generation: Number(gen) };
}
