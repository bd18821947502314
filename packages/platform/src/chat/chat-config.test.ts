import { resolve } from 'node:path';
import { quietLogger, startWhatsAppCloudPeer } from '@fleet/testing';
import { ConfigError, loadConfig } from '../config';
import { chatConfigSchema, chatSettingsOf, createChatProvider } from './chat-config';

const settings = (env: Record<string, string>) => chatSettingsOf(loadConfig(chatConfigSchema, env));
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(chatConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

const whatsapp = {
  CHAT_PROVIDER: 'whatsapp',
  WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAKZCfake0token0for0tests0ZDZD',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'a3f5c0d9e8b7a6f5e4d3c2b1a0f9e8d7',
  WHATSAPP_VERIFY_TOKEN: 'fleet-webhook-verify-7Qm2xZ',
};

describe('where driver chat goes (CHAT_PROVIDER and its settings)', () => {
  it('writes messages to the chat outbox in the data directory outside production', () => {
    expect(settings({})).toEqual({ provider: 'log', outboxFile: resolve('.data/chat-outbox.txt') });
    expect(settings({ DATA_DIR: '/srv/fleet' })).toEqual({
      provider: 'log',
      outboxFile: '/srv/fleet/chat-outbox.txt',
    });
    expect(settings({ CHAT_OUTBOX_FILE: '/tmp/chat.txt' })).toEqual({
      provider: 'log',
      outboxFile: '/tmp/chat.txt',
    });
  });

  it('sends through the Cloud API at Meta’s host and current version unless told otherwise', () => {
    expect(settings(whatsapp)).toEqual({
      provider: 'whatsapp',
      whatsapp: {
        accessToken: whatsapp.WHATSAPP_ACCESS_TOKEN,
        phoneNumberId: whatsapp.WHATSAPP_PHONE_NUMBER_ID,
        baseUrl: 'https://graph.facebook.com',
        apiVersion: 'v23.0',
      },
      webhook: { appSecret: whatsapp.WHATSAPP_APP_SECRET, verifyToken: whatsapp.WHATSAPP_VERIFY_TOKEN },
    });
    expect(settings({ ...whatsapp, WHATSAPP_API_VERSION: 'v24.0' })).toMatchObject({
      whatsapp: { apiVersion: 'v24.0' },
    });
  });

  it('refuses production without a provider, naming CHAT_PROVIDER', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      {
        variable: 'CHAT_PROVIDER',
        message:
          'required in production: whatsapp (with WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN)',
      },
    ]);
  });

  it('refuses the log provider in production, which would reach no driver', () => {
    expect(problemsOf({ NODE_ENV: 'production', CHAT_PROVIDER: 'log' })).toEqual([
      {
        variable: 'CHAT_PROVIDER',
        message: expect.stringMatching(/^"log" is refused when NODE_ENV=production: it sends no message/),
      },
    ]);
  });

  it('names every WhatsApp setting that is missing', () => {
    expect(problemsOf({ NODE_ENV: 'production', CHAT_PROVIDER: 'whatsapp' }).map((p) => p.variable)).toEqual([
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ]);
  });

  it('names malformed WhatsApp settings and an unknown provider', () => {
    expect(
      problemsOf({
        ...whatsapp,
        WHATSAPP_ACCESS_TOKEN: 'short token',
        WHATSAPP_PHONE_NUMBER_ID: '+91 98000 00900',
        WHATSAPP_APP_SECRET: 'not-hex',
        WHATSAPP_VERIFY_TOKEN: 'abc',
        WHATSAPP_API_VERSION: '23',
        WHATSAPP_BASE_URL: 'graph',
      }),
    ).toEqual([
      { variable: 'WHATSAPP_API_VERSION', message: 'expected a Graph API version such as v23.0' },
      { variable: 'WHATSAPP_BASE_URL', message: 'expected a URL such as https://graph.facebook.com' },
      {
        variable: 'WHATSAPP_ACCESS_TOKEN',
        message: 'expected an access token: 20 or more letters and digits',
      },
      {
        variable: 'WHATSAPP_PHONE_NUMBER_ID',
        message: 'expected the phone number id: digits (the id, not the phone number)',
      },
      {
        variable: 'WHATSAPP_APP_SECRET',
        message: 'expected the app secret from the app’s basic settings: 32 hexadecimal characters',
      },
      { variable: 'WHATSAPP_VERIFY_TOKEN', message: 'expected 16 to 128 letters, digits or . _ ~ -' },
    ]);
    expect(problemsOf({ CHAT_PROVIDER: 'telegram' })).toEqual([
      { variable: 'CHAT_PROVIDER', message: 'expected whatsapp, or log (development only)' },
    ]);
  });

  it('refuses a cleartext WHATSAPP_BASE_URL in production, where it would carry the token', () => {
    expect(
      problemsOf({ ...whatsapp, NODE_ENV: 'production', WHATSAPP_BASE_URL: 'http://graph-proxy.internal' }),
    ).toEqual([
      {
        variable: 'WHATSAPP_BASE_URL',
        message: 'must be https when NODE_ENV=production: it carries WHATSAPP_ACCESS_TOKEN',
      },
    ]);
  });

  it('builds a provider that sends through the configured Cloud API', async () => {
    const peer = await startWhatsAppCloudPeer({
      accessToken: whatsapp.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: whatsapp.WHATSAPP_PHONE_NUMBER_ID,
      apiVersion: 'v23.0',
      templates: {},
    });
    try {
      const provider = createChatProvider(
        settings({ ...whatsapp, WHATSAPP_BASE_URL: peer.baseUrl }),
        quietLogger(),
      );
      expect(provider.name).toBe('whatsapp');
      const sent = await provider.sendText('+919800000101', 'hello');
      expect(sent.providerMessageId).toBe(peer.sentIds[0]);
      expect(peer.received[0]?.path).toBe('/v23.0/106540352242922/messages');
    } finally {
      await peer.close();
    }
  });
});
