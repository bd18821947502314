import { graphErrorAnswer, startWhatsAppCloudPeer, type WhatsAppCloudPeer } from '@fleet/testing';
import { ChatDeliveryError, type ChatSent } from './chat-provider';
import { createWhatsAppCloudChatProvider } from './whatsapp-cloud-chat-provider';

const TOKEN = 'EAAGm0PX4ZCpsBAKZCfake0token0for0tests0ZDZD';
const PHONE_NUMBER_ID = '106540352242922';
const VERSION = 'v23.0';
const DRIVER = '+919800000101';
const OTP = '4821';

const peerOn = (port?: number) =>
  startWhatsAppCloudPeer({
    accessToken: TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    apiVersion: VERSION,
    templates: {
      duty_allotted: { languages: ['en', 'hi'], bodyParameters: 3 },
      ping: { languages: ['en'], bodyParameters: 0 },
    },
    port,
  });

const providerFor = (peer: WhatsAppCloudPeer, overrides: { accessToken?: string; timeoutMs?: number } = {}) =>
  createWhatsAppCloudChatProvider({
    accessToken: overrides.accessToken ?? TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    baseUrl: peer.baseUrl,
    apiVersion: VERSION,
    timeoutMs: overrides.timeoutMs ?? 3_000,
  });

async function failureOf(sending: Promise<ChatSent>): Promise<ChatDeliveryError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof ChatDeliveryError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}

const dutyParameters = ['DL01AB1234', '07:30 at Terminal 3', OTP];

