import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SigningKey } from '@fleet/identity';
import type { Logger } from '@fleet/platform';

export interface LocalSecrets {
  jwtKeys: SigningKey[];
  otpSecret: string;
  internalSecret: string;
}

const random = () => randomBytes(32).toString('base64url');

/**
 * Embedded mode needs no configuration: secrets are generated once and kept beside the data, so
 * sessions survive a restart. Explicit environment variables always win.
 */
export function embeddedSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwtKeys: [{ kid: `local-${new Date().toISOString().slice(0, 10)}`, secret: random() }],
    otpSecret: random(),
    internalSecret: random(),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * Distributed mode outside production may run without secrets (a developer starting processes by
 * hand); it then uses fixed development values and says so. Production refuses to start without them.
 */
export function developmentSecrets(logger: Logger, missing: string[]): LocalSecrets {
  if (missing.length > 0) {
    logger.warn({ missing }, 'using development-only secrets; set these variables for anything real');
  }
  return {
    jwtKeys: [{ kid: 'dev', secret: 'development-only-jwt-secret-do-not-use-in-production' }],
    otpSecret: 'development-only-otp-secret-do-not-use-in-production',
    internalSecret: 'development-only-internal-secret-do-not-use-in-production',
  };
}
