// The driver app's outbox: every act the driver takes (and every batch of locations) is stored first,
// then sent in the order it was taken whenever the phone is online. An entry leaves the outbox only
// when the server answered it (applied or not: each act carries its own id, so a replay is harmless)
// or refused it for a reason a retry cannot fix; an act refused so is kept for the driver to see.
// Files (photos, the passenger's signature) travel in the entry and are uploaded first; the id the
// upload answered is kept in the entry, so a retry never uploads the same file twice.
//
// This module is pure: storage, the network, the clock and the phone's connectivity come in as
// dependencies (IndexedDB and tRPC in the app, an in-memory store and fakes in tests).

/** A file an act carries until it is uploaded: its bytes, and the act's field that takes its id. */
export interface QueuedFile {
  field: string;
  name: string;
  blob: Blob;
  /** The id the upload answered, once it has. */
  uploadedId?: string;
}

/** Why the server refused an entry, in its words, with the fields it named. */
export interface Refusal {
  message: string;
  fieldErrors: Record<string, string>;
  status: number;
}

export interface QueueEntry<A> {
  /** The order it was taken in: entries are sent by it. */
  seq: number;
  act: A;
  files: QueuedFile[];
  queuedAt: Date;
  /** Sends that failed for a reason a retry may fix (no network, the server busy). */
  attempts: number;
  /** Set when the server refused it: it is never sent again, only shown until dismissed. */
  refusal?: Refusal;
}

export type NewQueueEntry<A> = Omit<QueueEntry<A>, 'seq'>;

