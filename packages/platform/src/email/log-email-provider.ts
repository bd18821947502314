import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../logger';
import {
  checkEmailMessage,
  EmailDeliveryError,
  type EmailMessage,
  type EmailProvider,
} from './email-provider';

const entryOf = (id: string, from: string, message: EmailMessage) => {
  const lines = [
    `${new Date().toISOString()}  ${id}`,
    `From: ${from}`,
    `To: ${message.to.join(', ')}`,
    ...(message.cc?.length ? [`Cc: ${message.cc.join(', ')}`] : []),
    `Subject: ${message.subject}`,
    ...(message.html === undefined ? [] : [`HTML body: ${message.html.length} characters`]),
    ...(message.attachments ?? []).map(
      (file) => `Attachment: ${file.fileName} (${file.contentType}, ${file.content.byteLength} bytes)`,
    ),
    '',
    message.text,
  ];
  return `${lines.join('\n')}\n\n`;
};

/**
 * Development provider (EMAIL_PROVIDER=log): no email leaves the machine. It appends each email — its
 * headers, its text, and the name, type and size of each attachment (never the bytes) — to the
 * development email outbox, a file only the developer reads, and logs only that an email went out
 * and to whom. Configuration refuses it when NODE_ENV=production.
 */
export function createLogEmailProvider(options: {
  outboxFile: string;
  from: string;
  logger: Logger;
}): EmailProvider {
  const { outboxFile, from, logger } = options;
  return {
    name: 'log',
    async send(message) {
      checkEmailMessage('log', message);
      const providerMessageId = `<${randomUUID()}@email-outbox.localhost>`;
      try {
        await mkdir(dirname(outboxFile), { recursive: true, mode: 0o700 });
        await appendFile(outboxFile, entryOf(providerMessageId, from, message), { mode: 0o600 });
      } catch (error) {
        const reason =
          typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
        throw new EmailDeliveryError(
          'log',
          false,
          `could not write the development email outbox ${outboxFile} (${reason})`,
        );
      }
      logger.info(
        { to: message.to, cc: message.cc, providerMessageId, outbox: outboxFile },
        'email written to the development outbox',
      );
      return { providerMessageId, rejectedRecipients: [] };
    },
  };
}
