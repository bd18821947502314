import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../logger';
import { SmsDeliveryError, type SmsProvider } from './sms-provider';

/**
 * Development provider (SMS_PROVIDER=log): no text leaves the machine. It logs that a text went out
 * (to whom, what for) and appends the text itself to the development SMS outbox, a file only the
 * developer reads — a log line never carries the text, since a sign-in code in a log lets anyone who
 * reads the logs sign in. Configuration refuses it when NODE_ENV=production.
 */
export function createLogSmsProvider(options: { outboxFile: string; logger: Logger }): SmsProvider {
  const { outboxFile, logger } = options;
  return {
    name: 'log',
    async send(message) {
      const entry = `${new Date().toISOString()}  to ${message.to}  ${message.purpose}\n${message.text}\n\n`;
      try {
        await mkdir(dirname(outboxFile), { recursive: true, mode: 0o700 });
        await appendFile(outboxFile, entry, { mode: 0o600 });
      } catch (error) {
        const reason =
          typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
        throw new SmsDeliveryError(
          'log',
          `could not write the development SMS outbox ${outboxFile} (${reason})`,
        );
      }
      logger.info(
        { to: message.to, purpose: message.purpose, outbox: outboxFile },
        'SMS written to the development outbox',
      );
      return { providerMessageId: `log-${randomUUID()}` };
    },
  };
}
