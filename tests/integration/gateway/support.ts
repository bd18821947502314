// Boots the real identity and bookings modules (real PostgreSQL, real JetStream, through @fleet/testing)
// and the gateway in front of them on a free port, assembled as the embedded runner does, and drives it over
// HTTP like the web app does.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  type GatewayConfig,
  type GatewayServices,
  gatewayConfigSchema,
  type IdentityClient,
  type RunningGateway,
} from '@fleet/gateway';
import type { IdentityModule } from '@fleet/identity';
import {
  createCallerCodec,
  createLogger,
  type Logger,
  loadConfig,
  rows,
  type SigningKey,
  type SmsMessage,
  type SmsProvider,
  sessionSigningKeys,
} from '@fleet/platform';
import { startEmbeddedProduct } from '@fleet/product';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  type TrpcAnswer,
  type TrpcStream,
  trpcClient,
  trpcMutate,
  trpcQuery,
  trpcStream,
} from '../../support/trpc-client';

export type { TrpcAnswer };

export interface GatewayHarness {
  baseUrl: string;
  /** The keys sessions are signed with, for another gateway in front of the same services. */
  signingKeys: SigningKey[];
  gateway: RunningGateway;
  identity: IdentityClient;
  /** Every service client the gateway was started with (identity, bookings). */
  services: GatewayServices;
  module: IdentityModule;
  database: TestDatabase;
  testBus: TestBus;
  config: GatewayConfig;
  /** Every sign-in code messaging texted for identity, as its SMS provider was given it. */
  sent: SmsMessage[];
  /** Every line the gateway and identity logged, parsed. */
  logs: Record<string, unknown>[];
  logger: Logger;
  lastCodeFor(phone: string): string;
  /** A fresh phone signs up (or an existing one signs in) through the gateway; returns its token. */
  signIn(
    phone?: string,
    options?: { operatorName?: string },
  ): Promise<{ token: string; phone: string; setCookie: string[] }>;
  /**
   * A driver signs in to the driver app with the phone of a driver master (identity makes the account
   * from masters' event, so this waits for it); returns the token.
   */
  signInDriver(phone: string): Promise<string>;
  /** The raw HTTP answer of a tRPC query (GET) or mutation (POST), without a client in between. */
  query(path: string, input?: unknown, headers?: Record<string, string>): Promise<TrpcAnswer>;
  mutate(path: string, input?: unknown, headers?: Record<string, string>): Promise<TrpcAnswer>;
  /** A subscription's stream (server-sent events), read message by message. */
  stream(path: string, input?: unknown, headers?: Record<string, string>): Promise<TrpcStream>;
  /** A batching tRPC client as the web app builds one. */
  client(headers?: () => Record<string, string>): ReturnType<typeof trpcClient>;
  close(): Promise<void>;
}

