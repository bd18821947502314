import { randomUUID } from 'node:crypto';
import { createMessagingModule, type MessagingModule } from '@fleet/messaging';
import {
  anonymousCaller,
  type Caller,
  callAs,
  type EmailProvider,
  type Logger,
  type SmsMessage,
  type SmsProvider,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { Role } from '@fleet/proto/fleet/identity/v1/user_pb';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { bootService, connectorTo, type ServiceHarness } from '@fleet/testing';
import { createIdentityModule, type IdentityModule } from '../src';

export type MessagingBeside = ServiceHarness<MessagingModule, typeof MessagingService>;

/**
 * The messaging service identity asks to text its codes, booted beside it, sending through `sms`.
 * It sends no email here; one asked for would be refused.
 */
export function bootMessagingFor(sms: SmsProvider, logger?: Logger): Promise<MessagingBeside> {
  const email: EmailProvider = {
    name: 'none',
    async send() {
      throw new Error('identity’s tests send no email');
    },
  };
  return bootService({
    name: 'messaging',
    grpcService: MessagingService,
    defaultPermissions: [],
    create: (deps) => createMessagingModule({ ...deps, ...(logger ? { logger } : {}), sms, email }),
  });
}

export interface IdentityHarness extends ServiceHarness<IdentityModule, typeof IdentityService> {
  /** Every text messaging handed its SMS provider (identity's codes). */
  sent: SmsMessage[];
  now(): Date;
  advance(ms: number): void;
  anonymous(ip?: string): Caller;
  lastCodeFor(phone: string): string;
  signIn(
    phone: string,
    options?: { operatorName?: string; ip?: string },
  ): Promise<{ token: string; caller: Caller }>;
  /** The caller a session token stands for, as identity authenticates it. */
  callerForToken(token: string, ip?: string): Promise<Caller>;
}

/** Identity on a real PostgreSQL database and a real JetStream namespace, with a settable clock. */
export async function bootIdentity(
  options: { signupEnabled?: boolean; testOtps?: Record<string, string> } = {},
): Promise<IdentityHarness> {
  const sent: SmsMessage[] = [];
  let now = new Date();
  const messaging = await bootMessagingFor({
    name: 'recording',
    async send(message) {
      sent.push(message);
      return { providerMessageId: `recorded-${sent.length}` };
    },
  });
  const service = await bootService({
    name: 'identity',
    grpcService: IdentityService,
    defaultPermissions: [],
    connect: connectorTo(messaging),
    testBus: messaging.testBus,
    create: (deps) =>
      createIdentityModule({
        ...deps,
        clock: () => now,
        settings: {
          signupEnabled: options.signupEnabled ?? true,
          sessionTtlHours: 12,
          signingKeys: [{ kid: 'test-1', secret: 'identity-tests-jwt-secret-0123456789abcdef' }],
          otpSecret: 'identity-tests-otp-secret-0123456789abcdef',
          testOtps: new Map(Object.entries(options.testOtps ?? {})),
        },
      }),
  }).catch(async (error: unknown) => {
    await messaging.close();
    throw error;
  });
  const { client } = service;

  const harness: IdentityHarness = {
    ...service,
    async close() {
      await service.close();
      await messaging.close();
    },
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
      return { token, caller: await harness.callerForToken(token, signInOptions.ip) };
    },
    async callerForToken(token, ip = '10.1.1.1') {
      const auth = await client.authenticate({ token }, callAs(anonymousCaller(randomUUID(), ip)));
      return {
        requestId: randomUUID(),
        clientIp: ip,
        tenantId: auth.tenantId,
        userId: auth.userId,
        actorUserId: auth.actorUserId,
        sessionId: auth.sessionId,
        role: Role[auth.role],
        ...(auth.driverId ? { driverId: auth.driverId } : {}),
        permissions: auth.permissions,
        isMasquerade: auth.isMasquerade,
      };
    },
  };
  return harness;
}

/** A phone number nobody else in the run uses. */
export function freshPhone(): string {
  return `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}
