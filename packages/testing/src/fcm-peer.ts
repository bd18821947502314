import { generateKeyPairSync, type KeyObject, randomBytes, verify } from 'node:crypto';
import type { FcmServiceAccount } from '@fleet/platform';
import { type LoopbackPeer, type PeerAnswer, type PeerRequest, startLoopbackPeer } from './loopback-peer';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** One push the peer took, as FCM received it. */
export interface FcmDelivered {
  /** The name it answered, `projects/<id>/messages/<n>`. */
  name: string;
  accessToken: string;
  /** The `message` of the request body. */
  message: Record<string, unknown>;
}

export interface FcmPeer extends LoopbackPeer {
  /** The service account whose key the peer checks assertions with; its token_uri is the peer's. */
  serviceAccount: FcmServiceAccount;
  /** The same account as the JSON key Google Cloud hands out (FCM_SERVICE_ACCOUNT_JSON). */
  serviceAccountJson: string;
  /** Access tokens handed out, in order. */
  issuedAccessTokens: string[];
  /** Pushes taken, in order. */
  delivered: FcmDelivered[];
  /** Refuses every access token handed out so far, as Google does for a key that was rotated. */
  revokeAccessTokens(): void;
}

export interface FcmPeerOptions {
  projectId?: string;
  /** The clock assertions are checked and access tokens expire by; `Date.now` when absent. */
  now?: () => number;
  /** How long a handed-out access token lasts; 3599 s, as Google answers. */
  accessTokenLifetimeSeconds?: number;
  /** Tokens of apps that were removed: a push to one is refused 404 UNREGISTERED. */
  unregisteredTokens?: string[];
  /** 0 picks a free port. */
  port?: number;
}

