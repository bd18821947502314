// The caller token: what signing the caller into a call's metadata and verifying it in the service
// costs, before (jose's HS256 JWT, signed and verified afresh on every call, as createCallerCodec did)
// and after (createCallerCodec now: node:crypto HMAC, the token reused per caller while well inside its
// lifetime, verified tokens kept with their expiry). Each for a repeated caller — the calls of one
// request — and for distinct callers (a new request id every time: every token signed and verified
// from scratch). The caller holds every permission of the catalogue, as an owner's does (the largest
// token). Prints ops/s and µs per op; timings never fail the run.
//
// Run: node --import tsx tests/bench/caller-token.ts
//   BENCH_SECONDS (1)  measured time per figure;  BENCH_DISTINCT (20000)  distinct callers prepared
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { allPermissionIds } from '@fleet/domain';
import { type Caller, type CallerCodec, createCallerCodec } from '@fleet/platform';
import { jwtVerify, SignJWT } from 'jose';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 20_000);
const SECRET = `caller-token-bench-${randomUUID()}`;

/** The previous createCallerCodec, as it was: jose, HS256, nothing reused. */
function joseCallerCodec(secret: string): CallerCodec {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(caller) {
      return new SignJWT({ c: caller })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('fleet-internal')
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { audience: 'fleet-internal', algorithms: ['HS256'] });
      return payload.c as Caller;
    },
  };
}

const permissions = allPermissionIds();
const tenantId = randomUUID();
const userId = randomUUID();
const callerWith = (requestId: string): Caller => ({
  requestId,
  clientIp: '203.0.113.7',
  tenantId,
  userId,
  actorUserId: userId,
  sessionId: randomUUID(),
  role: 'OWNER',
  permissions: [...permissions],
  isMasquerade: false,
});
const oneCaller = callerWith(randomUUID());
const distinctCallers = Array.from({ length: DISTINCT }, () => callerWith(randomUUID()));

async function measure(run: (i: number) => Promise<unknown>): Promise<{ ops: number; us: number }> {
  for (let i = 0; i < 2000; i++) await run(i);
  let n = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 100; k++) await run(n++);
  }
  const ms = performance.now() - started;
  return { ops: (n / ms) * 1000, us: (ms * 1000) / n };
}

const rows: { op: string; caller: string; path: string; ops: number; us: number }[] = [];
async function row(op: string, caller: string, path: string, run: (i: number) => Promise<unknown>) {
  const r = await measure(run);
  rows.push({ op, caller, path, ...r });
  console.log(
    `  ${op.padEnd(7)}${caller.padEnd(34)}${path.padEnd(8)}${fmt(r.ops)} ops/s ${r.us.toFixed(2)} µs`,
  );
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11);

const before = joseCallerCodec(SECRET);
const after = createCallerCodec(SECRET);
const nth = <T>(list: T[], i: number) => list[i % list.length]!;

console.log(
  `caller token, ${permissions.length} permissions, token ${(await after.sign(oneCaller)).length} chars; ` +
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
);

// Signing.
await row('sign', 'repeated (same caller object)', 'before', () => before.sign(oneCaller));
await row('sign', 'repeated (same caller object)', 'after', () => after.sign(oneCaller));
await row('sign', 'repeated (rebuilt per call)', 'after', () => after.sign({ ...oneCaller }));
await row('sign', 'distinct (new request id each)', 'before', (i) => before.sign(nth(distinctCallers, i)));
// Every caller object and request id is new: nothing to reuse (a fresh codec per pass over the list, so
// that a second pass does not find the first pass's tokens).
let fresh = createCallerCodec(SECRET);
await row('sign', 'distinct (new request id each)', 'after', (i) => {
  if (i % DISTINCT === 0) fresh = createCallerCodec(SECRET);
  return fresh.sign(nth(distinctCallers, i));
});

// Verifying: the same token again (the calls of one request), and a different token each time.
const oneBefore = await before.sign(oneCaller);
const oneAfter = await after.sign(oneCaller);
const distinctBefore = await Promise.all(distinctCallers.map((c) => before.sign(c)));
const distinctAfter = await Promise.all(distinctCallers.map((c) => createCallerCodec(SECRET).sign(c)));
// Each call's header arrives as a new string, so the repeated token is copied for each verify (both paths).
const received = (token: string) => Buffer.from(token, 'latin1').toString('latin1');
await row('verify', 'repeated (same token)', 'before', () => before.verify(received(oneBefore)));
await row('verify', 'repeated (same token)', 'after', () => after.verify(received(oneAfter)));
await row('verify', 'distinct (new token each)', 'before', (i) => before.verify(nth(distinctBefore, i)));
// More distinct tokens than the verified cache holds: every verify is a miss.
await row('verify', 'distinct (new token each)', 'after', (i) => after.verify(nth(distinctAfter, i)));

// The calls of one request: a batched tRPC request making three calls for one new caller.
const perRequest = async (codec: () => CallerCodec, i: number) => {
  const c = codec();
  const caller = nth(distinctCallers, i);
  for (let k = 0; k < 3; k++) await c.verify(received(await c.sign(caller)));
};
await row('request', '3 calls, sign + verify each', 'before', (i) => perRequest(() => before, i));
let perPass = createCallerCodec(SECRET);
await row('request', '3 calls, sign + verify each', 'after', (i) =>
  perRequest(() => {
    if (i % DISTINCT === 0) perPass = createCallerCodec(SECRET);
    return perPass;
  }, i),
);

console.log('\nspeed-up (before µs / after µs):');
const pick = (op: string, caller: string, path: string) =>
  rows.find((r) => r.op === op && r.caller === caller && r.path === path)!;
for (const r of rows.filter((r) => r.path === 'after')) {
  const b =
    rows.find((x) => x.op === r.op && x.path === 'before' && x.caller === r.caller) ??
    pick(r.op, 'repeated (same caller object)', 'before');
  console.log(`  ${r.op.padEnd(7)}${r.caller.padEnd(34)}× ${(b.us / r.us).toFixed(1)}`);
}
