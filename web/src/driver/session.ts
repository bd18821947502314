// Who is signed in to the driver app on this phone, as far as the app knows: the session itself is the
// HttpOnly cookie the server set, which the app cannot read. This remembers the driver's phone and
// name between launches so the app opens to the duties (offline too); an UNAUTHORIZED answer forgets it.

export interface DriverSession {
  phone: string;
  name: string;
}

export interface SessionStore {
  current(): DriverSession | null;
  signedIn(session: DriverSession): void;
  signedOut(): void;
  subscribe(listener: () => void): () => void;
}

const KEY = 'fleet-driver.session';

const isSession = (value: unknown): value is DriverSession =>
  typeof value === 'object' &&
  value !== null &&
  'phone' in value &&
  typeof value.phone === 'string' &&
  'name' in value &&
  typeof value.name === 'string';

function read(storage: Storage): DriverSession | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    return isSession(value) ? value : null;
  } catch {
    return null;
  }
}

export function createSessionStore(storage: Storage = window.localStorage): SessionStore {
  let current = read(storage);
  const listeners = new Set<() => void>();
  const set = (next: DriverSession | null) => {
    current = next;
    if (next) storage.setItem(KEY, JSON.stringify(next));
    else storage.removeItem(KEY);
    for (const listener of listeners) listener();
  };
  return {
    current: () => current,
    signedIn: (session) => set(session),
    signedOut: () => {
      if (current) set(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
