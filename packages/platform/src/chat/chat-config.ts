import { join, resolve } from 'node:path';
import { z } from 'zod';
import { env } from '../config';
import type { Logger } from '../logger';
import type { ChatProvider } from './chat-provider';
import { createLogChatProvider } from './log-chat-provider';
import {
  createWhatsAppCloudChatProvider,
  WHATSAPP_API_VERSION,
  WHATSAPP_GRAPH_HOST,
  type WhatsAppCloudOptions,
} from './whatsapp-cloud-chat-provider';

/** The variables that say where driver chat goes; a service that chats puts them in its own schema. */
export const chatConfigShape = {
  NODE_ENV: env.nodeEnv(),
  DATA_DIR: env.dataDir(),
  CHAT_PROVIDER: z
    .enum(['log', 'whatsapp'], { message: 'expected whatsapp, or log (development only)' })
    .optional(),
  /** Where the log provider appends each message; `<DATA_DIR>/chat-outbox.txt` when unset. */
  CHAT_OUTBOX_FILE: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, `expected a Graph API version such as ${WHATSAPP_API_VERSION}`)
    .default(WHATSAPP_API_VERSION),
  WHATSAPP_BASE_URL: z
    .url({ protocol: /^https?$/, message: `expected a URL such as ${WHATSAPP_GRAPH_HOST}` })
    .default(WHATSAPP_GRAPH_HOST),
};

type ChatConfig = z.infer<z.ZodObject<typeof chatConfigShape>>;

const WHATSAPP_NEEDS =
  'whatsapp (with WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN)';

const providerOf = (config: ChatConfig) =>
  config.CHAT_PROVIDER ?? (config.NODE_ENV === 'production' ? undefined : 'log');

/**
 * Production chats for real: it needs CHAT_PROVIDER=whatsapp and refuses `log`, which delivers nothing.
 * WhatsApp needs the access token and the business number's id to send, and the app secret and a verify
 * token for the webhook that brings statuses and replies back, in the shapes Meta issues them.
 */
export function checkChatConfig(config: ChatConfig, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof ChatConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = config.NODE_ENV === 'production';
  const provider = providerOf(config);
  if (!provider) problem('CHAT_PROVIDER', `required in production: ${WHATSAPP_NEEDS}`);
  if (provider === 'log' && production) {
    problem(
      'CHAT_PROVIDER',
      `"log" is refused when NODE_ENV=production: it sends no message to any driver; set ${WHATSAPP_NEEDS}`,
    );
  }
  if (provider !== 'whatsapp') return;
  const settings: [keyof ChatConfig, RegExp, string, string][] = [
    [
      'WHATSAPP_ACCESS_TOKEN',
      /^[A-Za-z0-9_-]{20,2048}$/,
      'the access token of a system user with the whatsapp_business_messaging permission',
      'expected an access token: 20 or more letters and digits',
    ],
    [
      'WHATSAPP_PHONE_NUMBER_ID',
      /^\d{5,32}$/,
      'the id of the WhatsApp business phone number messages go from, shown under API Setup',
      'expected the phone number id: digits (the id, not the phone number)',
    ],
    [
      'WHATSAPP_APP_SECRET',
      /^[0-9a-f]{32}$/,
      'the Meta app’s secret, which signs the webhook’s deliveries',
      'expected the app secret from the app’s basic settings: 32 hexadecimal characters',
    ],
    [
      'WHATSAPP_VERIFY_TOKEN',
      /^[A-Za-z0-9._~-]{16,128}$/,
      'a token of your choosing, entered beside the webhook’s callback URL',
      'expected 16 to 128 letters, digits or . _ ~ -',
    ],
  ];
  for (const [variable, shape, what, malformed] of settings) {
    const value = config[variable];
    if (!value) problem(variable, `required when CHAT_PROVIDER=whatsapp (${what})`);
    else if (typeof value !== 'string' || !shape.test(value)) problem(variable, malformed);
  }
  const baseUrl = URL.canParse(config.WHATSAPP_BASE_URL) ? new URL(config.WHATSAPP_BASE_URL) : undefined;
  if (production && baseUrl && baseUrl.protocol !== 'https:') {
    problem('WHATSAPP_BASE_URL', 'must be https when NODE_ENV=production: it carries WHATSAPP_ACCESS_TOKEN');
  }
}

/** Chat is checked as the product's configuration: one message naming every bad variable. */
export const chatConfigSchema = z.object(chatConfigShape).superRefine(checkChatConfig);

export type ChatSettings =
  | { provider: 'log'; outboxFile: string }
  | {
      provider: 'whatsapp';
      whatsapp: Pick<WhatsAppCloudOptions, 'accessToken' | 'phoneNumberId' | 'baseUrl' | 'apiVersion'>;
      /** What the webhook handler checks deliveries and the subscription handshake with. */
      webhook: { appSecret: string; verifyToken: string };
    };

/** Where driver chat goes, from a configuration `checkChatConfig` accepted. */
export function chatSettingsOf(config: ChatConfig): ChatSettings {
  const provider = providerOf(config);
  if (provider === 'log') {
    return {
      provider,
      outboxFile: resolve(config.CHAT_OUTBOX_FILE ?? join(config.DATA_DIR, 'chat-outbox.txt')),
    };
  }
  const {
    WHATSAPP_ACCESS_TOKEN: accessToken,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  } = config;
  if (provider === 'whatsapp' && accessToken && phoneNumberId && appSecret && verifyToken) {
    return {
      provider,
      whatsapp: {
        accessToken,
        phoneNumberId,
        baseUrl: config.WHATSAPP_BASE_URL,
        apiVersion: config.WHATSAPP_API_VERSION,
      },
      webhook: { appSecret, verifyToken },
    };
  }
  throw new Error('chatSettingsOf needs a configuration that checkChatConfig accepted');
}

export function createChatProvider(settings: ChatSettings, logger: Logger): ChatProvider {
  return settings.provider === 'log'
    ? createLogChatProvider({ outboxFile: settings.outboxFile, logger })
    : createWhatsAppCloudChatProvider(settings.whatsapp);
}