/** Where entries are kept between sends and across reloads. */
export interface QueueStore<A> {
  /** Stores a new entry and gives it the next sequence number. */
  add(entry: NewQueueEntry<A>): Promise<QueueEntry<A>>;
  /** Every entry, in sequence order. */
  all(): Promise<QueueEntry<A>[]>;
  put(entry: QueueEntry<A>): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** What one send (or upload) came to. */
export type SendOutcome<R> =
  | { kind: 'answered'; result: R }
  /** No network, the server busy or failing, a timeout, throttling: try again later. */
  | { kind: 'retry'; retryAfterMs?: number }
  /** The session is gone: nothing can go until the driver signs in again. */
  | { kind: 'unauthorized' }
  | { kind: 'refused'; refusal: Refusal };

/** What became of an entry the app is waiting on. */
export type EntryOutcome<R> =
  | { kind: 'sent'; result: R }
  | { kind: 'refused'; refusal: Refusal }
  /** Still in the outbox: it goes when the network (or the session) is back. */
  | { kind: 'waiting' };

export interface OutboxDeps<A, R> {
  store: QueueStore<A>;
  /** Sends the act with the ids of its uploaded files, by field. */
  send(act: A, fileIds: Record<string, string>): Promise<SendOutcome<R>>;
  /** Uploads one file; answered with its id. */
  upload(file: QueuedFile, act: A): Promise<SendOutcome<string>>;
  isOnline(): boolean;
  /** Runs `run` after `ms`; returns what cancels it. */
  schedule(run: () => void, ms: number): () => void;
  /** Whether a refused entry stays for the driver to see (an act) or is dropped (a location batch). */
  keepsRefused(act: A): boolean;
  /** Hears each answer, before its entry leaves the outbox. */
  onAnswered?(entry: QueueEntry<A>, result: R): void | Promise<void>;
  /** Hears each refusal (the duty may have changed under the driver: worth reading again). */
  onRefused?(entry: QueueEntry<A>, refusal: Refusal): void;
  onUnauthorized?(): void;
  /** Runs a sending pass alone among the app's tabs (a Web Lock); by default just runs it. */
  exclusive?(run: () => Promise<void>): Promise<void>;
  now?(): Date;
  /** The wait after the first failure, doubled per failure in a row up to `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
}

export const DEFAULT_BACKOFF = { firstMs: 2_000, maxMs: 60_000 };

/** The wait before the next try after `failures` failed passes in a row (1, 2, …). */
export function backoffDelay(failures: number, backoff = DEFAULT_BACKOFF): number {
  const doubled = backoff.firstMs * 2 ** Math.max(0, failures - 1);
  return Math.min(backoff.maxMs, doubled);
}

export interface Outbox<A, R> {
  /** Reads what the store holds (a reload's outbox) and starts sending it. */
  start(): Promise<void>;
  /**
   * Stores the act with its files, then sends what is waiting. Resolves once it is stored, with the
   * entry and its outcome: sent, refused, or left waiting for the network by this sending pass.
   */
  enqueue(
    act: A,
    files?: Omit<QueuedFile, 'uploadedId'>[],
  ): Promise<{ entry: QueueEntry<A>; outcome: Promise<EntryOutcome<R>> }>;
  /** Sends what is waiting now (the network came back, the driver signed in again). */
  flush(): Promise<void>;
  /** Forgets a refused entry the driver has read. */
  dismiss(seq: number): Promise<void>;
  /** The entries as they are now (the same array until something changes). */
  entries(): readonly QueueEntry<A>[];
  subscribe(listener: () => void): () => void;
}

export function createOutbox<A, R>(deps: OutboxDeps<A, R>): Outbox<A, R> {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const exclusive = deps.exclusive ?? ((run: () => Promise<void>) => run());
  let current: readonly QueueEntry<A>[] = [];
  const listeners = new Set<() => void>();
  const waiters = new Map<number, (outcome: EntryOutcome<R>) => void>();
  let failuresInARow = 0;
  let cancelTimer: (() => void) | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const publish = (entries: readonly QueueEntry<A>[]) => {
    current = entries;
    for (const listener of listeners) listener();
  };
  const reload = async () => publish(await store.all());
  const replace = async (entry: QueueEntry<A>) => {
    await store.put(entry);
    publish(current.map((e) => (e.seq === entry.seq ? entry : e)));
  };
  const drop = async (seq: number) => {
    await store.remove(seq);
    publish(current.filter((e) => e.seq !== seq));
  };
  const settle = (seq: number, outcome: EntryOutcome<R>) => {
    waiters.get(seq)?.(outcome);
    waiters.delete(seq);
  };

  const retryLater = (ms: number) => {
    cancelTimer?.();
    cancelTimer = deps.schedule(() => {
      cancelTimer = undefined;
      void flush();
    }, ms);
  };

  /** Handles a send or upload that did not answer; true when the pass goes on to the next entry. */
  async function notAnswered(
    entry: QueueEntry<A>,
    outcome: Exclude<SendOutcome<unknown>, { kind: 'answered' }>,
  ): Promise<boolean> {
    if (outcome.kind === 'refused') {
      deps.onRefused?.(entry, outcome.refusal);
      if (deps.keepsRefused(entry.act)) await replace({ ...entry, refusal: outcome.refusal });
      else await drop(entry.seq);
      settle(entry.seq, { kind: 'refused', refusal: outcome.refusal });
      return true;
    }
    if (outcome.kind === 'unauthorized') {
      deps.onUnauthorized?.();
      return false;
    }
    await replace({ ...entry, attempts: entry.attempts + 1 });
    failuresInARow += 1;
    retryLater(Math.max(outcome.retryAfterMs ?? 0, backoffDelay(failuresInARow, deps.backoff)));
    return false;
  }

  /** Sends one entry: its files first, then the act. True when the pass goes on to the next entry. */
  async function sendEntry(first: QueueEntry<A>): Promise<boolean> {
    let entry = first;
    for (const [index, file] of entry.files.entries()) {
      if (file.uploadedId) continue;
      const uploaded = await deps.upload(file, entry.act);
      if (uploaded.kind !== 'answered') {
        return notAnswered(
          entry,
          uploaded.kind === 'refused'
            ? {
                kind: 'refused',
                refusal: {
                  ...uploaded.refusal,
                  fieldErrors: { [file.field]: uploaded.refusal.message, ...uploaded.refusal.fieldErrors },
                },
              }
            : uploaded,
        );
      }
      entry = {
        ...entry,
        files: entry.files.map((f, i) => (i === index ? { ...f, uploadedId: uploaded.result } : f)),
      };
      await replace(entry);
    }
    const fileIds = Object.fromEntries(entry.files.map((f) => [f.field, f.uploadedId ?? '']));
    const sent = await deps.send(entry.act, fileIds);
    if (sent.kind !== 'answered') return notAnswered(entry, sent);
    failuresInARow = 0;
    try {
      await deps.onAnswered?.(entry, sent.result);
    } catch {
      // Only what the app shows failed to update; the act is done and must not be sent again.
    }
    await drop(entry.seq);
    settle(entry.seq, { kind: 'sent', result: sent.result });
    return true;
  }

  async function pass() {
    // Another tab may have sent (or added) entries since this one last looked.
    await reload();
    for (;;) {
      const next = current.find((entry) => !entry.refusal);
      if (!next || !deps.isOnline()) break;
      if (!(await sendEntry(next))) break;
    }
    for (const entry of current) if (!entry.refusal) settle(entry.seq, { kind: 'waiting' });
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    cancelTimer?.();
    cancelTimer = undefined;
    running = (async () => {
      try {
        do {
          again = false;
          try {
            await exclusive(pass);
          } catch {
            // The phone's storage failed under the pass: everything stays, and is tried again later.
            failuresInARow += 1;
            retryLater(backoffDelay(failuresInARow, deps.backoff));
            for (const entry of current) if (!entry.refusal) settle(entry.seq, { kind: 'waiting' });
          }
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    async start() {
      await reload();
      await flush();
    },
    async enqueue(act, files = []) {
      const entry = await store.add({ act, files, queuedAt: now(), attempts: 0 });
      publish([...current.filter((e) => e.seq !== entry.seq), entry].sort((a, b) => a.seq - b.seq));
      const outcome = new Promise<EntryOutcome<R>>((resolve) => waiters.set(entry.seq, resolve));
      // A new act goes at once when it can, without waiting out a backoff meant for a dead network.
      failuresInARow = 0;
      void flush();
      return { entry, outcome };
    },
    flush() {
      failuresInARow = 0;
      return flush();
    },
    async dismiss(seq) {
      if (current.find((e) => e.seq === seq)?.refusal) await drop(seq);
    },
    entries: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
