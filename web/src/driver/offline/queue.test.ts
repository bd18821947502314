import { memoryQueueStore } from './memory-store';
import { backoffDelay, createOutbox, type QueuedFile, type QueueStore, type SendOutcome } from './queue';

/** An act as the tests take them: an id the phone gave it, and what it says. */
interface Act {
  id: string;
  what: string;
  kind?: 'act' | 'locations';
}

/**
 * A server as the driver app meets it: it applies each act once by its id (a replay answers
 * applied: false), can be unreachable, can lose an answer after applying, and can refuse.
 */
function fakeServer() {
  const applied: string[] = [];
  const uploads: string[] = [];
  const sent: { id: string; fileIds: Record<string, string> }[] = [];
  const state = {
    reachable: true,
    /** The next answers lost after applying (the phone hears nothing). */
    losesAnswers: 0,
    refuse: new Map<string, SendOutcome<never>>(),
    refuseUpload: new Set<string>(),
    signedIn: true,
  };
  return {
    applied,
    uploads,
    sent,
    state,
    async send(act: Act, fileIds: Record<string, string>): Promise<SendOutcome<{ applied: boolean }>> {
      if (!state.reachable) return { kind: 'retry' };
      if (!state.signedIn) return { kind: 'unauthorized' };
      const refusal = state.refuse.get(act.what);
      if (refusal) return refusal;
      sent.push({ id: act.id, fileIds });
      const isNew = !applied.includes(act.id);
      if (isNew) applied.push(act.id);
      if (state.losesAnswers > 0) {
        state.losesAnswers -= 1;
        return { kind: 'retry' };
      }
      return { kind: 'answered', result: { applied: isNew } };
    },
    async upload(file: QueuedFile): Promise<SendOutcome<string>> {
      if (!state.reachable) return { kind: 'retry' };
      if (state.refuseUpload.has(file.name)) {
        return {
          kind: 'refused',
          refusal: {
            message: `${file.name}: upload a PNG, JPG, JPEG or PDF file.`,
            fieldErrors: {},
            status: 400,
          },
        };
      }
      uploads.push(file.name);
      return { kind: 'answered', result: `file-${uploads.length}` };
    },
  };
}

/** Timers the test runs by hand: what was scheduled, and after how long. */
function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    schedule(run: () => void, ms: number) {
      const timer = { run, ms };
      pending.push(timer);
      return () => {
        const index = pending.indexOf(timer);
        if (index >= 0) pending.splice(index, 1);
      };
    },
    /** Fires the timers due now, as the clock would. */
    fire() {
      for (const timer of pending.splice(0)) timer.run();
    },
  };
}

function setUp(store: QueueStore<Act> = memoryQueueStore<Act>(), server = fakeServer()) {
  const timers = manualTimers();
  const phone = { online: true };
  let unauthorized = 0;
  const heard: string[] = [];
  const outbox = createOutbox<Act, { applied: boolean }>({
    store,
    send: (act, fileIds) => server.send(act, fileIds),
    upload: (file) => server.upload(file),
    isOnline: () => phone.online,
    schedule: timers.schedule,
    keepsRefused: (act) => act.kind !== 'locations',
    onAnswered: (entry) => {
      heard.push(entry.act.id);
    },
    onUnauthorized: () => {
      unauthorized += 1;
    },
  });
  return { outbox, server, timers, phone, store, heard, unauthorized: () => unauthorized };
}