/** An error answer as Google's APIs write it, with FCM's error code and a BadRequest's field when given. */
export function fcmErrorAnswer(
  status: number,
  grpcStatus: string,
  message: string,
  details: { fcmErrorCode?: string; badField?: string; headers?: Record<string, string> } = {},
): { status: number; body: string; headers?: Record<string, string> } {
  const detailList: Record<string, unknown>[] = [];
  if (details.fcmErrorCode) detailList.push({ '@type': FCM_ERROR_TYPE, errorCode: details.fcmErrorCode });
  if (details.badField) {
    detailList.push({
      '@type': BAD_REQUEST_TYPE,
      fieldViolations: [{ field: details.badField, description: message }],
    });
  }
  const error = {
    code: status,
    message,
    status: grpcStatus,
    ...(detailList.length ? { details: detailList } : {}),
  };
  return {
    status,
    body: JSON.stringify({ error }),
    ...(details.headers ? { headers: details.headers } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const oauthError = (error: string, description: string): PeerAnswer => ({
  status: 400,
  body: JSON.stringify({ error, error_description: description }),
});

/** The claims of an RS256 JWT signed by `publicKey`'s pair, or undefined. */
function verifiedClaims(assertion: string, publicKey: KeyObject): Record<string, unknown> | undefined {
  const parts = assertion.split('.');
  if (parts.length !== 3) return undefined;
  const [header = '', claims = '', signature = ''] = parts;
  const headerJson = jsonOf(Buffer.from(header, 'base64url').toString('utf8'));
  if (!isObject(headerJson) || headerJson.alg !== 'RS256') return undefined;
  const genuine = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`, 'utf8'),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!genuine) return undefined;
  const claimsJson = jsonOf(Buffer.from(claims, 'base64url').toString('utf8'));
  return isObject(claimsJson) ? claimsJson : undefined;
}

const MESSAGE_FIELDS = new Set([
  'token',
  'notification',
  'data',
  'android',
  'webpush',
  'apns',
  'fcm_options',
]);

/** Why FCM would refuse a `message` as malformed, or undefined. */
function malformation(message: Record<string, unknown>): string | undefined {
  const unknown = Object.keys(message).find((field) => !MESSAGE_FIELDS.has(field));
  if (unknown)
    return `Invalid JSON payload received. Unknown name "${unknown}" at 'message': Cannot find field.`;
  const { notification, data, android, webpush } = message;
  if (notification !== undefined) {
    if (!isObject(notification)) return 'Invalid value at message.notification';
    if (typeof notification.title !== 'string' || typeof notification.body !== 'string') {
      return 'Invalid value at message.notification: title and body must be strings';
    }
  }
  if (data !== undefined && (!isObject(data) || Object.values(data).some((v) => typeof v !== 'string'))) {
    return 'Invalid value at message.data: values must be strings';
  }
  if (android !== undefined) {
    if (!isObject(android)) return 'Invalid value at message.android';
    if (android.priority !== undefined && android.priority !== 'high' && android.priority !== 'normal') {
      return `Invalid value at 'message.android.priority'`;
    }
    if (
      android.ttl !== undefined &&
      (typeof android.ttl !== 'string' || !/^\d+(\.\d{1,9})?s$/.test(android.ttl))
    ) {
      return `Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration)`;
    }
    if (android.collapse_key !== undefined && typeof android.collapse_key !== 'string') {
      return `Invalid value at 'message.android.collapse_key'`;
    }
  }
  if (webpush !== undefined) {
    if (!isObject(webpush)) return 'Invalid value at message.webpush';
    const headers = webpush.headers;
    if (
      headers !== undefined &&
      (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
    ) {
      return 'Invalid value at message.webpush.headers: values must be strings';
    }
  }
  return undefined;
}

/**
 * A local HTTP server that answers both as Google's OAuth token endpoint (POST /token, RFC 7523 JWT
 * bearer) and as FCM HTTP v1 (POST /v1/projects/<id>/messages:send), for testing the adapter over real
 * HTTP. It makes its own service account from an RSA key pair; it hands out an access token only for an
 * assertion that key signed with RS256, from that account, for the messaging scope, addressed to its
 * token URI and living at most an hour around its clock. A send must carry a live token it handed out
 * (else 401 UNAUTHENTICATED), name its project (else 403 PERMISSION_DENIED) and hold a well-formed
 * message (else 400 INVALID_ARGUMENT); a token of a removed app is 404 UNREGISTERED.
 */
export async function startFcmPeer(options: FcmPeerOptions = {}): Promise<FcmPeer> {
  const projectId = options.projectId ?? 'fleet-driver-test';
  const clientEmail = `fcm-sender@${projectId}.iam.gserviceaccount.com`;
  const now = options.now ?? Date.now;
  const lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 3599;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const privateKeyId = randomBytes(20).toString('hex');
  const issued = new Map<string, number>();
  const issuedAccessTokens: string[] = [];
  const delivered: FcmDelivered[] = [];
  let tokenUri = '';
  let sent = 0;

  const tokenAnswer = (request: PeerRequest): PeerAnswer => {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return oauthError('invalid_request', 'Request must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== JWT_BEARER) {
      return oauthError('unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
    }
    const claims = verifiedClaims(form.get('assertion') ?? '', publicKey);
    if (!claims) return oauthError('invalid_grant', 'Invalid JWT Signature.');
    if (claims.iss !== clientEmail) return oauthError('invalid_grant', 'Invalid issuer.');
    if (claims.aud !== tokenUri) {
      return oauthError(
        'invalid_grant',
        `Invalid JWT: Failed audience check. The right audience is ${tokenUri}`,
      );
    }
    if (claims.scope !== FCM_SCOPE) {
      return oauthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const { iat, exp } = claims;
    const nowSeconds = now() / 1000;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= iat ||
      exp - iat > 3600 ||
      iat > nowSeconds + 300 ||
      exp < nowSeconds
    ) {
      return oauthError(
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    issued.set(accessToken, now() + lifetimeSeconds * 1000);
    issuedAccessTokens.push(accessToken);
    return {
      status: 200,
      body: JSON.stringify({ access_token: accessToken, expires_in: lifetimeSeconds, token_type: 'Bearer' }),
    };
  };

  const sendAnswer = (request: PeerRequest, pathProject: string): PeerAnswer => {
    const accessToken = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const expiresAt = issued.get(accessToken);
    if (expiresAt === undefined || now() >= expiresAt) {
      return fcmErrorAnswer(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    if (pathProject !== projectId) {
      return fcmErrorAnswer(
        403,
        'PERMISSION_DENIED',
        `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${pathProject}' (or it may not exist).`,
      );
    }
    const body = request.headers['content-type']?.startsWith('application/json')
      ? jsonOf(request.body)
      : undefined;
    if (!isObject(body) || !isObject(body.message)) {
      return fcmErrorAnswer(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const { message } = body;
    if (typeof message.token !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(message.token)) {
      return fcmErrorAnswer(
        400,
        'INVALID_ARGUMENT',
        'The registration token is not a valid FCM registration token',
        {
          fcmErrorCode: 'INVALID_ARGUMENT',
          badField: 'message.token',
        },
      );
    }
    const malformed = malformation(message);
    if (malformed)
      return fcmErrorAnswer(400, 'INVALID_ARGUMENT', malformed, { fcmErrorCode: 'INVALID_ARGUMENT' });
    if (options.unregisteredTokens?.includes(message.token)) {
      return fcmErrorAnswer(404, 'NOT_FOUND', 'Requested entity was not found.', {
        fcmErrorCode: 'UNREGISTERED',
      });
    }
    sent += 1;
    const name = `projects/${projectId}/messages/0:${1_700_000_000_000 + sent}%${randomBytes(4).toString('hex')}`;
    delivered.push({ name, accessToken, message });
    return { status: 200, body: JSON.stringify({ name }) };
  };

  const peer = await startLoopbackPeer({
    port: options.port,
    answer: (request) => {
      if (request.method === 'POST' && request.path === '/token') return tokenAnswer(request);
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.path);
      if (request.method === 'POST' && send) return sendAnswer(request, decodeURIComponent(send[1] ?? ''));
      return fcmErrorAnswer(
        404,
        'NOT_FOUND',
        `The requested URL ${request.path} was not found on this server.`,
      );
    },
  });
  tokenUri = `${peer.baseUrl}/token`;
  const serviceAccount: FcmServiceAccount = {
    projectId,
    clientEmail,
    privateKey: privateKeyPem,
    privateKeyId,
    tokenUri,
  };
  return {
    ...peer,
    serviceAccount,
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: privateKeyId,
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: 'googleapis.com',
    }),
    issuedAccessTokens,
    delivered,
    revokeAccessTokens: () => issued.clear(),
  };
}
