// The driver app's IndexedDB: the outbox (acts with their photos as Blobs, in the order taken) and the
// last answers it read (the duties), so the app opens and shows the driver's duties with no network.
// Where IndexedDB cannot be opened (a private window of some browsers) both live in memory for the page.
import { transformer } from '@fleet/domain';
import { type DBSchema, openDB } from 'idb';
import type { DriverAct } from './driver-acts';
import { memoryQueueStore } from './memory-store';
import type { QueueEntry, QueueStore } from './queue';

type Serialized = ReturnType<typeof transformer.serialize>;

interface DriverDb extends DBSchema {
  outbox: { key: number; value: QueueEntry<DriverAct> };
  snapshots: { key: string; value: { savedAt: Date; data: Serialized } };
}

const DB_NAME = 'fleet-driver';
const DB_VERSION = 1;

/** The last answer read for a key, kept to show offline. */
export interface SnapshotStore {
  save(key: string, value: unknown): Promise<void>;
  read<T>(key: string): Promise<T | undefined>;
  clear(): Promise<void>;
}

export interface DriverStores {
  outbox: QueueStore<DriverAct>;
  snapshots: SnapshotStore;
}

function memorySnapshots(): SnapshotStore {
  const kept = new Map<string, Serialized>();
  return {
    async save(key, value) {
      kept.set(key, transformer.serialize(value));
    },
    async read<T>(key: string) {
      const data = kept.get(key);
      return data ? transformer.deserialize<T>(structuredClone(data)) : undefined;
    },
    async clear() {
      kept.clear();
    },
  };
}

export async function openDriverStores(): Promise<DriverStores> {
  let db: Awaited<ReturnType<typeof openDB<DriverDb>>>;
  try {
    db = await openDB<DriverDb>(DB_NAME, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'seq' });
        database.createObjectStore('snapshots');
      },
    });
  } catch {
    return { outbox: memoryQueueStore<DriverAct>(), snapshots: memorySnapshots() };
  }
  // Sequence numbers only grow within a page, even after the outbox empties.
  let lastSeq = 0;
  return {
    outbox: {
      async add(entry) {
        const tx = db.transaction('outbox', 'readwrite');
        const last = await tx.store.openCursor(null, 'prev');
        lastSeq = Math.max(lastSeq, last?.key ?? 0) + 1;
        const stored = { ...entry, seq: lastSeq };
        await tx.store.add(stored);
        await tx.done;
        return stored;
      },
      all: () => db.getAll('outbox'),
      async put(entry) {
        await db.put('outbox', entry);
      },
      remove: (seq) => db.delete('outbox', seq),
    },
    snapshots: {
      async save(key, value) {
        await db.put('snapshots', { savedAt: new Date(), data: transformer.serialize(value) }, key);
      },
      async read<T>(key: string) {
        const kept = await db.get('snapshots', key);
        return kept ? transformer.deserialize<T>(kept.data) : undefined;
      },
      clear: () => db.clear('snapshots'),
    },
  };
}
