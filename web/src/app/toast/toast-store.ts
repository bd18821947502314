import { useSyncExternalStore } from 'react';

/** Spec §8: alert-success by default; callers pass others. */
export type ToastStyle = 'alert-success' | 'alert-danger' | 'alert-warning' | 'alert-info';

export interface ToastState {
  message: string;
  style: ToastStyle;
  /** Increases with every toast, so the same message twice shows twice. */
  id: number;
}

let state: ToastState = { message: '', style: 'alert-success', id: 0 };
const listeners = new Set<() => void>();

function set(next: ToastState) {
  state = next;
  for (const l of listeners) l();
}

export function showToast(message: string, style: ToastStyle = 'alert-success') {
  set({ message, style, id: state.id + 1 });
}

export function clearToast() {
  if (state.message !== '') set({ ...state, message: '' });
}

export function useToastState(): ToastState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
