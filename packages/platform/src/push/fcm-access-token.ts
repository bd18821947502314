import { createPrivateKey, sign } from 'node:crypto';
import { isObject, postWithin, retryAfterSecondsOf, safeWords } from './fcm-http';
import type { FcmServiceAccount } from './fcm-service-account';
import { PushDeliveryError } from './push-provider';

/** The OAuth scope that lets a service account send through FCM HTTP v1. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** How long an assertion is good for: Google takes at most an hour. */
const ASSERTION_LIFETIME_SECONDS = 3600;

/** A token is replaced this long before it expires, so a send never carries one that runs out on the way. */
const EXPIRY_MARGIN_MS = 60_000;

const base64url = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');

/**
 * The JWT a service account signs to ask for an access token (RFC 7523): RS256 over
 * `{iss: client_email, scope, aud: token_uri, iat, exp: iat + 3600}`.
 */
export function fcmAssertion(account: FcmServiceAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = {
    iss: account.clientEmail,
    scope: FCM_SCOPE,
    aud: account.tokenUri,
    iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
  };
  const signingInput = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput, 'utf8'), createPrivateKey(account.privateKey));
  return `${signingInput}.${signature.toString('base64url')}`;
}

export interface FcmAccessTokens {
  /** An access token: the cached one until a minute before it expires, else a fresh one. */
  current(): Promise<string>;
  /** Drops `token` when FCM refused it, so the next `current()` asks Google for another. */
  forget(token: string): void;
}

/**
 * The service account's OAuth access tokens for FCM: exchanged for a signed assertion at `token_uri`,
 * cached until a minute before they expire, and fetched once for all the sends waiting on one.
 * A refusal is an `AUTH` PushDeliveryError (a revoked key, a wrong clock); Google out of reach or
 * failing is `RETRY`.
 */
export function createFcmAccessTokens(options: {
  serviceAccount: FcmServiceAccount;
  timeoutMs: number;
  now: () => number;
}): FcmAccessTokens {
  const { serviceAccount, timeoutMs, now } = options;
  let cached: { accessToken: string; expiresAtMs: number } | undefined;
  let refreshing: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const askedAt = now();
    const assertion = fcmAssertion(serviceAccount, askedAt);
    const answer = await postWithin(
      serviceAccount.tokenUri,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion,
        }).toString(),
      },
      timeoutMs,
      `Google's token endpoint ${serviceAccount.tokenUri}`,
    );
    const { status, body } = answer;
    if (status >= 200 && status < 300 && isObject(body)) {
      const { access_token: accessToken, expires_in: expiresIn } = body;
      if (
        typeof accessToken === 'string' &&
        /^[\x21-\x7e]{1,4096}$/.test(accessToken) &&
        typeof expiresIn === 'number' &&
        expiresIn > 0
      ) {
        cached = { accessToken, expiresAtMs: askedAt + expiresIn * 1000 };
        return accessToken;
      }
      throw new PushDeliveryError(
        'fcm',
        'RETRY',
        `Google's token endpoint answered HTTP ${status} without a token`,
      );
    }
    const code = isObject(body) && typeof body.error === 'string' ? safeWords(body.error, [assertion]) : '';
    const description =
      isObject(body) && typeof body.error_description === 'string'
        ? safeWords(body.error_description, [assertion])
        : '';
    if (status === 429 || status >= 500) {
      throw new PushDeliveryError(
        'fcm',
        'RETRY',
        `Google's token endpoint answered HTTP ${status}${code ? ` (${code})` : ''}`,
        retryAfterSecondsOf(answer.headers.get('retry-after'), now()),
      );
    }
    throw new PushDeliveryError(
      'fcm',
      'AUTH',
      `Google refused the service account ${serviceAccount.clientEmail} (HTTP ${status}${code ? `, ${code}` : ''})${description ? `: ${description}` : ''}`,
      undefined,
      code || undefined,
    );
  }

  return {
    async current() {
      if (cached && now() < cached.expiresAtMs - EXPIRY_MARGIN_MS) return cached.accessToken;
      refreshing ??= fetchToken().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    forget(token) {
      if (cached?.accessToken === token) cached = undefined;
    },
  };
}
