import { quietLogger } from '@fleet/testing';
import { createPgliteDatabase, createPollingLoop, type Database, openPglite } from '../src';

describe('a polling loop asked for a pass now', () => {
  let db: Database;
  beforeAll(async () => {
    db = createPgliteDatabase(await openPglite(undefined), { closeClient: true });
  }, 120_000);
  afterAll(() => db.close());

  it('answers only after the pass the loop had under way has finished, then runs its own', async () => {
    const events: string[] = [];
    let finishFirst: () => void = () => {};
    let passes = 0;
    const loop = createPollingLoop({
      db,
      logger: quietLogger(),
      pollMs: 60_000,
      wakeOnCommit: false,
      async pass() {
        passes += 1;
        const pass = passes;
        events.push(`pass ${pass} began`);
        if (pass === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
        events.push(`pass ${pass} ended`);
        return pass;
      },
      failure: 'the pass failed',
    });
    loop.start();
    await new Promise((resolve) => setImmediate(resolve));
    const asked = loop.passNow().then((pass) => events.push(`answered with pass ${pass}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['pass 1 began']);

    finishFirst();
    await asked;
    expect(events).toEqual([
      'pass 1 began',
      'pass 1 ended',
      'pass 2 began',
      'pass 2 ended',
      'answered with pass 2',
    ]);
    await loop.stop();
  });

  it('runs a pass at once when the loop has none under way, started or not', async () => {
    const loop = createPollingLoop({
      db,
      logger: quietLogger(),
      pollMs: 60_000,
      wakeOnCommit: false,
      pass: async () => 'done',
      failure: 'the pass failed',
    });
    await expect(loop.passNow()).resolves.toBe('done');
  });
});
