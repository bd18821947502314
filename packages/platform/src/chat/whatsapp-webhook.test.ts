import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatWebhookEvent } from './chat-provider';
import {
  answerWhatsAppVerification,
  createWhatsAppWebhookHandler,
  receiveWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WebhookRequest,
} from './whatsapp-webhook';

const APP_SECRET = 'a3f5c0d9e8b7a6f5e4d3c2b1a0f9e8d7';
const VERIFY_TOKEN = 'fleet-webhook-verify-7Qm2xZ';
const PHONE_NUMBER_ID = '106540352242922';
const WAMID_OUT = 'wamid.HBgMOTE5ODAwMDAwMTAxFQIAERgSQjBDRjlGMjM0NTY3ODkwQUJDAA==';
const WAMID_IN = 'wamid.HBgMOTE5ODAwMDAwMTAxFQIAEhggM0E5RjBCMjE1QzQ4RDdCRjFBRTQA';

/** Signs as Meta does: `sha256=` and the hex HMAC-SHA256 of the exact bytes with the app secret. */
const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A delivery as Meta posts it: one entry, one `messages` change holding these statuses and messages. */
const delivery = (value: { statuses?: unknown[]; messages?: unknown[]; contacts?: unknown[] }) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000900', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });

const statusOf = (status: string, extra: Record<string, unknown> = {}) => ({
  id: WAMID_OUT,
  status,
  timestamp: '1767225600',
  recipient_id: '919800000101',
  ...extra,
});

const at = new Date('2026-01-01T00:00:00Z');

describe('the WhatsApp webhook signature (X-Hub-Signature-256)', () => {
  const body = '{"object":"whatsapp_business_account","entry":[]}';

  it('accepts the signature openssl computes for the same body and secret', () => {
    // printf '%s' "$body" | openssl dgst -sha256 -hmac "$APP_SECRET"
    const fromOpenssl = 'sha256=ccaad19b2f8efb64e46f53a02ee08dc94834ae7f38fb03d4b264b575cf7473d6';
    expect(verifyWhatsAppSignature(body, fromOpenssl, APP_SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(Buffer.from(body), fromOpenssl, APP_SECRET)).toBe(true);
  });

  it('refuses a forged, missing, malformed or other-algorithm signature, and any signature without a secret', () => {
    expect(verifyWhatsAppSignature(body, sign(body, 'not-the-app-secret'), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, undefined, APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, '', APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body).slice(0, -2), APP_SECRET)).toBe(false);
    expect(
      verifyWhatsAppSignature(
        body,
        `sha1=${createHmac('sha1', APP_SECRET).update(body).digest('hex')}`,
        APP_SECRET,
      ),
    ).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body, ''), '')).toBe(false);
  });

  it('refuses a body altered after it was signed, by one character', () => {
    const signature = sign(body);
    expect(verifyWhatsAppSignature(body.replace('[]', '[ ]'), signature, APP_SECRET)).toBe(false);
  });
});

