import type { Client } from '@connectrpc/connect';
import { anonymousCaller, type Caller, type Logger } from '@fleet/platform';
import type { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import type { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import type { Authenticator } from './auth/authenticator';
import type { FirebaseWebConfig } from './config';
import type { DutyChanges } from './live/duty-changes';
import type { RateLimits } from './rate-limits';
import type { SharedReports } from './shared-reports';

export type IdentityClient = Client<typeof IdentityService>;
export type BookingsClient = Client<typeof BookingsService>;
export type MastersClient = Client<typeof MastersService>;
export type MessagingClient = Client<typeof MessagingService>;
export type BillingClient = Client<typeof BillingService>;

/** The services the gateway calls; each is a Connect client (in-process or over the network). */
export interface GatewayServices {
  identity: IdentityClient;
  bookings: BookingsClient;
  masters: MastersClient;
  messaging: MessagingClient;
  billing: BillingClient;
}

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  expires?: Date;
}

/** Everything a request's context is built from: plain values, no HTTP objects. */
export interface ContextInput {
  /** The session token, from the `token` cookie or an `Authorization: Bearer` header. */
  token?: string;
  clientIp: string;
  userAgent: string;
  requestId: string;
  setCookie(name: string, value: string, options: CookieOptions): void;
  clearCookie(name: string, options?: CookieOptions): void;
  services: GatewayServices;
  /** Who a session token stands for, without a round trip to identity when it already said. */
  authenticator: Authenticator;
  /** The operators' duty changes as they happen, for the procedures that stream them (one per gateway). */
  dutyChanges: DutyChanges;
  /** The live map's and the heavy reports' answers, shared by an operator's readers of a moment (one set per gateway). */
  sharedReports: SharedReports;
  /** The budgets every procedure call and file request is charged to (one per gateway). */
  rateLimits: RateLimits;
  /** Already carries the request id. */
  logger: Logger;
  /** Production: cookies carry `Secure` and error answers never carry a stack. */
  production?: boolean;
  /** The map tiles under a digital slip's route (MAP_TILE_URL); none unless configured. */
  mapTileUrl?: string;
  /** The Firebase web app the driver app asks for its push token (FIREBASE_WEB_CONFIG); none: no pushes. */
  firebaseWebConfig?: FirebaseWebConfig;
}

/** A caller who is a signed-in member of an operator. */
export type SignedInCaller = Caller & {
  tenantId: string;
  userId: string;
  actorUserId: string;
  sessionId: string;
};

export interface Session {
  caller: SignedInCaller;
  accessLevel: 'ADMIN' | 'CHANNEL_ONLY' | null;
  expiresAt: Date | null;
  /** The branches an employee is limited to (their drivers only on the live map); empty: every branch. */
  branchIds: readonly string[];
}

export type SessionResult = { ok: true; session: Session } | { ok: false; message: string };

export interface Context extends ContextInput {
  production: boolean;
  /** The caller for calls made before (or without) signing in. */
  anonymous: Caller;
  /**
   * Who the token stands for, worked out at most once per request (the promise is memoised). An absent,
   * expired, revoked or garbage token is `{ ok: false }`; identity being unreachable for a session it
   * has not described yet rejects.
   */
  authenticate(): Promise<SessionResult>;
  /**
   * Who the token stands for now, asked afresh (from the gateway's session cache, which identity's events
   * empty): a stream open for long checks it again, so a signed-out or deactivated reader stops hearing.
   */
  reauthenticate(): Promise<SessionResult>;
}

// Longer than any token identity issues; such a value is refused without looking at it.
const MAX_TOKEN_LENGTH = 4096;

export function createContext(input: ContextInput): Context {
  const anonymous = anonymousCaller(input.requestId, input.clientIp);
  let memo: Promise<SessionResult> | undefined;

  const authenticate = async (): Promise<SessionResult> => {
    const token = input.token?.trim();
    if (!token) return { ok: false, message: 'Please sign in to continue.' };
    if (token.length > MAX_TOKEN_LENGTH)
      return { ok: false, message: 'Your session is not valid. Please sign in again.' };
    const known = await input.authenticator.authenticate(token, anonymous);
    if (!known.ok) return known;
    const { session } = known;
    const caller: SignedInCaller = {
      requestId: input.requestId,
      clientIp: input.clientIp,
      tenantId: session.tenantId,
      userId: session.userId,
      actorUserId: session.actorUserId,
      sessionId: session.sessionId,
      role: session.role,
      ...(session.driverId ? { driverId: session.driverId } : {}),
      permissions: session.permissions,
      isMasquerade: session.isMasquerade,
    };
    return {
      ok: true,
      session: {
        caller,
        accessLevel: session.accessLevel,
        expiresAt: session.expiresAt,
        branchIds: session.branchIds,
      },
    };
  };

  return {
    ...input,
    production: input.production ?? false,
    anonymous,
    authenticate() {
      memo ??= authenticate();
      return memo;
    },
    reauthenticate: authenticate,
  };
}
