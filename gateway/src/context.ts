import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import { anonymousCaller, type Caller, callAs, fromConnectError, type Logger } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { accessLevelFromProto, roleFromProto } from './routers/user/mappers';

export type IdentityClient = Client<typeof IdentityService>;
export type BookingsClient = Client<typeof BookingsService>;
export type MastersClient = Client<typeof MastersService>;

/** The services the gateway calls; each is a Connect client (in-process or over the network). */
export interface GatewayServices {
  identity: IdentityClient;
  bookings: BookingsClient;
  masters: MastersClient;
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
  /** Already carries the request id. */
  logger: Logger;
  /** Production: cookies carry `Secure` and error answers never carry a stack. */
  production?: boolean;
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
}

export type SessionResult = { ok: true; session: Session } | { ok: false; message: string };

export interface Context extends ContextInput {
  production: boolean;
  /** The caller for calls made before (or without) signing in. */
  anonymous: Caller;
  /**
   * Who the token stands for, asked of identity at most once per request (the promise is memoised).
   * An absent, expired, revoked or garbage token is `{ ok: false }`; identity being unreachable rejects.
   */
  authenticate(): Promise<SessionResult>;
}

// Longer than any token identity issues; such a value is refused without asking identity.
const MAX_TOKEN_LENGTH = 4096;

export function createContext(input: ContextInput): Context {
  const anonymous = anonymousCaller(input.requestId, input.clientIp);
  let memo: Promise<SessionResult> | undefined;

  const authenticate = async (): Promise<SessionResult> => {
    const token = input.token?.trim();
    if (!token) return { ok: false, message: 'Please sign in to continue.' };
    if (token.length > MAX_TOKEN_LENGTH)
      return { ok: false, message: 'Your session is not valid. Please sign in again.' };
    try {
      const r = await input.services.identity.authenticate({ token }, callAs(anonymous));
      const caller: SignedInCaller = {
        requestId: input.requestId,
        clientIp: input.clientIp,
        tenantId: r.tenantId,
        userId: r.userId,
        actorUserId: r.actorUserId || r.userId,
        sessionId: r.sessionId,
        role: roleFromProto(r.role) ?? undefined,
        permissions: [...r.permissions],
        isMasquerade: r.isMasquerade,
      };
      return {
        ok: true,
        session: {
          caller,
          accessLevel: accessLevelFromProto(r.accessLevel),
          expiresAt: r.expiresAt ? timestampDate(r.expiresAt) : null,
        },
      };
    } catch (error) {
      const domain = fromConnectError(error);
      if (domain.code === 'UNAUTHENTICATED') return { ok: false, message: domain.message };
      throw domain;
    }
  };

  return {
    ...input,
    production: input.production ?? false,
    anonymous,
    authenticate() {
      memo ??= authenticate();
      return memo;
    },
  };
}
