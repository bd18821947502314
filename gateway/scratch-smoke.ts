import { createClient, createRouterTransport, ConnectError, Code } from '@connectrpc/connect';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { createLogger, loadConfig } from '@fleet/platform';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { gatewayConfigSchema, startGateway, transformer, type AppRouter } from './src/index';

const transport = createRouterTransport(({ service }) => {
  service(IdentityService, {
    async authenticate(req) {
      if (req.token !== 'good') throw new ConnectError('Your session has expired. Please sign in again.', Code.Unauthenticated);
      return { sessionId: 's1', tenantId: 't1', userId: 'u1', actorUserId: 'u1', role: 2, permissions: ['view_employee'], isMasquerade: false };
    },
    async requestOtp() { return { expiresInSeconds: 300, resendAfterSeconds: 30 }; },
    async listPermissionCatalogue() { return { permissions: [{ readableId: 'x', model: 'Employee', name: 'X', description: '', requires: [] }] }; },
  } as never);
});
const identity = createClient(IdentityService, transport);
const config = loadConfig(gatewayConfigSchema, { PORT: '0', RATE_LIMIT_PER_MINUTE: '30' });
const logger = createLogger({ name: 'gw', level: 'warn' });
const gw = await startGateway({ identity, config, logger, readiness: { identity: async () => true } });
const base = `http://127.0.0.1:${gw.port}`;
const show = async (label: string, r: Response) => console.log(label, r.status, r.headers.get('content-type'), r.headers.get('retry-after') ?? '', (await r.text()).slice(0, 400));
await show('healthz', await fetch(`${base}/healthz`));
await show('readyz', await fetch(`${base}/readyz`));
await show('noauth', await fetch(`${base}/api/trpc/user.permissions`));
await show('garbage', await fetch(`${base}/api/trpc/user.permissions`, { headers: { authorization: 'Bearer nope' } }));
await show('good', await fetch(`${base}/api/trpc/user.permissions`, { headers: { authorization: 'Bearer good' } }));
await show('forbidden', await fetch(`${base}/api/trpc/masquerade.audit`, { headers: { authorization: 'Bearer good' } }));
await show('badphone', await fetch(`${base}/api/trpc/auth.requestOtp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json: { phone: '123' } }) }));
await show('textplain', await fetch(`${base}/api/trpc/auth.requestOtp`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }));
await show('origin', await fetch(`${base}/api/trpc/auth.requestOtp`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' }));
await show('sameorigin', await fetch(`${base}/api/trpc/auth.requestOtp`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ json: { phone: '+919800000001' } }) }));
await show('big', await fetch(`${base}/api/trpc/auth.requestOtp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2_000_000) }));
const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${base}/api/trpc`, transformer, headers: { authorization: 'Bearer good' }, fetch: async (url, init) => { console.log('fetch', init?.method, String(url).slice(0, 200)); return fetch(url, init as RequestInit); } })] });
const [a, b] = await Promise.all([client.user.permissions.query(), client.permission.catalogue.query()]);
console.log('batch', a, b);
try { await client.masquerade.audit.query(); } catch (e) { console.log('client err', (e as Error).message, JSON.stringify((e as { data?: unknown }).data)); }
for (let i = 0; i < 30; i++) { const r = await fetch(`${base}/api/trpc/user.permissions`); if (r.status === 429) { await show(`ratelimited at ${i}`, r); break; } }
await gw.close();