describe('reading a WhatsApp webhook delivery', () => {
  it('reads status updates, a failure with its code and what it means', () => {
    const body = delivery({
      statuses: [
        statusOf('sent'),
        statusOf('delivered'),
        statusOf('read'),
        statusOf('failed', {
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              message: 'Message undeliverable',
              error_data: { details: 'Message Undeliverable.' },
            },
          ],
        }),
        statusOf('failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] }),
      ],
    });
    const received = receiveWhatsAppWebhook(Buffer.from(body), sign(body), APP_SECRET);
    const common = {
      kind: 'status',
      businessNumberId: PHONE_NUMBER_ID,
      providerMessageId: WAMID_OUT,
      recipient: '+919800000101',
      at,
    };
    expect(received).toEqual({
      ok: true,
      events: [
        { ...common, status: 'sent' },
        { ...common, status: 'delivered' },
        { ...common, status: 'read' },
        {
          ...common,
          status: 'failed',
          error: {
            code: 131026,
            title: 'Message undeliverable',
            details: 'Message Undeliverable.',
            failure: 'not_on_whatsapp',
          },
        },
        {
          ...common,
          status: 'failed',
          error: { code: 131047, title: 'Re-engagement message', failure: 'reengagement_required' },
        },
      ],
    });
  });

  it('reads a driver’s text, a quick-reply button under a template, an interactive button and a photo, with sender and context', () => {
    const body = delivery({
      contacts: [{ profile: { name: 'Ravi Kumar' }, wa_id: '919800000101' }],
      messages: [
        {
          from: '919800000101',
          id: WAMID_IN,
          timestamp: '1767225600',
          type: 'text',
          text: { body: 'Reached the hotel' },
        },
        {
          from: '919800000101',
          id: `${WAMID_IN}B`,
          timestamp: '1767225600',
          type: 'button',
          context: { from: '919800000900', id: WAMID_OUT },
          button: { payload: 'ACCEPT_DUTY', text: 'Accept' },
        },
        {
          from: '919800000102',
          id: `${WAMID_IN}C`,
          timestamp: '1767225600',
          type: 'interactive',
          context: { from: '919800000900', id: WAMID_OUT },
          interactive: { type: 'button_reply', button_reply: { id: 'REJECT_DUTY', title: 'Reject' } },
        },
        {
          from: '919800000101',
          id: `${WAMID_IN}D`,
          timestamp: '1767225600',
          type: 'image',
          image: { id: '1234', mime_type: 'image/jpeg' },
        },
      ],
    });
    const received = receiveWhatsAppWebhook(Buffer.from(body), sign(body), APP_SECRET);
    const common = { kind: 'message' as const, businessNumberId: PHONE_NUMBER_ID, at };
    const ravi = { from: '+919800000101', senderName: 'Ravi Kumar' };
    const events: ChatWebhookEvent[] = [
      {
        ...common,
        ...ravi,
        providerMessageId: WAMID_IN,
        content: { type: 'text', text: 'Reached the hotel' },
      },
      {
        ...common,
        ...ravi,
        providerMessageId: `${WAMID_IN}B`,
        contextMessageId: WAMID_OUT,
        content: { type: 'button', payload: 'ACCEPT_DUTY', text: 'Accept' },
      },
      {
        ...common,
        from: '+919800000102',
        providerMessageId: `${WAMID_IN}C`,
        contextMessageId: WAMID_OUT,
        content: { type: 'button', payload: 'REJECT_DUTY', text: 'Reject' },
      },
      {
        ...common,
        ...ravi,
        providerMessageId: `${WAMID_IN}D`,
        content: { type: 'other', messageType: 'image' },
      },
    ];
    expect(received).toEqual({ ok: true, events });
  });

  it('refuses a forged, missing or altered signature before reading anything', () => {
    const body = delivery({ statuses: [statusOf('read')] });
    expect(receiveWhatsAppWebhook(Buffer.from(body), sign(body, 'forged-secret'), APP_SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'the X-Hub-Signature-256 signature does not match',
    });
    expect(receiveWhatsAppWebhook(Buffer.from(body), undefined, APP_SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'no X-Hub-Signature-256 signature',
    });
    const altered = body.replace('"read"', '"failed"');
    expect(receiveWhatsAppWebhook(Buffer.from(altered), sign(body), APP_SECRET)).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('refuses a signed body that is not a WhatsApp delivery, naming what is wrong', () => {
    const notJson = 'object=whatsapp_business_account';
    expect(receiveWhatsAppWebhook(Buffer.from(notJson), sign(notJson), APP_SECRET)).toEqual({
      ok: false,
      status: 400,
      reason: 'the body is not JSON',
    });
    const page = JSON.stringify({ object: 'page', entry: [] });
    expect(receiveWhatsAppWebhook(Buffer.from(page), sign(page), APP_SECRET)).toMatchObject({
      ok: false,
      status: 400,
    });
    const noMetadata = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { messaging_product: 'whatsapp' } }] }],
    });
    expect(receiveWhatsAppWebhook(Buffer.from(noMetadata), sign(noMetadata), APP_SECRET)).toMatchObject({
      ok: false,
      status: 400,
      reason: expect.stringContaining('entry.0.changes.0.value.metadata'),
    });
  });

  it('takes the good items of a delivery and leaves out, naming them, the ones it cannot read', () => {
    const mixed = delivery({
      statuses: [statusOf('read', { recipient_id: 'driver' }), statusOf('delivered')],
      messages: [
        { from: '919800000101', id: 'wamid.no-text', timestamp: '1767225600', type: 'text' },
        {
          from: '919800000101',
          id: WAMID_IN,
          timestamp: '1767225600',
          type: 'text',
          text: { body: 'On my way' },
        },
      ],
    });
    expect(receiveWhatsAppWebhook(Buffer.from(mixed), sign(mixed), APP_SECRET)).toEqual({
      ok: true,
      events: [
        {
          kind: 'status',
          businessNumberId: PHONE_NUMBER_ID,
          providerMessageId: WAMID_OUT,
          status: 'delivered',
          recipient: '+919800000101',
          at,
        },
        {
          kind: 'message',
          businessNumberId: PHONE_NUMBER_ID,
          providerMessageId: WAMID_IN,
          from: '+919800000101',
          at,
          content: { type: 'text', text: 'On my way' },
        },
      ],
      skipped: [
        'entry.0.changes.0.value.statuses.0.recipient_id: expected a WhatsApp number (digits with the country code)',
        'entry.0.changes.0.value.messages.0: message wamid.no-text of type text has no text',
      ],
    });
  });

  it('leaves out changes to other fields and statuses it does not track', () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'APPROVED', message_template_name: 'duty_allotted' },
            },
          ],
        },
      ],
    });
    expect(receiveWhatsAppWebhook(Buffer.from(body), sign(body), APP_SECRET)).toEqual({
      ok: true,
      events: [],
    });
    const deleted = delivery({ statuses: [statusOf('deleted')] });
    expect(receiveWhatsAppWebhook(Buffer.from(deleted), sign(deleted), APP_SECRET)).toEqual({
      ok: true,
      events: [],
    });
  });
});

