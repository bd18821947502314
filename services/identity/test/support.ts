import { randomUUID } from 'node:crypto';
import { type Client, ConnectError } from '@connectrpc/connect';
import {
  anonymousCaller,
  type Caller,
  callAs,
  createCallerCodec,
  createServiceClient,
  type DomainError,
  fromConnectError,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import {
  createTestBus,
  createTestDatabase,
  quietLogger,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { createIdentityModule, type IdentityModule, type SmsMessage } from '../src';

export const INTERNAL_SECRET = 'identity-tests-internal-secret-0123456789';

export interface IdentityHarness {
  module: IdentityModule;
  client: Client<typeof IdentityService>;
  database: TestDatabase;
  testBus: TestBus;
  sent: SmsMessage[];
  now(): Date;
  advance(ms: number): void;
  anonymous(ip?: string): Caller;
  lastCodeFor(phone: string): string;
  signIn(
    phone: string,
    options?: { operatorName?: string; ip?: string },
  ): Promise<{ token: string; caller: Caller }>;
  callerFor(token: string, ip?: string): Promise<Caller>;
  close(): Promise<void>;
}

/** Identity on a real PostgreSQL database and a real JetStream namespace, with a settable clock. */
export async function bootIdentity(
  options: { signupEnabled?: boolean; testOtps?: Record<string, string> } = {},
): Promise<IdentityHarness> {
  const database = await createTestDatabase();
  const testBus = await createTestBus();
  const logger = quietLogger('identity-test');
  const sent: SmsMessage[] = [];
  let now = new Date();
  const module = await createIdentityModule({
    db: database.db,
    bus: testBus.bus,
    logger,
    clock: () => now,
    sms: {
      name: 'recording',
      async send(message) {
        sent.push(message);
      },
    },
    settings: {
      signupEnabled: options.signupEnabled ?? true,
      sessionTtlHours: 12,
      signingKeys: [{ kid: 'test-1', secret: 'identity-tests-jwt-secret-0123456789abcdef' }],
      otpSecret: 'identity-tests-otp-secret-0123456789abcdef',
      testOtps: new Map(Object.entries(options.testOtps ?? {})),
    },
  });
  await module.start();
  const codec = createCallerCodec(INTERNAL_SECRET);
  const client = createServiceClient(
    IdentityService,
    { kind: 'in-process', service: 'identity', routes: module.routes, logger },
    codec,
  );

  const harness: IdentityHarness = {
    module,
    client,
    database,
    testBus,
    sent,
    now: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    anonymous: (ip = '10.1.1.1') => anonymousCaller(randomUUID(), ip),
    lastCodeFor(phone) {
      const message = [...sent].reverse().find((m) => m.to === phone);
      const code = message?.text.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
    async signIn(phone, signInOptions = {}) {
      const anon = harness.anonymous(signInOptions.ip);
      await client.requestOtp({ phone }, callAs(anon));
      const code = options.testOtps?.[phone] ?? harness.lastCodeFor(phone);
      const { token } = await client.verifyOtp(
        { phone, code, operatorName: signInOptions.operatorName ?? '' },
        callAs(anon),
      );
      return { token, caller: await harness.callerFor(token, signInOptions.ip) };
    },
    async callerFor(token, ip = '10.1.1.1') {
      const auth = await client.authenticate({ token }, callAs(anonymousCaller(randomUUID(), ip)));
      return {
        requestId: randomUUID(),
        clientIp: ip,
        tenantId: auth.tenantId,
        userId: auth.userId,
        actorUserId: auth.actorUserId,
        sessionId: auth.sessionId,
        permissions: auth.permissions,
        isMasquerade: auth.isMasquerade,
      };
    },
    async close() {
      await module.stop();
      await testBus.close();
      await database.drop();
    },
  };
  return harness;
}

/** A phone number nobody else in the run uses. */
export function freshPhone(): string {
  return `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The domain error a failed call raised (the call must fail, and with a ConnectError). */
export async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectError);
    return fromConnectError(error);
  }
  throw new Error('expected the call to fail');
}
