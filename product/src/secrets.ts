import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalSecret, Logger } from '@fleet/platform';

const random = () => randomBytes(32).toString('base64url');

/** Secrets files written before secrets were kept by variable name. */
interface EarlierSecrets {
  jwtKeys?: { kid: string; secret: string }[];
  otpSecret?: string;
  internalSecret?: string;
}

function readSecrets(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> & EarlierSecrets;
  const { jwtKeys, otpSecret, internalSecret, ...byVariable } = stored;
  return {
    ...(jwtKeys?.[0] ? { AUTH_JWT_KEYS: jwtKeys[0].secret } : {}),
    ...(otpSecret ? { OTP_HMAC_SECRET: otpSecret } : {}),
    ...(internalSecret ? { INTERNAL_AUTH_SECRET: internalSecret } : {}),
    ...byVariable,
  };
}

/**
 * Embedded mode needs no configuration: each secret is generated the first time a service asks for
 * it and kept beside the data, so sessions survive a restart. Explicit environment variables win.
 */
export function embeddedSecrets(dataDir: string): LocalSecret {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  const secrets = readSecrets(file);
  return (variable) => {
    let secret = secrets[variable];
    if (!secret) {
      secret = random();
      secrets[variable] = secret;
      writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    }
    return secret;
  };
}

/**
 * Distributed mode outside production may run without secrets (a developer starting processes by
 * hand); it then uses fixed development values, the same in every process, and says so once per
 * variable. Production refuses to start without them (each service's settings check).
 */
export function developmentSecrets(logger: Logger): LocalSecret {
  const warned = new Set<string>();
  return (variable) => {
    if (!warned.has(variable)) {
      warned.add(variable);
      logger.warn({ variable }, 'using a development-only secret; set this variable for anything real');
    }
    return `development-only-${variable.toLowerCase()}-do-not-use-in-production`;
  };
}
