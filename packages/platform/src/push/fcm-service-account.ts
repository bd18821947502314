import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

/** Where Google's service-account keys send their JWT assertions. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** The parts of a Google service account's JSON key the FCM adapter uses. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  /** A PEM RSA private key (Google issues PKCS#8), a secret. */
  privateKey: string;
  /** Names the key that signs; Google finds it without, but says which key was used when it is given. */
  privateKeyId?: string;
  tokenUri: string;
}

/** A Google Cloud project id: 6 to 30 lowercase letters, digits and hyphens, starting with a letter. */
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

const isRsaPrivateKey = (pem: string) => {
  try {
    return createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
};

/** The key file Google Cloud hands out (IAM → Service accounts → Keys → JSON); other fields are ignored. */
const serviceAccountKeySchema = z.object({
  type: z.literal('service_account', { message: 'is not "service_account"' }).optional(),
  project_id: z.string({ message: 'is missing' }).regex(PROJECT_ID, 'is not a Google Cloud project id'),
  client_email: z
    .string({ message: 'is missing' })
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'is not the service account’s email address'),
  private_key: z.string({ message: 'is missing' }).refine(isRsaPrivateKey, 'is not a PEM RSA private key'),
  private_key_id: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/, 'is not a key id')
    .optional(),
  token_uri: z.url({ protocol: /^https?$/, message: 'is not an http(s) URL' }).default(GOOGLE_TOKEN_URI),
});

/**
 * A service account from the text of its JSON key, or the reason it is not one — in words that never
 * repeat the key's values (the private key is a secret).
 */
export function parseFcmServiceAccount(
  json: string,
): { ok: true; account: FcmServiceAccount } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'is not JSON (expected the service account’s JSON key)' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'is not a JSON object (expected the service account’s JSON key)' };
  }
  const parsed = serviceAccountKeySchema.safeParse(raw);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    return { ok: false, reason: `is not a service account key: ${reasons.join('; ')}` };
  }
  const key = parsed.data;
  return {
    ok: true,
    account: {
      projectId: key.project_id,
      clientEmail: key.client_email,
      privateKey: key.private_key,
      ...(key.private_key_id ? { privateKeyId: key.private_key_id } : {}),
      tokenUri: key.token_uri,
    },
  };
}