const act = (id: string, what = id): Act => ({ id, what });
const photo = (name: string): Omit<QueuedFile, 'uploadedId'> => ({
  field: 'photoFileId',
  name,
  blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
});
/** Lets every pending promise run (the fakes answer without a real wait). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

it('sends the acts in the order they were taken, each once, and empties the outbox', async () => {
  const { outbox, server } = setUp();
  const outcomes = [];
  for (const id of ['accept', 'garage-start', 'arrived'])
    outcomes.push((await outbox.enqueue(act(id))).outcome);
  expect(await Promise.all(outcomes)).toEqual([
    { kind: 'sent', result: { applied: true } },
    { kind: 'sent', result: { applied: true } },
    { kind: 'sent', result: { applied: true } },
  ]);
  expect(server.applied).toEqual(['accept', 'garage-start', 'arrived']);
  expect(outbox.entries()).toEqual([]);
});

it('keeps what is taken offline, says it is waiting, and sends it in order when the phone is back online', async () => {
  const { outbox, server, phone } = setUp();
  await (await outbox.enqueue(act('garage-start'))).outcome;
  phone.online = false;
  const duty = await outbox.enqueue(act('duty-start'));
  const end = await outbox.enqueue(act('duty-end'));
  expect(await duty.outcome).toEqual({ kind: 'waiting' });
  expect(await end.outcome).toEqual({ kind: 'waiting' });
  expect(outbox.entries().map((e) => e.act.id)).toEqual(['duty-start', 'duty-end']);
  expect(server.applied).toEqual(['garage-start']);

  phone.online = true;
  await outbox.flush();
  expect(server.applied).toEqual(['garage-start', 'duty-start', 'duty-end']);
  expect(outbox.entries()).toEqual([]);
});

it('replays an act whose answer was lost with the same id, so the server applies it once', async () => {
  const { outbox, server, timers } = setUp();
  server.state.losesAnswers = 1;
  const { outcome } = await outbox.enqueue(act('duty-end'));
  expect(await outcome).toEqual({ kind: 'waiting' });
  expect(outbox.entries().map((e) => [e.act.id, e.attempts])).toEqual([['duty-end', 1]]);

  timers.fire();
  await settle();
  expect(server.sent.map((s) => s.id)).toEqual(['duty-end', 'duty-end']);
  expect(server.applied).toEqual(['duty-end']);
  expect(outbox.entries()).toEqual([]);
});

it('never sends an act before the one taken earlier has gone, and backs off while the server is unreachable', async () => {
  const { outbox, server, timers } = setUp();
  server.state.reachable = false;
  await outbox.enqueue(act('garage-start'));
  await settle();
  expect(timers.pending.map((t) => t.ms)).toEqual([2_000]);
  // A new act is tried at once, and the waiting starts over.
  await outbox.enqueue(act('arrived'));
  await settle();
  expect(timers.pending.map((t) => t.ms)).toEqual([2_000]);

  timers.fire();
  await settle();
  expect(timers.pending.map((t) => t.ms)).toEqual([4_000]);
  timers.fire();
  await settle();
  expect(timers.pending.map((t) => t.ms)).toEqual([8_000]);
  expect(server.sent).toEqual([]);

  server.state.reachable = true;
  timers.fire();
  await settle();
  expect(server.applied).toEqual(['garage-start', 'arrived']);
  expect(timers.pending).toEqual([]);
});

it('waits as long as a throttled server asks, and never longer than a minute between tries', async () => {
  const { outbox, server, timers } = setUp();
  server.state.refuse.set('busy', { kind: 'retry', retryAfterMs: 30_000 });
  await (await outbox.enqueue(act('a', 'busy'))).outcome;
  expect(timers.pending.map((t) => t.ms)).toEqual([30_000]);
  expect([backoffDelay(1), backoffDelay(2), backoffDelay(6), backoffDelay(20)]).toEqual([
    2_000, 4_000, 60_000, 60_000,
  ]);
});

it('keeps an act the server refused, with its reason and fields, sends the ones after it, and forgets it when dismissed', async () => {
  const { outbox, server } = setUp();
  server.state.refuse.set('bad km', {
    kind: 'refused',
    refusal: {
      message: 'Km: the odometer cannot go back.',
      fieldErrors: { km: 'The odometer cannot go back.' },
      status: 400,
    },
  });
  const refused = await outbox.enqueue(act('duty-end', 'bad km'));
  const next = await outbox.enqueue(act('expense'));
  expect(await refused.outcome).toEqual({
    kind: 'refused',
    refusal: {
      message: 'Km: the odometer cannot go back.',
      fieldErrors: { km: 'The odometer cannot go back.' },
      status: 400,
    },
  });
  expect((await next.outcome).kind).toBe('sent');
  expect(outbox.entries().map((e) => [e.act.id, e.refusal?.fieldErrors])).toEqual([
    ['duty-end', { km: 'The odometer cannot go back.' }],
  ]);

  // A refused act is never sent again, however often the outbox is flushed.
  await outbox.flush();
  expect(server.sent.map((s) => s.id)).toEqual(['expense']);
  await outbox.dismiss(refused.entry.seq);
  expect(outbox.entries()).toEqual([]);
});

it('drops a refused batch of locations rather than keep it (it would be refused again)', async () => {
  const { outbox, server } = setUp();
  server.state.refuse.set('late points', {
    kind: 'refused',
    refusal: { message: 'This duty ended more than 60 minutes before…', fieldErrors: {}, status: 412 },
  });
  const batch = await outbox.enqueue({ id: 'batch-1', what: 'late points', kind: 'locations' });
  expect((await batch.outcome).kind).toBe('refused');
  expect(outbox.entries()).toEqual([]);
});

it('stops when the session is gone, keeps everything, and sends it once the driver signs in again', async () => {
  const { outbox, server, timers, unauthorized } = setUp();
  server.state.signedIn = false;
  const { outcome } = await outbox.enqueue(act('duty-start'));
  expect(await outcome).toEqual({ kind: 'waiting' });
  expect([unauthorized(), timers.pending.length, outbox.entries().length]).toEqual([1, 0, 1]);

  server.state.signedIn = true;
  await outbox.flush();
  expect(server.applied).toEqual(['duty-start']);
});

it('uploads an act’s photo first and sends the act with its id, uploading it only once across retries', async () => {
  const { outbox, server, timers } = setUp();
  server.state.losesAnswers = 1;
  const { outcome } = await outbox.enqueue(act('garage-start'), [photo('odometer.png')]);
  expect(await outcome).toEqual({ kind: 'waiting' });
  expect(outbox.entries()[0]?.files.map((f) => f.uploadedId)).toEqual(['file-1']);

  timers.fire();
  await settle();
  expect(server.uploads).toEqual(['odometer.png']);
  expect(server.sent).toEqual([
    { id: 'garage-start', fileIds: { photoFileId: 'file-1' } },
    { id: 'garage-start', fileIds: { photoFileId: 'file-1' } },
  ]);
});

it('refuses an act whose photo the server will not take, naming the photo’s field', async () => {
  const { outbox, server } = setUp();
  server.state.refuseUpload.add('odometer.heic');
  const { outcome } = await outbox.enqueue(act('garage-start'), [photo('odometer.heic')]);
  expect(await outcome).toEqual({
    kind: 'refused',
    refusal: {
      message: 'odometer.heic: upload a PNG, JPG, JPEG or PDF file.',
      fieldErrors: { photoFileId: 'odometer.heic: upload a PNG, JPG, JPEG or PDF file.' },
      status: 400,
    },
  });
  expect(server.sent).toEqual([]);
});

it('picks up after a reload what an earlier page left waiting, in order, without uploading a photo again', async () => {
  const store = memoryQueueStore<Act>();
  const server = fakeServer();
  const before = setUp(store, server);
  server.state.losesAnswers = 1;
  await (await before.outbox.enqueue(act('garage-start'), [photo('odometer.png')])).outcome;
  before.phone.online = false;
  await before.outbox.enqueue(act('arrived'));

  const after = setUp(store, server);
  await after.outbox.start();
  expect(server.uploads).toEqual(['odometer.png']);
  expect(server.applied).toEqual(['garage-start', 'arrived']);
  expect(server.sent.map((s) => [s.id, s.fileIds])).toEqual([
    ['garage-start', { photoFileId: 'file-1' }],
    ['garage-start', { photoFileId: 'file-1' }],
    ['arrived', {}],
  ]);
  expect(after.outbox.entries()).toEqual([]);
});

it('tells whoever watches the outbox of each change, and hears each answer before its entry leaves', async () => {
  const { outbox, heard } = setUp();
  const seen: number[] = [];
  const stop = outbox.subscribe(() => seen.push(outbox.entries().length));
  await (await outbox.enqueue(act('accept'))).outcome;
  stop();
  expect(heard).toEqual(['accept']);
  expect(seen[0]).toBe(1);
  expect(seen.at(-1)).toBe(0);
});

it('keeps everything and tries again later when the phone’s storage fails under a pass', async () => {
  const store = memoryQueueStore<Act>();
  let broken = false;
  const { outbox, server, timers } = setUp({
    ...store,
    async all() {
      if (broken) throw new Error('The storage is full');
      return store.all();
    },
  });
  broken = true;
  const { outcome } = await outbox.enqueue(act('duty-end'));
  expect(await outcome).toEqual({ kind: 'waiting' });
  expect(timers.pending.map((t) => t.ms)).toEqual([2_000]);

  broken = false;
  timers.fire();
  await settle();
  expect(server.applied).toEqual(['duty-end']);
});
