import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { ConfigError, type LocalSecret } from '@fleet/platform';

/** The installation's own random key, from which each generated secret is derived. */
const KEY_FILE = 'installation-key';

/** Secrets files written by earlier versions, which kept each generated secret by itself. */
interface EarlierSecrets {
  jwtKeys?: { kid: string; secret: string }[];
  otpSecret?: string;
  internalSecret?: string;
}

function readEarlierSecrets(file: string): Record<string, string> {
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

function readKey(file: string): string {
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32)
    throw new Error(`${file} is damaged: remove it to generate new secrets (sessions end).`);
  return key;
}

/**
 * The installation's key, made by whichever process asks first. Processes started together race for
 * it: each writes a candidate of its own and links it into place, which only one link can do, so all
 * of them read the one that won.
 */
function installationKey(dataDir: string): string {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) return readKey(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const candidate = join(dataDir, `.${KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  writeFileSync(candidate, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST'))
      throw error;
  } finally {
    unlinkSync(candidate);
  }
  return readKey(file);
}

/**
 * Secrets for running without configuring them, generated per installation: each is derived from a
 * random key made on first use in the data directory (mode 0600), so every process that shares the
 * directory — `npm start`, or the processes `npm run start:distributed` starts — has the same ones, and
 * no other installation has them. Secrets an earlier version kept in secrets.json are kept. Explicit
 * environment variables always win; production never asks (each setting requires its variable there).
 */
export function installationSecrets(dataDir: string): LocalSecret {
  let key: string | undefined;
  let earlier: Record<string, string> | undefined;
  return (variable) => {
    earlier ??= readEarlierSecrets(join(dataDir, 'secrets.json'));
    const kept = earlier[variable];
    if (kept) return kept;
    key ??= installationKey(dataDir);
    return createHmac('sha256', key).update(`fleet local secret ${variable}`).digest('base64url');
  };
}

/** 127.0.0.1 (all of 127/8), ::1, ::ffff:127.x and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === 'localhost' || address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * A distributed process's secrets when their variables are unset: the installation's, if it listens
 * on loopback only, since the data directory that carries them is shared by this machine's processes
 * alone; otherwise none — a process others reach over the network belongs to a deployment, whose
 * processes (on other machines, in other pods) must be given the same secrets explicitly.
 */
export function distributedSecrets(options: { dataDir: string; listenHost: string }): LocalSecret {
  if (isLoopback(options.listenHost)) return installationSecrets(options.dataDir);
  return (variable) => {
    throw new ConfigError([
      {
        variable,
        message: `required when listening on ${options.listenHost} (LISTEN_HOST): secrets generated in DATA_DIR serve only the processes of one machine; set ${variable}, or LISTEN_HOST=127.0.0.1`,
      },
    ]);
  };
}
