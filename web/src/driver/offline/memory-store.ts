import type { NewQueueEntry, QueueEntry, QueueStore } from './queue';

/** An outbox store in memory: for tests, and for a browser that refuses IndexedDB (private mode). */
export function memoryQueueStore<A>(): QueueStore<A> {
  const entries = new Map<number, QueueEntry<A>>();
  let lastSeq = 0;
  return {
    async add(entry: NewQueueEntry<A>) {
      lastSeq += 1;
      const stored = { ...entry, seq: lastSeq };
      entries.set(lastSeq, stored);
      return stored;
    },
    async all() {
      return [...entries.values()].sort((a, b) => a.seq - b.seq);
    },
    async put(entry) {
      entries.set(entry.seq, entry);
    },
    async remove(seq) {
      entries.delete(seq);
    },
  };
}
