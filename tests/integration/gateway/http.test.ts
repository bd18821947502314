// The HTTP edge: batching, CSRF defences, size limits, request ids, health, headers, the SPA (rate limits:
// rate-limits.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startGateway, transformer } from '@fleet/gateway';
import { bearer, bootGateway, type GatewayHarness } from './support';

describe('the gateway over HTTP', () => {
  let h: GatewayHarness;
  let token: string;
  beforeAll(async () => {
    h = await bootGateway({ env: { ALLOWED_ORIGINS: 'https://ops.example.com' } });
    ({ token } = await h.signIn());
  });
  afterAll(() => h?.close());

  /** A GET answered as the bytes came over the wire (fetch would unzip them out of sight). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${h.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });

  describe('compression', () => {
    const catalogue = '/api/trpc/permission.catalogue';

    it('gzips a JSON answer of a kilobyte or more for a client that takes gzip, whole and with its length', async () => {
      const zipped = await raw(catalogue, { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.status).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
      const plain = await raw(catalogue, { ...bearer(token), 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
      expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    });

    it('sends a small answer as it is', async () => {
      const small = await raw('/api/trpc/no.such.procedure', { ...bearer(token), 'accept-encoding': 'gzip' });
      expect(small.status).toBe(404);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString()).error.json.message).toMatch(/no\.such\.procedure/);
    });
  });

  describe('batching', () => {
    it('answers two queries in one GET, serialised with superjson', async () => {
      const input = encodeURIComponent(
        JSON.stringify({ 0: transformer.serialize(undefined), 1: transformer.serialize(undefined) }),
      );
      const res = await fetch(`${h.baseUrl}/api/trpc/user.permissions,user.me?batch=1&input=${input}`, {
        headers: bearer(token),
      });
      expect(res.status).toBe(200);
      // Parsed from text: jest's fetch().json() builds objects outside the test realm.
      const body = JSON.parse(await res.text()) as { result: { data: { json: unknown; meta?: unknown } } }[];
      expect(body).toHaveLength(2);
      const permissions = transformer.deserialize<{ permissions: string[] }>(body[0]!.result.data as never);
      const me = transformer.deserialize<{ user: { createdAt: Date }; isMasquerade: boolean }>(
        body[1]!.result.data as never,
      );
      expect(permissions.permissions).toContain('view_employee');
      // superjson records which values are Dates, so they arrive as Dates.
      expect(body[1]!.result.data.meta).toBeDefined();
      expect(me.user.createdAt).toBeInstanceOf(Date);
      expect(me.isMasquerade).toBe(false);
    });

    it('batches the web app’s client calls into one request', async () => {
      let requests = 0;
      const client = h.client(() => {
        requests += 1;
        return bearer(token);
      });
      const [permissions, me, catalogue] = await Promise.all([
        client.user.permissions.query(),
        client.user.me.query(),
        client.permission.catalogue.query(),
      ]);
      expect(requests).toBe(1);
      expect(permissions.permissions.length).toBeGreaterThan(50);
      expect(me.tenant.createdAt).toBeInstanceOf(Date);
      expect(catalogue.permissions.find((p) => p.readableId === 'view_employee')).toMatchObject({
        model: 'Employee',
        name: 'View Employees',
        requires: ['manage_employee'],
      });
    });

    it('answers each call of a batch on its own (207 when they differ)', async () => {
      const input = encodeURIComponent(JSON.stringify({}));
      const res = await fetch(
        `${h.baseUrl}/api/trpc/user.permissions,masquerade.nope?batch=1&input=${input}`,
        {
          headers: bearer(token),
        },
      );
      expect(res.status).toBe(207);
      const body = (await res.json()) as { result?: unknown; error?: { json: { data: { code: string } } } }[];
      expect(body[0]?.result).toBeDefined();
      expect(body[1]?.error?.json.data.code).toBe('NOT_FOUND');
    });

    it('refuses a batch of more than 50 calls', async () => {
      const paths = Array.from({ length: 51 }, () => 'user.permissions').join(',');
      const res = await fetch(`${h.baseUrl}/api/trpc/${paths}?batch=1&input=%7B%7D`, {
        headers: bearer(token),
      });
      expect(res.status).toBe(400);
    });
  });

  describe('cross-site request forgery', () => {
    const post = (headers: Record<string, string>, body = JSON.stringify(transformer.serialize(undefined))) =>
      fetch(`${h.baseUrl}/api/trpc/auth.logout`, {
        method: 'POST',
        headers: { cookie: 'token=whatever', ...headers },
        body,
      });

    it('refuses a POST that is not JSON (415) before anything runs', async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await post({ 'content-type': type });
        expect(res.status).toBe(415);
        const body = (await res.json()) as {
          error: { json: { message: string; data: Record<string, unknown> } };
        };
        expect(body.error.json.message).toBe('Send the request body as application/json.');
        expect(body.error.json.data).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 });
      }
      expect((await post({})).status).toBe(415);
    });

    it('refuses a state-changing request from a foreign origin (403)', async () => {
      for (const origin of ['https://evil.example', 'null', `http://localhost:${new URL(h.baseUrl).port}`]) {
        const res = await post({ 'content-type': 'application/json', origin });
        expect(res.status).toBe(403);
        const body = (await res.json()) as {
          error: { json: { message: string; data: Record<string, unknown> } };
        };
        expect(body.error.json.data).toMatchObject({ code: 'FORBIDDEN', reason: 'ORIGIN_NOT_ALLOWED' });
        expect(body.error.json.message).toBe(`Requests from ${origin} are not allowed.`);
      }
    });

    it('lets its own origin and ALLOWED_ORIGINS through', async () => {
      const phone = '+919700000123';
      const own = await fetch(`${h.baseUrl}/api/trpc/auth.requestOtp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          origin: h.baseUrl,
          'x-forwarded-for': '10.7.0.1',
        },
        body: JSON.stringify(transformer.serialize({ phone })),
      });
      expect(own.status).toBe(200);
      const allowed = await fetch(`${h.baseUrl}/api/trpc/user.permissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://ops.example.com', ...bearer(token) },
        body: '{}',
      });
      // Past the CSRF checks; tRPC itself refuses a query sent by POST.
      expect(allowed.status).toBe(405);
    });

    it('lets GETs through whatever their origin (they change nothing)', async () => {
      const res = await fetch(`${h.baseUrl}/api/trpc/user.permissions`, {
        headers: { origin: 'https://evil.example', ...bearer(token) },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('limits', () => {
    it('refuses a body over 1 MB (413)', async () => {
      const res = await fetch(`${h.baseUrl}/api/trpc/auth.requestOtp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { phone: '+91', padding: 'x'.repeat(1024 * 1024) } }),
      });
      expect(res.status).toBe(413);
      const body = (await res.json()) as { error: { json: { data: Record<string, unknown> } } };
      expect(body.error.json.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    });

    it('refuses a chunked body over 1 MB too (no Content-Length to go by)', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 20) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${h.baseUrl}/api/trpc/auth.requestOtp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
    });
  });

  describe('request ids', () => {
    it('keeps a sane x-request-id, echoes it, and puts it in the logs', async () => {
      const id = 'web-1234-abcd-5678';
      const res = await fetch(`${h.baseUrl}/api/trpc/user.permissions`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
      const body = (await res.json()) as { error: { json: { data: Record<string, unknown> } } };
      expect(body.error.json.data.requestId).toBe(id);
      expect(h.logs.filter((line) => line.requestId === id && line.msg === 'request completed')).toEqual([
        expect.objectContaining({
          level: 30,
          req: { id, method: 'GET', url: '/api/trpc/user.permissions' },
          res: { statusCode: 401 },
          responseTime: expect.any(Number),
        }),
      ]);
      // No cookie or authorization header ever reaches the logs.
      expect(JSON.stringify(h.logs)).not.toContain(token);
    });

    it('logs no line for the health probes, and no query string for anything', async () => {
      const probe = 'probe-1234-abcd-5678';
      await fetch(`${h.baseUrl}/healthz`, { headers: { 'x-request-id': probe } });
      const queried = 'query-1234-abcd-5678';
      await fetch(
        `${h.baseUrl}/api/trpc/auth.requestOtp?input=${encodeURIComponent('{"phone":"+919812345678"}')}`,
        {
          headers: { 'x-request-id': queried },
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(h.logs.filter((line) => line.requestId === probe)).toEqual([]);
      const [line] = h.logs.filter((l) => l.requestId === queried && typeof l.req === 'object');
      expect(line?.req).toEqual({ id: queried, method: 'GET', url: '/api/trpc/auth.requestOtp' });
      expect(JSON.stringify(h.logs)).not.toContain('9812345678');
    });

    it('replaces one that does not look like an id', async () => {
      for (const bad of ['short', 'has spaces in it here', 'x'.repeat(200)]) {
        const res = await fetch(`${h.baseUrl}/healthz`, { headers: { 'x-request-id': bad } });
        const echoed = res.headers.get('x-request-id');
        expect(echoed).not.toBe(bad);
        expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });

  describe('health', () => {
    it('GET /healthz answers ok while the process lives', async () => {
      const res = await fetch(`${h.baseUrl}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('ok');
    });

    it('GET /readyz answers ready, naming no service', async () => {
      const res = await fetch(`${h.baseUrl}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ready: true });
    });

    it('GET /readyz answers 503 without saying which service failed or why; readiness() tells operators', async () => {
      const other = await startGateway({
        services: h.services,
        signingKeys: h.signingKeys,
        bus: h.testBus.bus,
        config: h.config,
        logger: h.logger,
        host: '127.0.0.1',
        readiness: {
          identity: async () => true,
          billing: async () => {
            throw new Error('connect ECONNREFUSED 10.0.0.7:50054');
          },
          masters: () => new Promise(() => {}), // never answers
          bookings: async () => false,
        },
      });
      try {
        const res = await fetch(`http://127.0.0.1:${other.port}/readyz`);
        expect(res.status).toBe(503);
        expect(await res.text()).toBe(JSON.stringify({ ready: false }));
        // What the metrics listener serves operators at its own /readyz.
        expect(await other.readiness()).toEqual({
          ready: false,
          stopping: false,
          services: {
            identity: { healthy: true },
            billing: { healthy: false, problem: 'connect ECONNREFUSED 10.0.0.7:50054' },
            masters: { healthy: false, problem: 'no answer within 2 seconds' },
            bookings: { healthy: false, problem: 'not serving' },
          },
        });
      } finally {
        await other.close(1000);
      }
    });

    it('does not serve /metrics on this port', async () => {
      expect((await fetch(`${h.baseUrl}/metrics`)).status).toBe(404);
    });
  });

  describe('headers and routes', () => {
    it('sends security headers with a CSP that allows the SPA', async () => {
      const res = await fetch(`${h.baseUrl}/healthz`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      // No Firebase web app configured: the pages reach no one but the gateway.
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('lets no cache keep a tRPC answer, good or refused, queried or changed', async () => {
      const answers = [
        await fetch(`${h.baseUrl}/api/trpc/user.me`, { headers: bearer(token) }),
        await fetch(`${h.baseUrl}/api/trpc/user.me`),
        await fetch(`${h.baseUrl}/api/trpc/user.me,permission.catalogue?batch=1&input={}`, {
          headers: bearer(token),
        }),
        await fetch(`${h.baseUrl}/api/trpc/auth.logout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      ];
      expect(answers.map((a) => a.headers.get('cache-control'))).toEqual([
        'no-store',
        'no-store',
        'no-store',
        'no-store',
      ]);
    });

    it('answers unknown /api paths with a JSON 404', async () => {
      const res = await fetch(`${h.baseUrl}/api/nothing`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    });

    it('serves the web app with a history fallback, never for /api', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'fleet-web-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fleet</title>');
      writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
      const web = await startGateway({
        services: h.services,
        signingKeys: h.signingKeys,
        bus: h.testBus.bus,
        config: h.config,
        logger: h.logger,
        host: '127.0.0.1',
        readiness: {},
        webDist: dist,
      });
      const base = `http://127.0.0.1:${web.port}`;
      try {
        const page = await fetch(`${base}/masters/employees?tab=active`, {
          headers: { accept: 'text/html' },
        });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<title>Fleet</title>');
        const asset = await fetch(`${base}/assets/app-1234.js`);
        expect(asset.status).toBe(200);
        expect(asset.headers.get('cache-control')).toContain('immutable');
        expect((await fetch(`${base}/assets/missing.js`, { headers: { accept: '*/*' } })).status).toBe(404);
        const api = await fetch(`${base}/api/whatever`, { headers: { accept: 'text/html' } });
        expect(api.status).toBe(404);
        expect(api.headers.get('content-type')).toContain('application/json');
      } finally {
        await web.close(1000);
        rmSync(dist, { recursive: true, force: true });
      }
    });
  });
});
