// The gateway's rate limits, through HTTP as a client meets them: each procedure call is charged (a
// batch costs its calls, a list call its rows), signed-in callers per session and per user, calls
// without a session per client address, sign-in per address and per phone, files too.
import { randomUUID } from 'node:crypto';
import { transformer } from '@fleet/gateway';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

// Small budgets so that a test reaches them in a few calls: 20 tokens a session, 30 a user, and sign-in
// 6 calls an address, 4 a phone.
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '20',
  RATE_LIMIT_PER_USER_PER_MINUTE: '30',
  RATE_LIMIT_SIGN_IN_PER_IP_PER_MINUTE: '6',
  RATE_LIMIT_SIGN_IN_PER_PHONE_PER_MINUTE: '4',
};
// Listed phones sign in with a fixed code and no SMS, so identity's own throttle of sent codes (one
// per 30 seconds a phone) stays out of the way where a test signs one phone in twice.
const SAME_USER_PHONE = '+919855500001';
const LISTED_PHONE = '+919855500002';
const LISTED_CODE = '135790';

let h: GatewayHarness;
beforeAll(async () => {
  h = await bootGateway({
    env: LIMITS,
    serviceEnv: { AUTH_TEST_OTP: `${SAME_USER_PHONE}=${LISTED_CODE},${LISTED_PHONE}=${LISTED_CODE}` },
  });
}, 120_000);
afterAll(() => h?.close());

const from = (ip: string, token?: string) => ({ 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) });

type Serialized = Parameters<typeof transformer.deserialize>[0];

interface Outcome {
  code: string;
  reason?: string;
  retryAfterSeconds?: number;
}