describe('the subscription handshake', () => {
  const query = (params: Record<string, string>) => new URLSearchParams(params);

  it('answers the challenge when the verify token is ours', () => {
    expect(
      answerWhatsAppVerification(
        query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' }),
        VERIFY_TOKEN,
      ),
    ).toEqual({ status: 200, body: '1158201444' });
  });

  it('refuses another token, another mode or a challenge that is not a plain token', () => {
    const refused = { status: 403, body: 'verification refused' };
    expect(
      answerWhatsAppVerification(
        query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' }),
        VERIFY_TOKEN,
      ),
    ).toEqual(refused);
    expect(
      answerWhatsAppVerification(
        query({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' }),
        VERIFY_TOKEN,
      ),
    ).toEqual(refused);
    expect(
      answerWhatsAppVerification(
        query({
          'hub.mode': 'subscribe',
          'hub.verify_token': VERIFY_TOKEN,
          'hub.challenge': '<script>alert(1)</script>',
        }),
        VERIFY_TOKEN,
      ),
    ).toEqual(refused);
    expect(answerWhatsAppVerification(query({ 'hub.mode': 'subscribe', 'hub.challenge': '1' }), '')).toEqual(
      refused,
    );
  });
});

describe('the webhook handler, over HTTP as Meta calls it', () => {
  let server: Server;
  let url: string;
  let taken: ChatWebhookEvent[][];
  let failTaking: boolean;
  /** Stands in for express.json() mounted before the handler: it reads and parses the body first. */
  let parseBodyFirst: boolean;

  beforeEach(async () => {
    taken = [];
    failTaking = false;
    parseBodyFirst = false;
    const handler = createWhatsAppWebhookHandler({
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      async onEvents(events) {
        if (failTaking) throw new Error('database unavailable');
        taken.push(events);
      },
    });
    server = createServer((req: WebhookRequest, res) => {
      if (!parseBodyFirst) return handler(req, res);
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        req.body = JSON.parse(text);
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
  });
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  const post = (body: string, signature?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
      body,
    });

  it('answers Meta’s handshake with the challenge, and refuses a wrong verify token', async () => {
    const good = await fetch(
      `${url}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    );
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    const bad = await fetch(`${url}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=guess`);
    expect(bad.status).toBe(403);
    expect(await bad.text()).not.toContain('1158201444');
  });

  it('hands a signed delivery’s events over and answers 200', async () => {
    const body = delivery({ statuses: [statusOf('delivered')] });
    const response = await post(body, sign(body));
    expect(response.status).toBe(200);
    expect(taken).toEqual([
      [
        {
          kind: 'status',
          businessNumberId: PHONE_NUMBER_ID,
          providerMessageId: WAMID_OUT,
          status: 'delivered',
          recipient: '+919800000101',
          at,
        },
      ],
    ]);
  });

  it('refuses a forged or missing signature with 401 and hands nothing over', async () => {
    const body = delivery({ statuses: [statusOf('read')] });
    expect((await post(body, sign(body, 'forged-secret'))).status).toBe(401);
    expect((await post(body)).status).toBe(401);
    expect((await post(body.replace('"read"', '"failed"'), sign(body))).status).toBe(401);
    expect(taken).toEqual([]);
  });

  it('answers 500 when the events were not taken, so Meta delivers them again', async () => {
    failTaking = true;
    const body = delivery({ statuses: [statusOf('read')] });
    const response = await post(body, sign(body));
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('not taken');
  });

  it('refuses to trust a body a JSON parser already read, whose raw bytes it cannot check', async () => {
    parseBodyFirst = true;
    const body = delivery({ statuses: [statusOf('read')] });
    const response = await post(body, sign(body));
    expect(response.status).toBe(500);
    expect(taken).toEqual([]);
  });

  it('refuses other methods and a body larger than any delivery', async () => {
    expect((await fetch(url, { method: 'PUT', body: '{}' })).status).toBe(405);
    const huge = 'x'.repeat(1024 * 1024 + 1);
    expect((await post(huge, sign(huge))).status).toBe(413);
  });
});
