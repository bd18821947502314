import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createPgliteDatabase, openPglite } from './database';

/**
 * PGlite runs each query synchronously on the main thread and answers with a promise already settled, so
 * a chain of transactions (the demo seed, a burst of events) would run as one stream of microtasks: no
 * timer, socket or health check would get a turn until the chain ran dry.
 */
it('answers a request on the same thread while a long chain of embedded transactions runs', async () => {
  const database = createPgliteDatabase(await openPglite(undefined), { closeClient: true });
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    let done = 0;
    let doneWhenAnswered = -1;
    const chain = (async () => {
      for (let i = 0; i < 400; i++) {
        await database.asOwner((tx) => tx.execute(sql`select ${i}::int as i`));
        done++;
      }
    })();
    const answered = fetch(`http://127.0.0.1:${port}/`).then(async (res) => {
      doneWhenAnswered = done;
      return res.text();
    });
    await chain;
    expect(await answered).toBe('ok');
    expect(doneWhenAnswered).toBeLessThan(400);
  } finally {
    server.close();
    await database.close();
  }
}, 120_000);