/** A phone number nobody else in the run uses. */
export function freshPhone(): string {
  return `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A distinct client address per sign-in, so identity's per-IP code throttle never trips across tests. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * `env`: the gateway's variables (RATE_LIMIT_PER_MINUTE…); `serviceEnv`: the services' (AUTH_TEST_OTP…),
 * over the harness's own.
 */
export async function bootGateway(
  options: {
    env?: Record<string, string>;
    serviceEnv?: Record<string, string>;
    /**
     * Where messaging sends the booking texts; the development outbox unless given. Sign-in codes are
     * recorded in `sent` instead, so that every test can sign in whatever this provider is.
     */
    messagingSms?: SmsProvider;
  } = {},
): Promise<GatewayHarness> {
  const database = await createTestDatabase();
  const testBus = await createTestBus();
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger({
    name: 'gateway-test',
    level: process.env.TEST_LOG_LEVEL ?? 'info',
    destination,
  });
  const sent: SmsMessage[] = [];
  const bookingTexts = options.messagingSms;
  // Identity asks messaging to text its codes: they reach this provider the way they reach MSG91.
  const messagingSms: SmsProvider = {
    name: bookingTexts?.name ?? 'recording',
    async send(message) {
      if (message.purpose !== 'SIGN_IN_CODE_SMS' && bookingTexts) return bookingTexts.send(message);
      if (message.purpose === 'SIGN_IN_CODE_SMS') sent.push(message);
      return { providerMessageId: `recorded-${randomUUID()}` };
    },
  };
  const config = loadConfig(gatewayConfigSchema, {
    PORT: '0',
    NODE_ENV: 'test',
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const localSecret = (variable: string) => `gateway-tests-${variable}-0123456789abcdef0123456789`;
  // The same assembly `npm start` runs: the services through Connect's router transport, readiness from
  // their standard health checks; here on a real PostgreSQL and JetStream.
  const product = await startEmbeddedProduct({
    db: database.db,
    bus: testBus.bus,
    logger,
    codec: createCallerCodec(`gateway-tests-internal-${randomUUID()}`),
    gateway: config,
    env: { SIGNUP_ENABLED: 'true', SESSION_TTL_HOURS: '12', ...options.serviceEnv },
    localSecret,
    settings: { messaging: { sms: messagingSms } },
  });
  const identity = product.clients.identity;
  const services: GatewayServices = product.clients;
  const module = product.modules.identity;
  const gateway: RunningGateway = {
    port: product.port,
    readiness: product.readiness,
    close: () => product.stop(),
  };
  const baseUrl = `http://127.0.0.1:${gateway.port}`;

  const harness: GatewayHarness = {
    signingKeys: sessionSigningKeys({}, localSecret),
    baseUrl,
    gateway,
    identity,
    services,
    module,
    database,
    testBus,
    config,
    sent,
    logs,
    logger,
    lastCodeFor(phone) {
      const message = [...sent].reverse().find((m) => m.to === phone);
      const code = message?.text.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
    async signIn(phone = freshPhone(), signInOptions = {}) {
      const ip = { 'x-forwarded-for': freshIp() };
      const requested = await harness.mutate('auth.requestOtp', { phone }, ip);
      if (requested.status !== 200)
        throw new Error(`requestOtp answered ${requested.status}: ${JSON.stringify(requested.body)}`);
      const verified = await harness.mutate(
        'auth.verifyOtp',
        { phone, code: harness.lastCodeFor(phone), operatorName: signInOptions.operatorName },
        ip,
      );
      return { token: tokenOf(verified), phone, setCookie: verified.setCookie };
    },
    async signInDriver(phone) {
      // The account comes with masters' event: wait for it (without spending the phone's sign-in budget).
      const deadline = Date.now() + 10_000;
      const made = () =>
        database.db.readAsSystem((tx) =>
          rows(
            tx,
            sql`select 1 from identity.driver_accounts where phone = ${phone} and user_id is not null`,
          ),
        );
      while ((await made()).length === 0) {
        if (Date.now() > deadline) throw new Error(`no driver account was made for ${phone}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ip = { 'x-forwarded-for': freshIp() };
      const requested = await harness.mutate('auth.requestOtp', { phone, app: 'DRIVER' }, ip);
      if (requested.status !== 200) throw new Error(`requestOtp answered ${JSON.stringify(requested.body)}`);
      const verified = await harness.mutate(
        'auth.verifyOtp',
        { phone, code: harness.lastCodeFor(phone), app: 'DRIVER' },
        ip,
      );
      return tokenOf(verified);
    },
    query: (path, input, headers) => trpcQuery(baseUrl, path, input, headers),
    mutate: (path, input, headers) => trpcMutate(baseUrl, path, input, headers),
    stream: (path, input, headers) => trpcStream(baseUrl, path, input, headers),
    client: (headers = () => ({})) => trpcClient(baseUrl, headers),
    async close() {
      await product.stop();
      await testBus.close();
      await database.drop();
    },
  };
  return harness;
}

/** The session token a successful auth.verifyOtp answered; anything else fails the test, saying what came. */
function tokenOf(verified: TrpcAnswer): string {
  const data = verified.body.result?.data;
  if (verified.status !== 200 || typeof data !== 'object' || data === null || !('token' in data)) {
    throw new Error(`verifyOtp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  }
  return String(data.token);
}

/** `token=…; Path=/; …` → { name, value, attributes (lower-cased) }. */
export function parseSetCookie(header: string) {
  const [pair = '', ...rest] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes = Object.fromEntries(
    rest.map((a) => {
      const i = a.indexOf('=');
      return i < 0 ? [a.toLowerCase(), true] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
    }),
  ) as Record<string, string | true>;
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

export function cookieNamed(setCookie: string[], name: string) {
  return setCookie.map(parseSetCookie).find((c) => c.name === name);
}

type GatewayClient = ReturnType<GatewayHarness['client']>;

/** The masters a booking needs, as an owner creates them: a customer, an 8 Hrs 80 Kms duty type, a Sedan. */
export async function bookingMasters(
  owner: GatewayClient,
): Promise<{ customerId: string; dutyTypeId: string; vehicleGroupId: string }> {
  const customer = await owner.masters.customer.create.mutate({ values: { name: 'Acme Corp' } });
  const dutyType = await owner.masters.duty_type.create.mutate({
    values: { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 },
  });
  const vehicleGroup = await owner.masters.vehicle_group.create.mutate({ values: { name: 'Sedan' } });
  return { customerId: customer.id, dutyTypeId: dutyType.id, vehicleGroupId: vehicleGroup.id };
}