/** One GET carrying every call as a tRPC batch: its status, Retry-After and each call's outcome. */
async function batch(calls: [path: string, input?: unknown][], headers: Record<string, string>) {
  const paths = calls.map(([path]) => path).join(',');
  const inputs = Object.fromEntries(calls.map(([, input], i) => [i, transformer.serialize(input)]));
  const res = await fetch(
    `${h.baseUrl}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
    { headers },
  );
  const answers = JSON.parse(await res.text()) as { result?: unknown; error?: Serialized }[];
  const outcomes = answers.map((answer): Outcome => {
    if (!answer.error) return { code: 'OK' };
    const { data } = transformer.deserialize<{ data: Outcome }>(answer.error);
    return { code: data.code, reason: data.reason, retryAfterSeconds: data.retryAfterSeconds };
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), outcomes };
}

const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);
const codes = (outcomes: Outcome[]) => outcomes.map((o) => o.code);
const refused = (n: number) => times(n, 'TOO_MANY_REQUESTS');
const answered = (n: number) => times(n, 'OK');

/** The answer a throttled caller gets, in the tRPC error format, with Retry-After. */
function expectRateLimited(answer: Awaited<ReturnType<GatewayHarness['query']>>) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(answer.body.error?.message).toBe('Too many requests. Please wait a moment and try again.');
  expect(answer.body.error?.data).toMatchObject({
    code: 'TOO_MANY_REQUESTS',
    httpStatus: 429,
    reason: 'RATE_LIMITED',
    retryAfterSeconds: retryAfter,
  });
}

/** Signs a listed phone in with its fixed code from `ip`; every sign-in makes a new session. */
async function signInListed(phone: string, ip: string) {
  expect((await h.mutate('auth.requestOtp', { phone }, from(ip))).status).toBe(200);
  const verified = await h.mutate(
    'auth.verifyOtp',
    { phone, code: LISTED_CODE, operatorName: 'Shared Login Cabs' },
    from(ip),
  );
  expect(verified.status).toBe(200);
  const data = verified.body.result?.data as { token: string };
  return data.token;
}

describe('procedure calls', () => {
  it('charges a batch of N calls N tokens: the calls past the budget are refused one by one', async () => {
    const { token } = await h.signIn();
    const headers = from('10.40.0.1', token);
    const first = await batch(times(12, ['user.permissions']), headers);
    expect(first.status).toBe(200);
    expect(codes(first.outcomes)).toEqual(answered(12));

    const second = await batch(times(12, ['user.permissions']), headers);
    expect(second.status).toBe(207);
    expect(codes(second.outcomes)).toEqual([...answered(8), ...refused(4)]);
    const retryAfter = Number(second.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(second.outcomes[8]).toEqual({
      code: 'TOO_MANY_REQUESTS',
      reason: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
    });

    expectRateLimited(await h.query('user.permissions', undefined, headers));
    // Health checks are never charged.
    expect((await fetch(`${h.baseUrl}/healthz`, { headers })).status).toBe(200);
  });

  it('charges a list call one token per started 100 rows it asks for', async () => {
    const big = (await h.signIn()).token;
    const page = (limit: number, token: string) =>
      h.query('employee.list', { limit }, from('10.40.0.2', token));
    // 1,000 rows cost 10 tokens: two pages fit in a budget of 20.
    expect((await page(1000, big)).status).toBe(200);
    expect((await page(1000, big)).status).toBe(200);
    expectRateLimited(await page(1000, big));

    // 50 rows cost 1, 101 rows cost 2: eighteen small pages and one of 101 spend the 20 exactly.
    const small = (await h.signIn()).token;
    const pages = await batch(times(18, ['employee.list', { limit: 50 }]), from('10.40.0.2', small));
    expect(codes(pages.outcomes)).toEqual(answered(18));
    expect((await page(101, small)).status).toBe(200);
    expectRateLimited(await page(50, small));
  });

  it('keeps each signed-in user’s own budget, however many share one client address', async () => {
    const office = '10.40.0.3';
    const first = (await h.signIn()).token;
    const second = (await h.signIn()).token;
    const spent = await batch(times(20, ['user.permissions']), from(office, first));
    expect(codes(spent.outcomes)).toEqual(answered(20));
    expectRateLimited(await h.query('user.permissions', undefined, from(office, first)));
    expect((await h.query('user.permissions', undefined, from(office, second))).status).toBe(200);
  });

  it('shares one user’s budget between their sessions', async () => {
    const laptop = await signInListed(SAME_USER_PHONE, '10.40.0.4');
    const phone = await signInListed(SAME_USER_PHONE, '10.40.0.5');
    expect(laptop).not.toBe(phone);
    const onLaptop = await batch(times(15, ['user.permissions']), from('10.40.0.4', laptop));
    expect(codes(onLaptop.outcomes)).toEqual(answered(15));
    const onPhone = await batch(times(15, ['user.permissions']), from('10.40.0.5', phone));
    expect(codes(onPhone.outcomes)).toEqual(answered(15));
    // The phone's session has spent 15 of its 20, but the user has spent all 30.
    expectRateLimited(await h.query('user.permissions', undefined, from('10.40.0.5', phone)));
  });

  it('charges calls without a session to the client address', async () => {
    const forged = 'not-a-session-token';
    const spent = await batch(times(20, ['user.permissions']), from('10.40.0.6', forged));
    expect(codes(spent.outcomes)).toEqual(times(20, 'UNAUTHORIZED'));
    expectRateLimited(await h.query('user.permissions', undefined, from('10.40.0.6', forged)));
    expect((await h.query('user.permissions', undefined, from('10.40.0.7', forged))).status).toBe(401);
  });
});

describe('signing in', () => {
  it('limits the sign-in steps of one phone, whatever address they come from', async () => {
    for (const ip of ['10.41.0.1', '10.41.0.2', '10.41.0.3', '10.41.0.4']) {
      expect((await h.mutate('auth.requestOtp', { phone: LISTED_PHONE }, from(ip))).status).toBe(200);
    }
    expectRateLimited(await h.mutate('auth.requestOtp', { phone: LISTED_PHONE }, from('10.41.0.5')));
    expectRateLimited(
      await h.mutate('auth.verifyOtp', { phone: LISTED_PHONE, code: LISTED_CODE }, from('10.41.0.6')),
    );
  });

  it('limits the sign-in steps from one address, whatever phone they are for', async () => {
    const office = '10.41.1.1';
    const phones = Array.from({ length: 7 }, () => freshPhone());
    for (const phone of phones.slice(0, 6)) {
      expect((await h.mutate('auth.requestOtp', { phone }, from(office))).status).toBe(200);
    }
    expectRateLimited(await h.mutate('auth.requestOtp', { phone: phones[6] }, from(office)));
    expect((await h.mutate('auth.requestOtp', { phone: phones[6] }, from('10.41.1.2'))).status).toBe(200);
    // Identity's own throttle of sent codes still answers behind the gateway's.
    const again = await h.mutate('auth.requestOtp', { phone: phones[0] }, from('10.41.1.3'));
    expect(again.status).toBe(429);
    expect(again.body.error?.data.reason).toBe('OTP_RESEND_TOO_SOON');
  });
});

describe('files', () => {
  it('charges uploads and downloads to the same budget as the session’s calls', async () => {
    const { token } = await h.signIn();
    const headers = from('10.42.0.1', token);
    const spent = await batch(times(19, ['user.permissions']), headers);
    expect(codes(spent.outcomes)).toEqual(answered(19));
    const missing = `${h.baseUrl}/api/files/${randomUUID()}`;
    expect((await fetch(missing, { headers })).status).toBe(404);

    for (const res of [
      await fetch(missing, { headers }),
      await fetch(`${h.baseUrl}/api/files?purpose=VEHICLE_DOCUMENT&name=rc.png`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: Buffer.from('not really a png'),
      }),
    ]) {
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        reason: 'RATE_LIMITED',
        retryAfterSeconds: retryAfter,
      });
    }
  });
});
