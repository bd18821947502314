import { type Msg91Peer, startMsg91Peer } from '@fleet/testing';
import { createMsg91SmsProvider } from './msg91-sms-provider';
import { SmsDeliveryError, type SmsMessage } from './sms-provider';

const AUTH_KEY = '416091ALVB8qpT65cb570bP1';
const TEMPLATE_ID = '65e06f45d6fc05278c7d47e2';
const SENDER = 'FLEETS';

/** MSG91 as the account above sees it: one approved OTP template and one sender. */
const msg91Peer = (port?: number) =>
  startMsg91Peer({ authKey: AUTH_KEY, templates: { [TEMPLATE_ID]: ['otp'] }, senders: [SENDER], port });

type Peer = Msg91Peer;

const code = '482913';
const otpMessage: SmsMessage = {
  to: '+919800000001',
  purpose: 'SIGN_IN_OTP',
  template: 'otp',
  variables: { otp: code },
  text: `${code} is your sign-in code.`,
};

const providerFor = (peer: Peer, overrides: { authKey?: string; timeoutMs?: number } = {}) =>
  createMsg91SmsProvider({
    authKey: overrides.authKey ?? AUTH_KEY,
    baseUrl: peer.baseUrl,
    senderId: SENDER,
    templateIds: { otp: TEMPLATE_ID },
    timeoutMs: overrides.timeoutMs ?? 3_000,
    retryDelayMs: 20,
  });

async function failureOf(sending: Promise<unknown>): Promise<SmsDeliveryError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof SmsDeliveryError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}

