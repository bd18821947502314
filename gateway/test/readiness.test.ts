import type { AddressInfo } from 'node:net';
import express from 'express';
import { checkReadiness, readinessHandler } from '../src/http/readiness';

/** A gateway's public /readyz over the given probes, and how often each probe was asked. */
async function serve(stopping: { now: boolean }) {
  const asked = { identity: 0 };
  const probes = {
    identity: async () => {
      asked.identity += 1;
      return true;
    },
  };
  const app = express();
  app.get(
    '/readyz',
    readinessHandler(
      () => checkReadiness(probes, () => stopping.now),
      () => stopping.now,
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
  return { asked, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

it('asks the services once however often anyone asks it within a second', async () => {
  const gateway = await serve({ now: false });
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(gateway.url)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  expect(gateway.asked.identity).toBe(1);
  await gateway.close();
});

it('says not ready at once when the gateway starts stopping', async () => {
  const stopping = { now: false };
  const gateway = await serve(stopping);
  expect((await fetch(gateway.url)).status).toBe(200);
  stopping.now = true;
  const answer = await fetch(gateway.url);
  expect([answer.status, await answer.json()]).toEqual([503, { ready: false }]);
  await gateway.close();
});
