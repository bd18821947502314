import { randomBytes } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../logger';
import { checkPushMessage, PushDeliveryError, type PushProvider } from './push-provider';

/**
 * Development provider (PUSH_PROVIDER=log): no push leaves the machine. It checks each push as FCM
 * would and appends it as one JSON line to the development push outbox — a file only the developer
 * reads — and logs only that a push went out, to which device (by the token's last characters).
 * Configuration refuses it when NODE_ENV=production.
 */
export function createLogPushProvider(options: { outboxFile: string; logger: Logger }): PushProvider {
  const { outboxFile, logger } = options;
  return {
    name: 'log',
    async send(message) {
      checkPushMessage('log', message);
      const providerMessageId = `log.${randomBytes(12).toString('hex')}`;
      const line = JSON.stringify({
        at: new Date().toISOString(),
        providerMessageId,
        token: message.token,
        title: message.title,
        body: message.body,
        data: message.data,
        ...(message.collapseKey !== undefined ? { collapseKey: message.collapseKey } : {}),
        ...(message.ttlSeconds !== undefined ? { ttlSeconds: message.ttlSeconds } : {}),
      });
      try {
        await mkdir(dirname(outboxFile), { recursive: true, mode: 0o700 });
        await appendFile(outboxFile, `${line}\n`, { mode: 0o600 });
      } catch (error) {
        const reason =
          typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
        throw new PushDeliveryError(
          'log',
          'RETRY',
          `could not write the development push outbox ${outboxFile} (${reason})`,
        );
      }
      logger.info(
        { device: `…${message.token.slice(-8)}`, providerMessageId, outbox: outboxFile },
        'push written to the development outbox',
      );
      return { providerMessageId };
    },
  };
}
