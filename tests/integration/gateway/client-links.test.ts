import type { AppRouter } from '@fleet/gateway';
import { createTRPCClient } from '@trpc/client';
import { createLinks, MAX_URL_LENGTH } from '../../../web/src/lib/trpc-links';
import { bootGateway, type GatewayHarness } from './support';

/** The web app's own links (spec §7, §9) against a real gateway, counting what goes over the wire. */
describe('the web app’s tRPC links', () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await bootGateway();
    ({ token } = await h.signIn());
  });
  afterAll(() => h.close());

  function recordingClient() {
    const requests: { method: string; url: string }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      requests.push({ method: init?.method ?? 'GET', url });
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      const res = await globalThis.fetch(url, { ...init, headers });
      const text = await res.text();
      return {
        ok: res.ok,
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
        json: async () => JSON.parse(text),
      } as never;
    };
    return {
      requests,
      client: createTRPCClient<AppRouter>({ links: createLinks(`${h.baseUrl}/api/trpc`, fetch) }),
    };
  }

  it('batches queries into one GET', async () => {
    const { requests, client } = recordingClient();
    await Promise.all([
      client.user.permissions.query(),
      client.user.me.query(),
      client.permission.catalogue.query(),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toContain('user.permissions,user.me,permission.catalogue?batch=1');
  });

  it('splits a batch whose URL would pass 2083 characters', async () => {
    const { requests, client } = recordingClient();
    const searches = Array.from({ length: 12 }, (_, i) => `${'long search text '.repeat(10)}${i}`);
    const results = await Promise.all(searches.map((search) => client.employee.list.query({ search })));
    expect(results).toHaveLength(12);
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) expect(request.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
  });

  it('sends a call flagged skipBatch on its own', async () => {
    const { requests, client } = recordingClient();
    await Promise.all([
      client.user.permissions.query(),
      client.user.me.query(undefined, { context: { skipBatch: true } }),
      client.permission.catalogue.query(),
    ]);
    expect(requests.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/api/trpc/user.me',
      '/api/trpc/user.permissions,permission.catalogue',
    ]);
  });
});
