import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { spaRouter } from '../src/http/spa';

const BACK_OFFICE = '<!doctype html><title>Fleet back-office</title>';
const DRIVER_APP = '<!doctype html><title>Fleet Driver</title>';

/** The SPA router over a built web folder holding `files`, served on a loopback port. */
async function serve(files: Record<string, string>) {
  const dist = mkdtempSync(join(tmpdir(), 'fleet-spa-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dist, name, '..'), { recursive: true });
    writeFileSync(join(dist, name), content);
  }
  const app = express();
  const spa = spaRouter(dist);
  if (!spa) throw new Error('the folder has no index.html');
  app.use(spa);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('not the SPA');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    page: async (path: string, accept = 'text/html,application/xhtml+xml') => {
      const answer = await fetch(`${base}${path}`, { headers: { accept }, redirect: 'manual' });
      return [
        answer.status,
        answer.status === 302 ? answer.headers.get('location') : await answer.text(),
      ] as const;
    },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

describe('the web app’s pages', () => {
  let web: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    web = await serve({
      'index.html': BACK_OFFICE,
      'driver.html': DRIVER_APP,
      'driver-sw.js': 'self.addEventListener("fetch", () => {});',
      'assets/driver-abc123.js': 'console.log("driver")',
    });
  });
  afterAll(() => web.close());

  it('opens the driver app at any page under /driver/, reloaded or typed in', async () => {
    for (const path of [
      '/driver/',
      '/driver/duty/0b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      '/driver/?when=PAST',
    ]) {
      expect([path, ...(await web.page(path))]).toEqual([path, 200, DRIVER_APP]);
    }
  });

  it('sends /driver on to /driver/, inside the service worker’s scope, keeping the query', async () => {
    expect(await web.page('/driver')).toEqual([302, '/driver/']);
    expect(await web.page('/driver?when=PAST')).toEqual([302, '/driver/?when=PAST']);
  });

  it('keeps the back-office at every other page, names that only begin like the driver app’s too', async () => {
    for (const path of ['/', '/duties/bookings/all', '/drivers', '/driverless', '/masters/driver']) {
      expect([path, ...(await web.page(path))]).toEqual([path, 200, BACK_OFFICE]);
    }
  });

  it('serves the driver app’s files as they are, and no page to a request that does not ask for one', async () => {
    expect(await web.page('/driver-sw.js', '*/*')).toEqual([
      200,
      'self.addEventListener("fetch", () => {});',
    ]);
    expect(await web.page('/assets/driver-abc123.js', '*/*')).toEqual([200, 'console.log("driver")']);
    expect(await web.page('/driver/duty/1', 'application/json')).toEqual([404, 'not the SPA']);
  });
});

it('serves the back-office for /driver when the build has no driver app', async () => {
  const web = await serve({ 'index.html': BACK_OFFICE });
  expect(await web.page('/driver/')).toEqual([200, BACK_OFFICE]);
  await web.close();
});
