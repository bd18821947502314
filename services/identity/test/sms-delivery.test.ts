// Sign-in codes travel identity → messaging (SendSignInCode) → MSG91: both services configured from the
// environment as the runners configure them, MSG91 a local peer over HTTP.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { messagingService } from '@fleet/messaging';
import {
  anonymousCaller,
  callAs,
  createCallerCodec,
  createLogger,
  createServiceClient,
  type ServiceConnector,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import {
  bootService,
  connectorTo,
  expectDomainError,
  type Msg91Peer,
  startMsg91Peer,
  TEST_INTERNAL_SECRET,
} from '@fleet/testing';
import { identityService } from '../src';
import { freshPhone } from './support';

const AUTH_KEY = 'identityTestsMsg91AuthKey01';
const TEMPLATE_ID = '6650a1b2c3d4e5f601234567';
const SENDER = 'FLEETS';
const localSecret = (variable: string) => `identity-sms-tests-${variable}-0123456789abcdef`;

/** The code MSG91 was last asked to text to `phone`. */
const lastCodeSentTo = (peer: Msg91Peer, phone: string) => {
  const recipients = peer.received.flatMap(
    (request) =>
      (JSON.parse(request.body || '{}') as { recipients?: { mobiles: string; otp: string }[] }).recipients ??
      [],
  );
  const recipient = recipients.findLast((r) => r.mobiles === phone.slice(1));
  if (!recipient) throw new Error(`MSG91 was not asked to text ${phone}`);
  return recipient.otp;
};

const anonymous = () => callAs(anonymousCaller(randomUUID(), '10.2.2.2'));

/** Every line both services logged, as written. */
let logged = '';
const logger = createLogger({
  name: 'identity-sms-test',
  level: 'trace',
  destination: new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  }),
});
const loggedLines = () =>
  logged
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; phone?: string; reason?: string; err?: unknown });

/** Identity as its row creates it, reaching messaging through `connect`. */
const bootIdentity = (connect: ServiceConnector) =>
  bootService({
    name: 'identity',
    grpcService: IdentityService,
    defaultPermissions: [],
    connect,
    create: (deps) =>
      identityService.create(
        { ...deps, logger },
        identityService.settings({ NODE_ENV: 'test' }, localSecret),
      ),
  });

describe('sign-in codes texted by messaging through MSG91', () => {
  let peer: Msg91Peer;
  let messaging: Awaited<ReturnType<typeof bootMessaging>>;
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  const bootMessaging = () =>
    bootService({
      name: 'messaging',
      grpcService: MessagingService,
      defaultPermissions: [],
      create: (deps) =>
        messagingService.create(
          { ...deps, logger },
          messagingService.settings(
            {
              NODE_ENV: 'test',
              SMS_PROVIDER: 'msg91',
              MSG91_AUTH_KEY: AUTH_KEY,
              MSG91_BASE_URL: peer.baseUrl,
              MSG91_OTP_TEMPLATE_ID: TEMPLATE_ID,
              MSG91_SENDER_ID: SENDER,
            },
            localSecret,
          ),
        ),
    });

  beforeAll(async () => {
    peer = await startMsg91Peer({
      authKey: AUTH_KEY,
      templates: { [TEMPLATE_ID]: ['otp'] },
      senders: [SENDER],
    });
    messaging = await bootMessaging();
    identity = await bootIdentity(connectorTo(messaging));
  });
  afterAll(async () => {
    await identity?.close();
    await messaging?.close();
    await peer.close();
  });

  it('texts the code through MSG91’s flow API, and the code MSG91 got signs the person in', async () => {
    const phone = freshPhone();
    await identity.client.requestOtp({ phone }, anonymous());
    const code = lastCodeSentTo(peer, phone);
    expect(code).toMatch(/^\d{6}$/);
    const request = peer.received.at(-1);
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      template_id: TEMPLATE_ID,
      sender: SENDER,
      short_url: '0',
      recipients: [{ mobiles: phone.slice(1), otp: code }],
    });
    const verified = await identity.client.verifyOtp(
      { phone, code, operatorName: 'Texted Cabs' },
      anonymous(),
    );
    expect(verified.signedUp).toBe(true);
    expect(logged).not.toContain(code);
  });

  it('tells the person the code could not be sent when MSG91 refuses it, and logs why without the code', async () => {
    const phone = freshPhone();
    peer.answerNext({
      status: 200,
      body: JSON.stringify({ type: 'error', message: 'Insufficient balance' }),
    });
    const error = await expectDomainError(identity.client.requestOtp({ phone }, anonymous()));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('We could not send the code just now. Please try again in a minute.');
    const code = lastCodeSentTo(peer, phone);
    const failure = loggedLines().find(
      (line) => line.msg === 'code SMS could not be sent' && line.phone === phone,
    );
    expect(failure?.reason).toBe('MSG91 refused the text (HTTP 200): Insufficient balance');
    expect(logged).not.toContain(code);
  });
});

describe('sign-in codes while messaging cannot be reached', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  beforeAll(async () => {
    // A port nothing listens on: messaging is down.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const codec = createCallerCodec(TEST_INTERNAL_SECRET);
    identity = await bootIdentity((service) =>
      createServiceClient(service, { kind: 'network', baseUrl: `http://127.0.0.1:${port}` }, codec),
    );
  });
  afterAll(() => identity?.close());

  it('tells the person the code could not be sent, as when the provider refuses it', async () => {
    const phone = freshPhone();
    const error = await expectDomainError(identity.client.requestOtp({ phone }, anonymous()));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('We could not send the code just now. Please try again in a minute.');
    const failure = loggedLines().find(
      (line) => line.msg === 'code SMS could not be sent' && line.phone === phone,
    );
    expect(failure?.err).toBeDefined();
  });
});