describe('the MSG91 adapter, against a local peer speaking MSG91’s flow API over HTTP', () => {
  let peer: Peer;
  beforeEach(async () => {
    peer = await msg91Peer();
  });
  afterEach(() => peer.close());

  it('posts the template id, the sender and the recipient with the code, authenticated by the authkey header', async () => {
    await providerFor(peer).send(otpMessage);
    expect(peer.received).toHaveLength(1);
    const [request] = peer.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v5/flow');
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      template_id: TEMPLATE_ID,
      sender: SENDER,
      short_url: '0',
      recipients: [{ mobiles: '919800000001', otp: code }],
    });
  });

  it('answers with MSG91’s request id for the text it took', async () => {
    const receipt = await providerFor(peer).send(otpMessage);
    expect(receipt.providerMessageId).toMatch(/^[0-9a-f]{24}$/);
    const second = await providerFor(peer).send(otpMessage);
    expect(second.providerMessageId).not.toBe(receipt.providerMessageId);
  });

  it('refuses a booking text whose DLT template has no MSG91 id, without asking MSG91', async () => {
    const error = await failureOf(
      providerFor(peer)
        .send({
          to: '+919800000001',
          purpose: 'CONFIRMATION_SMS',
          template: 'CONFIRMATION_SMS',
          variables: {
            bookingNo: '12',
            reportingTime: '01/04/2026 09:30',
            pickup: 'Terminal 2',
            vehicleNo: '',
            driverName: '',
            driverPhone: '',
            tripOtp: '',
          },
          text: 'Booking #12 is confirmed.',
        })
        .then(() => undefined),
    );
    expect(error.message).toBe('no MSG91 template id is configured for CONFIRMATION_SMS texts');
    expect(error.retryable).toBe(false);
    expect(peer.received).toHaveLength(0);
  });

  it('fails with MSG91’s reason when it refuses the key, without the key or the code, and does not retry', async () => {
    const error = await failureOf(
      providerFor(peer, { authKey: 'WrongKey0123456789abcdef' }).send(otpMessage),
    );
    expect(error.message).toBe('MSG91 refused the text (HTTP 401): Authentication failure');
    expect(error.provider).toBe('msg91');
    expect(error.retryable).toBe(false);
    expect(peer.received).toHaveLength(1);
  });

  it('fails when MSG91 answers 200 with "type":"error"', async () => {
    const provider = createMsg91SmsProvider({
      authKey: AUTH_KEY,
      baseUrl: peer.baseUrl,
      senderId: SENDER,
      templateIds: { otp: 'UnknownTemplate01' },
    });
    const error = await failureOf(provider.send(otpMessage));
    expect(error.message).toBe('MSG91 refused the text (HTTP 200): Invalid template id');
    expect(error.retryable).toBe(false);
    expect(peer.received).toHaveLength(1);
  });

  it('never repeats the code or the key in its error, even when MSG91’s answer echoes the request', async () => {
    peer.answerNext({
      status: 400,
      body: JSON.stringify({ type: 'error', message: `Bad request: authkey ${AUTH_KEY} otp ${code}\n` }),
    });
    const error = await failureOf(providerFor(peer).send(otpMessage));
    expect(error.message).toBe(
      'MSG91 refused the text (HTTP 400): Bad request: authkey [redacted] otp [redacted]',
    );
    expect(error.message).not.toContain(code);
    expect(error.stack).not.toContain(code);
  });

  it('does not repeat an answer that is not MSG91’s JSON (a proxy’s error page)', async () => {
    peer.answerNext({
      status: 502,
      body: `<html>bad gateway ${code}</html>`,
      headers: { 'content-type': 'text/html' },
    });
    const error = await failureOf(providerFor(peer).send(otpMessage));
    expect(error.message).toBe('MSG91 answered HTTP 502 without its JSON answer');
    // Not repeated here, but MSG91 failing on its side may take the text later: the log tries again.
    expect(error.retryable).toBe(true);
  });

  it('retries after 429, which MSG91 answers before taking a text, and then sends', async () => {
    peer.answerNext({
      status: 429,
      body: JSON.stringify({ type: 'error', message: 'Too many requests' }),
      headers: { 'retry-after': '0' },
    });
    await providerFor(peer).send(otpMessage);
    expect(peer.received).toHaveLength(2);
    expect(peer.received[1]?.body).toBe(peer.received[0]?.body);
  });

  it('does not retry a 5xx, after which the text may have gone out', async () => {
    peer.answerNext({ status: 500, body: JSON.stringify({ type: 'error', message: 'Internal error' }) });
    const error = await failureOf(providerFor(peer).send(otpMessage));
    expect(error.message).toBe('MSG91 refused the text (HTTP 500): Internal error');
    expect(peer.received).toHaveLength(1);
  });

  it('gives up when MSG91 does not answer in time, and does not retry', async () => {
    peer.answerNext('no answer');
    const started = Date.now();
    const error = await failureOf(providerFor(peer, { timeoutMs: 300 }).send(otpMessage));
    expect(error.message).toBe(
      'MSG91 did not answer within 300 ms; not retried, since it may have taken the text',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(peer.received).toHaveLength(1);
  });

  it('retries when MSG91 cannot be reached, and sends once it can', async () => {
    const { port, baseUrl } = peer;
    await peer.close();
    const provider = createMsg91SmsProvider({
      authKey: AUTH_KEY,
      baseUrl,
      senderId: SENDER,
      templateIds: { otp: TEMPLATE_ID },
      retryDelayMs: 150,
    });
    const sending = provider.send(otpMessage);
    await new Promise((resolve) => setTimeout(resolve, 50));
    peer = await msg91Peer(port);
    await sending;
    expect(peer.received).toHaveLength(1);
  });

  it('retries when MSG91 cannot be reached at all, then says so', async () => {
    const baseUrl = peer.baseUrl;
    await peer.close();
    const provider = createMsg91SmsProvider({
      authKey: AUTH_KEY,
      baseUrl,
      senderId: SENDER,
      templateIds: { otp: TEMPLATE_ID },
      retryDelayMs: 10,
    });
    const error = await failureOf(provider.send(otpMessage));
    expect(error.message).toBe(`could not reach MSG91 at ${baseUrl} (ECONNREFUSED) in 3 attempts`);
    expect(error.retryable).toBe(true);
    peer = await msg91Peer();
  });

  it('refuses a number that is not in international form before calling MSG91', async () => {
    const error = await failureOf(providerFor(peer).send({ ...otpMessage, to: '9800000001' }));
    expect(error.message).toBe(
      '9800000001 is not a phone number in international form (+<country code><number>)',
    );
    expect(peer.received).toHaveLength(0);
  });
});