describe('the WhatsApp Cloud API adapter, against a local peer speaking the Cloud API over HTTP', () => {
  let peer: WhatsAppCloudPeer;
  beforeEach(async () => {
    peer = await peerOn();
  });
  afterEach(() => peer.close());

  it('posts a template with its language and body parameters, authenticated by the Bearer token, and returns the wamid', async () => {
    const sent = await providerFor(peer).sendTemplate(DRIVER, 'duty_allotted', 'hi', dutyParameters);
    expect(peer.received).toHaveLength(1);
    const [request] = peer.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/${VERSION}/${PHONE_NUMBER_ID}/messages`);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919800000101',
      type: 'template',
      template: {
        name: 'duty_allotted',
        language: { code: 'hi' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'DL01AB1234' },
              { type: 'text', text: '07:30 at Terminal 3' },
              { type: 'text', text: OTP },
            ],
          },
        ],
      },
    });
    expect(sent).toEqual({ providerMessageId: peer.sentIds[0] });
    expect(sent.providerMessageId).toMatch(/^wamid\./);
  });

  it('sends a template without parameters with no components at all', async () => {
    await providerFor(peer).sendTemplate(DRIVER, 'ping', 'en', []);
    expect(JSON.parse(peer.received[0]?.body ?? '').template).toEqual({
      name: 'ping',
      language: { code: 'en' },
    });
  });

  it('posts a session text and returns its wamid', async () => {
    const sent = await providerFor(peer).sendText(DRIVER, 'Please call dispatch when you reach the hotel.');
    expect(JSON.parse(peer.received[0]?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919800000101',
      type: 'text',
      text: { preview_url: false, body: 'Please call dispatch when you reach the hotel.' },
    });
    expect(sent.providerMessageId).toBe(peer.sentIds[0]);
  });

  it('reports a refused token as a permanent auth failure, never repeating the token', async () => {
    const error = await failureOf(
      providerFor(peer, { accessToken: 'EAAG-wrong-token-000000' }).sendText(DRIVER, 'hello'),
    );
    expect(error.kind).toBe('auth');
    expect(error.code).toBe(190);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'WhatsApp refused the message (HTTP 401, code 190): Invalid OAuth access token - Cannot parse access token',
    );
  });

  it('does not repeat the token or a parameter even when Meta’s answer echoes them', async () => {
    peer.answerNext(
      graphErrorAnswer(400, 100, `Invalid parameter for token ${TOKEN}`, `param ${OTP} rejected\n`),
    );
    const error = await failureOf(
      providerFor(peer).sendTemplate(DRIVER, 'duty_allotted', 'en', dutyParameters),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'WhatsApp refused the message (HTTP 400, code 100): (#100) Invalid parameter for token [redacted]: param [redacted] rejected',
    );
    expect(error.stack).not.toContain(TOKEN);
  });

  it('reports an unknown template and a parameter count the template does not take as rejected', async () => {
    const unknown = await failureOf(
      providerFor(peer).sendTemplate(DRIVER, 'duty_allotted', 'ta', dutyParameters),
    );
    expect(unknown).toMatchObject({ kind: 'rejected', code: 132001, retryable: false });
    expect(unknown.message).toContain('template name (duty_allotted) does not exist in ta');
    const short = await failureOf(
      providerFor(peer).sendTemplate(DRIVER, 'duty_allotted', 'en', ['DL01AB1234']),
    );
    expect(short).toMatchObject({ kind: 'rejected', code: 132000 });
  });

  it.each([
    [131026, 'Message Undeliverable', 'not_on_whatsapp', false],
    [131047, 'Re-engagement message', 'reengagement_required', false],
    [130429, 'Rate limit hit', 'rate_limited', true],
    [80007, 'Rate limit issues', 'rate_limited', true],
    [131000, 'Something went wrong', 'network', true],
  ] as const)('classifies Cloud API error %i (%s) as %s', async (code, title, kind, retryable) => {
    peer.answerNext(graphErrorAnswer(code === 130429 ? 429 : 400, code, title, `${title} details`));
    const error = await failureOf(providerFor(peer).sendText(DRIVER, 'Are you on the way?'));
    expect(error).toMatchObject({ provider: 'whatsapp', kind, code, retryable });
    expect(error.message).toBe(
      `WhatsApp refused the message (HTTP ${code === 130429 ? 429 : 400}, code ${code}): (#${code}) ${title}: ${title} details`,
    );
  });

  it('treats a 5xx page without Meta’s JSON as a retryable network failure', async () => {
    peer.answerNext({
      status: 502,
      body: '<html>bad gateway</html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await failureOf(providerFor(peer).sendText(DRIVER, 'hello'));
    expect(error).toMatchObject({ kind: 'network', retryable: true, code: undefined });
    expect(error.message).toBe('WhatsApp answered HTTP 502 without its JSON error');
  });

  it('gives up when WhatsApp does not answer in time, as a retryable network failure', async () => {
    peer.answerNext('no answer');
    const started = Date.now();
    const error = await failureOf(providerFor(peer, { timeoutMs: 300 }).sendText(DRIVER, 'hello'));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toBe('WhatsApp did not answer within 300 ms; it may have taken the message');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports WhatsApp out of reach as a retryable network failure', async () => {
    const baseUrl = peer.baseUrl;
    await peer.close();
    const error = await failureOf(
      createWhatsAppCloudChatProvider({
        accessToken: TOKEN,
        phoneNumberId: PHONE_NUMBER_ID,
        baseUrl,
        apiVersion: VERSION,
      }).sendText(DRIVER, 'hello'),
    );
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toBe(`could not reach WhatsApp at ${baseUrl} (ECONNREFUSED)`);
    peer = await peerOn();
  });

  it('refuses a malformed message before calling WhatsApp, without repeating a parameter', async () => {
    const provider = providerFor(peer);
    const cases: [Promise<ChatSent>, string][] = [
      [
        provider.sendText('9800000101', 'hello'),
        '"9800000101" is not a phone number in international form (+<country code><number>)',
      ],
      [provider.sendText(DRIVER, '   '), 'the text is only spaces'],
      [provider.sendText(DRIVER, 'x'.repeat(4097)), 'the text is longer than 4096 characters'],
      [
        provider.sendTemplate(DRIVER, 'Duty Allotted', 'en', []),
        'the template name is not a template name (lowercase letters, digits and underscores)',
      ],
      [
        provider.sendTemplate(DRIVER, 'duty_allotted', 'english', []),
        'the language code is not a template language code such as en, hi or en_US',
      ],
      [
        provider.sendTemplate(DRIVER, 'duty_allotted', 'en', ['DL01AB1234', `OTP\n${OTP}`, 'x']),
        'body parameter {{2}} holds a new line, a tab or a NUL',
      ],
      [provider.sendTemplate(DRIVER, 'duty_allotted', 'en', ['a', '', 'c']), 'body parameter {{2}} is empty'],
    ];
    for (const [sending, message] of cases) {
      const error = await failureOf(sending);
      expect(error).toMatchObject({ kind: 'rejected', retryable: false, message });
      expect(error.message).not.toContain(OTP);
    }
    expect(peer.received).toHaveLength(0);
  });
});
