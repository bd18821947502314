import { generateKeyPairSync } from 'node:crypto';
import { type FcmPeer, fcmErrorAnswer, startFcmPeer } from '@fleet/testing';
import { createFcmPushProvider } from './fcm-push-provider';
import { PushDeliveryError, type PushMessage, type PushSent } from './push-provider';

const DEVICE = 'fJ3kX9-abc:APA91bH_test-registration-token_0123456789';
const REMOVED_DEVICE = 'cR7mQ2-def:APA91bG_removed-app-token_9876543210';

const dutyPush: PushMessage = {
  token: DEVICE,
  title: 'New duty: 07:30 at Terminal 3',
  body: 'DL01AB1234 · Mr Rao · OTP 4821',
  data: { dutyId: 'd_01HZX3', kind: 'duty_allotted' },
  collapseKey: 'duty-d_01HZX3',
  ttlSeconds: 3600,
};

async function failureOf(sending: Promise<PushSent>): Promise<PushDeliveryError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof PushDeliveryError) return error;
    throw error;
  }
  throw new Error('expected the push to fail');
}

const claimsOf = (tokenRequestBody: string) => {
  const assertion = new URLSearchParams(tokenRequestBody).get('assertion') ?? '';
  const [header = '', claims = ''] = assertion.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')),
  };
};

