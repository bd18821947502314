import { randomBytes } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../logger';
import {
  ChatDeliveryError,
  type ChatProvider,
  type ChatSent,
  checkTemplateMessage,
  checkTextMessage,
} from './chat-provider';

/**
 * Development provider (CHAT_PROVIDER=log): no message leaves the machine. It checks each message as
 * WhatsApp would, appends it to the development chat outbox — a file only the developer reads — and
 * logs only that a message went out (to whom, which template): a duty's parameters carry the trip OTP.
 * Configuration refuses it when NODE_ENV=production.
 */
export function createLogChatProvider(options: { outboxFile: string; logger: Logger }): ChatProvider {
  const { outboxFile, logger } = options;

  async function write(to: string, what: string, content: string): Promise<ChatSent> {
    const providerMessageId = `log.${randomBytes(12).toString('hex')}`;
    const entry = `${new Date().toISOString()}  to ${to}  ${what}  ${providerMessageId}\n${content}\n\n`;
    try {
      await mkdir(dirname(outboxFile), { recursive: true, mode: 0o700 });
      await appendFile(outboxFile, entry, { mode: 0o600 });
    } catch (error) {
      const reason =
        typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
      throw new ChatDeliveryError(
        'log',
        'network',
        `could not write the development chat outbox ${outboxFile} (${reason})`,
      );
    }
    logger.info(
      { to, message: what, providerMessageId, outbox: outboxFile },
      'chat message written to the development outbox',
    );
    return { providerMessageId };
  }

  return {
    name: 'log',
    async sendTemplate(to, templateName, languageCode, bodyParameters) {
      checkTemplateMessage('log', to, templateName, languageCode, bodyParameters);
      const content = bodyParameters.map((parameter, i) => `{{${i + 1}}} ${parameter}`).join('\n');
      return write(to, `template ${templateName} (${languageCode})`, content || '(no parameters)');
    },
    async sendText(to, text) {
      checkTextMessage('log', to, text);
      return write(to, 'text', text);
    },
  };
}
