import { createFcmAccessTokens } from './fcm-access-token';
import { type HttpAnswer, isObject, postWithin, retryAfterSecondsOf, safeWords } from './fcm-http';
import type { FcmServiceAccount } from './fcm-service-account';
import {
  checkPushMessage,
  PushDeliveryError,
  type PushFailureKind,
  type PushMessage,
  type PushProvider,
} from './push-provider';

/** FCM's host; FCM_BASE_URL replaces it (a test peer, an egress proxy). */
export const FCM_HOST = 'https://fcm.googleapis.com';

export interface FcmOptions {
  serviceAccount: FcmServiceAccount;
  baseUrl: string;
  /** The longest one request (to FCM or to the token endpoint) may take; 10 s when absent. */
  timeoutMs?: number;
  /** The clock that dates assertions and expires access tokens; `Date.now` when absent. */
  now?: () => number;
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** What matters of Google's error answer `{"error":{"code","message","status","details":[…]}}`. */
interface GoogleError {
  /** The gRPC status name: INVALID_ARGUMENT, NOT_FOUND, UNAUTHENTICATED… */
  status?: string;
  message?: string;
  /** FcmError's errorCode: UNREGISTERED, INVALID_ARGUMENT, SENDER_ID_MISMATCH, QUOTA_EXCEEDED… */
  fcmErrorCode?: string;
  /** The fields a BadRequest detail names, such as `message.token`. */
  badFields: string[];
}

function googleErrorOf(body: unknown): GoogleError | undefined {
  if (!isObject(body) || !isObject(body.error)) return undefined;
  const { status, message, details } = body.error;
  const error: GoogleError = { badFields: [] };
  if (typeof status === 'string') error.status = status;
  if (typeof message === 'string') error.message = message;
  for (const detail of Array.isArray(details) ? details : []) {
    if (!isObject(detail)) continue;
    if (detail['@type'] === FCM_ERROR_TYPE && typeof detail.errorCode === 'string') {
      error.fcmErrorCode = detail.errorCode;
    }
    if (detail['@type'] === BAD_REQUEST_TYPE && Array.isArray(detail.fieldViolations)) {
      for (const violation of detail.fieldViolations) {
        if (isObject(violation) && typeof violation.field === 'string') error.badFields.push(violation.field);
      }
    }
  }
  return error;
}

/**
 * What an FCM refusal means for the caller. UNREGISTERED only when FCM says so of the token — never
 * from a bare 404, which a wrong FCM_BASE_URL or project gives for every token alike.
 */
function fcmFailureKind(httpStatus: number, error: GoogleError | undefined): PushFailureKind {
  if (error?.fcmErrorCode === 'UNREGISTERED') return 'UNREGISTERED';
  if (
    httpStatus === 400 &&
    error?.status === 'INVALID_ARGUMENT' &&
    (error.badFields.includes('message.token') || /registration token/i.test(error.message ?? ''))
  ) {
    return 'UNREGISTERED';
  }
  if (httpStatus === 408 || httpStatus === 429 || httpStatus >= 500) return 'RETRY';
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 404) return 'AUTH';
  return 'INVALID';
}

/** The JSON FCM HTTP v1 takes for one push, with the driver app's notification sent at high priority. */
function fcmMessageOf(message: PushMessage): Record<string, unknown> {
  const notification = { title: message.title, body: message.body };
  const android: Record<string, unknown> = { priority: 'high' };
  if (message.collapseKey !== undefined) android.collapse_key = message.collapseKey;
  if (message.ttlSeconds !== undefined) android.ttl = `${message.ttlSeconds}s`;
  const webpushHeaders: Record<string, string> = { Urgency: 'high' };
  if (message.ttlSeconds !== undefined) webpushHeaders.TTL = String(message.ttlSeconds);
  return {
    token: message.token,
    notification,
    ...(Object.keys(message.data).length > 0 ? { data: message.data } : {}),
    android,
    webpush: { headers: webpushHeaders, notification },
  };
}

/**
 * Sends pushes through Firebase Cloud Messaging's HTTP v1 API: POST
 * `<base>/v1/projects/<project_id>/messages:send` with a service account's OAuth access token. A push
 * counts as taken only when FCM answers 2xx with the message's name; every other answer becomes a
 * PushDeliveryError whose `failure` says what to do (forget the token, retry, fix configuration).
 *
 * A 401 means the access token was refused, and nothing was sent: the adapter fetches a new one and
 * tries once more. It never retries otherwise — after a timeout FCM may have taken the push, and the
 * caller, which keeps its own log, decides (a collapse key keeps a repeat from showing twice).
 */
export function createFcmPushProvider(options: FcmOptions): PushProvider {
  const { serviceAccount } = options;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL(
    `v1/projects/${encodeURIComponent(serviceAccount.projectId)}/messages:send`,
    base,
  ).toString();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const accessTokens = createFcmAccessTokens({ serviceAccount, timeoutMs, now });

  const post = (accessToken: string, message: PushMessage): Promise<HttpAnswer> =>
    postWithin(
      url,
      {
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ message: fcmMessageOf(message) }),
      },
      timeoutMs,
      `FCM at ${options.baseUrl}`,
      '; it may have taken the push',
    );

  return {
    name: 'fcm',
    async send(message) {
      checkPushMessage('fcm', message);
      let accessToken = await accessTokens.current();
      let answer = await post(accessToken, message);
      if (answer.status === 401) {
        accessTokens.forget(accessToken);
        accessToken = await accessTokens.current();
        answer = await post(accessToken, message);
      }
      const { status, body } = answer;
      const ok = status >= 200 && status < 300;
      if (ok && isObject(body) && typeof body.name === 'string' && body.name.length > 0) {
        return { providerMessageId: body.name };
      }
      if (ok)
        throw new PushDeliveryError('fcm', 'RETRY', `FCM answered HTTP ${status} without a message name`);

      const error = googleErrorOf(body);
      const failure = fcmFailureKind(status, error);
      const secrets = [
        accessToken,
        message.token,
        message.title,
        message.body,
        ...Object.values(message.data),
      ];
      const code = error?.fcmErrorCode ?? error?.status;
      const words = error?.message ? safeWords(error.message, secrets) : 'no reason given';
      const retryAfter =
        failure === 'RETRY' ? retryAfterSecondsOf(answer.headers.get('retry-after'), now()) : undefined;
      throw new PushDeliveryError(
        'fcm',
        failure,
        error
          ? `FCM refused the push (HTTP ${status}${code ? `, ${code}` : ''}): ${words}`
          : `FCM answered HTTP ${status} without its JSON error`,
        retryAfter,
        code,
      );
    },
  };
}