describe('the FCM HTTP v1 adapter, against a local peer speaking Google OAuth and FCM over HTTP', () => {
  let clock: number;
  const now = () => clock;
  let peer: FcmPeer;
  const providerFor = (overrides: { timeoutMs?: number; baseUrl?: string } = {}) =>
    createFcmPushProvider({
      serviceAccount: peer.serviceAccount,
      baseUrl: overrides.baseUrl ?? peer.baseUrl,
      timeoutMs: overrides.timeoutMs ?? 3_000,
      now,
    });
  const sendPaths = () => peer.received.map((request) => request.path);

  beforeEach(async () => {
    clock = Date.parse('2026-04-01T09:00:00Z');
    peer = await startFcmPeer({ now, unregisteredTokens: [REMOVED_DEVICE] });
  });
  afterEach(() => peer.close());

  it('delivers a push with a service account’s access token and answers with FCM’s message name', async () => {
    const sent = await providerFor().send(dutyPush);

    expect(sendPaths()).toEqual(['/token', '/v1/projects/fleet-driver-test/messages:send']);
    expect(peer.delivered).toHaveLength(1);
    expect(sent).toEqual({ providerMessageId: peer.delivered[0]?.name });
    expect(sent.providerMessageId).toMatch(/^projects\/fleet-driver-test\/messages\/\S+$/);
    expect(peer.delivered[0]?.accessToken).toBe(peer.issuedAccessTokens[0]);
    expect(peer.delivered[0]?.message).toEqual({
      token: DEVICE,
      notification: { title: dutyPush.title, body: dutyPush.body },
      data: { dutyId: 'd_01HZX3', kind: 'duty_allotted' },
      android: { priority: 'high', collapse_key: 'duty-d_01HZX3', ttl: '3600s' },
      webpush: {
        headers: { Urgency: 'high', TTL: '3600' },
        notification: { title: dutyPush.title, body: dutyPush.body },
      },
    });

    const { header, claims } = claimsOf(peer.received[0]?.body ?? '');
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: peer.serviceAccount.privateKeyId });
    const iat = Math.floor(clock / 1000);
    expect(claims).toEqual({
      iss: peer.serviceAccount.clientEmail,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: peer.serviceAccount.tokenUri,
      iat,
      exp: iat + 3600,
    });
  });

  it('leaves out what a push does not set: no data, no collapse key, no time to live', async () => {
    await providerFor().send({
      token: DEVICE,
      title: 'Duty changed',
      body: 'Pickup moved to 08:00',
      data: {},
    });
    expect(peer.delivered[0]?.message).toEqual({
      token: DEVICE,
      notification: { title: 'Duty changed', body: 'Pickup moved to 08:00' },
      android: { priority: 'high' },
      webpush: {
        headers: { Urgency: 'high' },
        notification: { title: 'Duty changed', body: 'Pickup moved to 08:00' },
      },
    });
  });

  it('reuses the access token until a minute before it expires, then fetches a new one', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    clock += 60_000;
    await provider.send(dutyPush);
    clock += (3599 - 60 - 60) * 1000 - 1; // just inside the margin's edge
    await provider.send(dutyPush);
    expect(peer.issuedAccessTokens).toHaveLength(1);

    clock += 1;
    await provider.send(dutyPush);
    expect(peer.issuedAccessTokens).toHaveLength(2);
    expect(peer.delivered.map((push) => push.accessToken)).toEqual([
      peer.issuedAccessTokens[0],
      peer.issuedAccessTokens[0],
      peer.issuedAccessTokens[0],
      peer.issuedAccessTokens[1],
    ]);
    // The new assertion is dated by the clock it was made at.
    expect(claimsOf(peer.received[4]?.body ?? '').claims.iat).toBe(Math.floor(clock / 1000));
  });

  it('asks for one access token for all the pushes waiting on it', async () => {
    const provider = providerFor();
    await Promise.all([provider.send(dutyPush), provider.send(dutyPush), provider.send(dutyPush)]);
    expect(peer.issuedAccessTokens).toHaveLength(1);
    expect(peer.delivered).toHaveLength(3);
  });

  it('fetches a new access token once and delivers when FCM refuses the cached one with 401', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    peer.revokeAccessTokens();

    const sent = await provider.send(dutyPush);
    expect(sent.providerMessageId).toBe(peer.delivered[1]?.name);
    expect(peer.issuedAccessTokens).toHaveLength(2);
    expect(peer.delivered[1]?.accessToken).toBe(peer.issuedAccessTokens[1]);
    expect(sendPaths().slice(2)).toEqual([
      '/v1/projects/fleet-driver-test/messages:send',
      '/token',
      '/v1/projects/fleet-driver-test/messages:send',
    ]);
  });

  it('gives up as AUTH when FCM refuses the fresh access token too, trying only once more', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    const unauthenticated = fcmErrorAnswer(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials.',
    );
    peer.answerNext(unauthenticated, {
      status: 200,
      body: '{"access_token":"ya29.not-one-of-the-peer","expires_in":3599}',
    });

    const error = await failureOf(provider.send(dutyPush));
    expect(error).toMatchObject({ failure: 'AUTH', providerCode: 'UNAUTHENTICATED' });
    expect(error.message).toBe(
      'FCM refused the push (HTTP 401, UNAUTHENTICATED): Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
    expect(peer.received).toHaveLength(5);
  });

  it('tells the caller to forget a token FCM no longer knows (404 UNREGISTERED)', async () => {
    const error = await failureOf(providerFor().send({ ...dutyPush, token: REMOVED_DEVICE }));
    expect(error).toMatchObject({ provider: 'fcm', failure: 'UNREGISTERED', providerCode: 'UNREGISTERED' });
    expect(error.message).toBe(
      'FCM refused the push (HTTP 404, UNREGISTERED): Requested entity was not found.',
    );
    expect(peer.delivered).toHaveLength(0);
  });

  it('tells the caller to forget a token FCM calls invalid (400 INVALID_ARGUMENT on message.token)', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    peer.answerNext(
      fcmErrorAnswer(
        400,
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
        {
          fcmErrorCode: 'INVALID_ARGUMENT',
          badField: 'message.token',
        },
      ),
    );
    const error = await failureOf(provider.send(dutyPush));
    expect(error).toMatchObject({ failure: 'UNREGISTERED', providerCode: 'INVALID_ARGUMENT' });
  });

  it('reports any other 400 as INVALID: sending the same push again fails again', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    peer.answerNext(
      fcmErrorAnswer(400, 'INVALID_ARGUMENT', "Invalid value at 'message.android.ttl'", {
        fcmErrorCode: 'INVALID_ARGUMENT',
        badField: 'message.android.ttl',
      }),
    );
    const error = await failureOf(provider.send(dutyPush));
    expect(error).toMatchObject({ failure: 'INVALID', providerCode: 'INVALID_ARGUMENT' });
    expect(error.message).toBe(
      "FCM refused the push (HTTP 400, INVALID_ARGUMENT): Invalid value at 'message.android.ttl'",
    );
  });

  it('asks for a retry after the seconds FCM gives when over quota (429 with Retry-After)', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    peer.answerNext(
      fcmErrorAnswer(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for the device.', {
        fcmErrorCode: 'QUOTA_EXCEEDED',
        headers: { 'retry-after': '120' },
      }),
    );
    const error = await failureOf(provider.send(dutyPush));
    expect(error).toMatchObject({ failure: 'RETRY', retryAfterSeconds: 120, providerCode: 'QUOTA_EXCEEDED' });
  });

  it('reads a Retry-After given as a date, and asks for a retry on 500 and 503 pages without Google’s JSON', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    peer.answerNext(
      fcmErrorAnswer(503, 'UNAVAILABLE', 'The service is currently unavailable.', {
        fcmErrorCode: 'UNAVAILABLE',
        headers: { 'retry-after': new Date(clock + 90_000).toUTCString() },
      }),
      { status: 500, body: '<html>Internal error</html>', headers: { 'content-type': 'text/html' } },
    );
    const unavailable = await failureOf(provider.send(dutyPush));
    expect(unavailable).toMatchObject({
      failure: 'RETRY',
      retryAfterSeconds: 90,
      providerCode: 'UNAVAILABLE',
    });
    const internal = await failureOf(provider.send(dutyPush));
    expect(internal).toMatchObject({
      failure: 'RETRY',
      retryAfterSeconds: undefined,
      providerCode: undefined,
    });
    expect(internal.message).toBe('FCM answered HTTP 500 without its JSON error');
  });

  it('gives up when FCM does not answer in time, as RETRY that says the push may have gone', async () => {
    const provider = providerFor({ timeoutMs: 300 });
    await provider.send(dutyPush);
    peer.answerNext('no answer');
    const error = await failureOf(provider.send(dutyPush));
    expect(error).toMatchObject({ failure: 'RETRY' });
    expect(error.message).toBe(
      `FCM at ${peer.baseUrl} did not answer within 300 ms; it may have taken the push`,
    );
  });

  it('asks for a retry when the token endpoint does not answer in time or cannot be reached', async () => {
    peer.answerNext('no answer');
    const slow = await failureOf(providerFor({ timeoutMs: 300 }).send(dutyPush));
    expect(slow).toMatchObject({ failure: 'RETRY' });
    expect(slow.message).toBe(
      `Google's token endpoint ${peer.serviceAccount.tokenUri} did not answer within 300 ms`,
    );

    const account = peer.serviceAccount;
    await peer.close();
    const unreachable = await failureOf(
      createFcmPushProvider({ serviceAccount: account, baseUrl: peer.baseUrl, now }).send(dutyPush),
    );
    expect(unreachable).toMatchObject({ failure: 'RETRY' });
    expect(unreachable.message).toBe(
      `could not reach Google's token endpoint ${account.tokenUri} (ECONNREFUSED)`,
    );
    peer = await startFcmPeer({ now });
  });

  it('asks for a retry, after the seconds it gives, when the token endpoint is busy', async () => {
    peer.answerNext({
      status: 503,
      body: '{"error":"temporarily_unavailable"}',
      headers: { 'retry-after': '30' },
    });
    const error = await failureOf(providerFor().send(dutyPush));
    expect(error).toMatchObject({ failure: 'RETRY', retryAfterSeconds: 30 });
    expect(error.message).toBe("Google's token endpoint answered HTTP 503 (temporarily_unavailable)");
    expect(peer.delivered).toHaveLength(0);
  });

  it('reports a key Google does not know as AUTH, sending nothing', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const error = await failureOf(
      createFcmPushProvider({
        serviceAccount: {
          ...peer.serviceAccount,
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        baseUrl: peer.baseUrl,
        now,
      }).send(dutyPush),
    );
    expect(error).toMatchObject({ failure: 'AUTH', providerCode: 'invalid_grant' });
    expect(error.message).toBe(
      `Google refused the service account ${peer.serviceAccount.clientEmail} (HTTP 400, invalid_grant): Invalid JWT Signature.`,
    );
    expect(sendPaths()).toEqual(['/token']);
  });

  it('reports a wrong project or a wrong FCM address as AUTH, never as a token to forget', async () => {
    const otherProject = await failureOf(
      createFcmPushProvider({
        serviceAccount: { ...peer.serviceAccount, projectId: 'someone-elses-app' },
        baseUrl: peer.baseUrl,
        now,
      }).send(dutyPush),
    );
    expect(otherProject).toMatchObject({ failure: 'AUTH', providerCode: 'PERMISSION_DENIED' });

    const wrongAddress = await failureOf(
      providerFor({ baseUrl: `${peer.baseUrl}/fcm-proxy` }).send(dutyPush),
    );
    expect(wrongAddress).toMatchObject({ failure: 'AUTH', providerCode: 'NOT_FOUND' });
  });

  it('does not repeat the device token, the text or the access token when Google’s answer echoes them', async () => {
    const provider = providerFor();
    await provider.send(dutyPush);
    const accessToken = peer.issuedAccessTokens[0] ?? '';
    peer.answerNext(
      fcmErrorAnswer(
        400,
        'INVALID_ARGUMENT',
        `Bad push "${dutyPush.body}" to ${DEVICE} with ${accessToken}\n`,
      ),
    );
    const error = await failureOf(provider.send(dutyPush));
    expect(error.message).toBe(
      'FCM refused the push (HTTP 400, INVALID_ARGUMENT): Bad push "[redacted]" to [redacted] with [redacted]',
    );
  });

  it('refuses a malformed push before calling anyone, naming the part but not its value', async () => {
    const provider = providerFor();
    const oversized =
      'note'.length + 4090 + Buffer.byteLength(dutyPush.title) + Buffer.byteLength(dutyPush.body);
    const cases: [PushMessage, string, string][] = [
      [
        { ...dutyPush, token: 'has a space' },
        'UNREGISTERED',
        'the device token holds a space or a character that is not printable ASCII',
      ],
      [{ ...dutyPush, token: '' }, 'UNREGISTERED', 'the device token is empty'],
      [{ ...dutyPush, title: '  ' }, 'INVALID', 'the title is only spaces'],
      [{ ...dutyPush, title: 'New\nduty' }, 'INVALID', 'the title holds a new line or a control character'],
      [{ ...dutyPush, body: 'x'.repeat(2001) }, 'INVALID', 'the body is longer than 2000 characters'],
      [
        { ...dutyPush, data: { from: 'dispatch' } },
        'INVALID',
        'the data key "from" is a key FCM reserves (from, notification, message_type, collapse_key, google…, gcm…)',
      ],
      [
        { ...dutyPush, data: { note: 'x'.repeat(4090) } },
        'INVALID',
        `the title, body and data come to ${oversized} bytes; FCM takes at most 4096`,
      ],
      [
        { ...dutyPush, ttlSeconds: 2_419_201 },
        'INVALID',
        'the time to live is longer than 2419200 seconds (28 days)',
      ],
      [
        { ...dutyPush, collapseKey: 'duty d_1' },
        'INVALID',
        'the collapse key is not a collapse key (1 to 100 printable characters, no spaces)',
      ],
    ];
    for (const [push, failure, message] of cases) {
      expect(await failureOf(provider.send(push))).toMatchObject({ provider: 'fcm', failure, message });
    }
    expect(peer.received).toHaveLength(0);
  });
});
