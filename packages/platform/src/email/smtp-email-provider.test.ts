import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { EmailDeliveryError, type EmailMessage } from './email-provider';
import { createSmtpEmailProvider, type SmtpOptions } from './smtp-email-provider';

const USER = 'billing@acme-cabs.in';
const PASSWORD = 'Tr1p-0tp-s3cret!';
const FROM = 'Acme Cabs <billing@acme-cabs.in>';
const fixtures = join(__dirname, 'fixtures');
/** A certificate for 127.0.0.1 and the key it was issued with, made for these tests only. */
const loopbackCert = readFileSync(join(fixtures, 'loopback-smtp.crt'), 'utf8');
const loopbackKey = readFileSync(join(fixtures, 'loopback-smtp.key'), 'utf8');

/** A duty slip as the mail carries it: a PDF header, then every byte value, so nothing may be re-encoded. */
const dutySlip = new Uint8Array([
  ...new TextEncoder().encode('%PDF-1.7\n'),
  ...Array.from({ length: 256 }, (_, i) => i),
  ...new TextEncoder().encode('\n%%EOF\n'),
]);

const invoiceMail: EmailMessage = {
  to: ['accounts@globex.example.com'],
  cc: ['travel.desk@globex.example.com'],
  subject: 'Duty slip for booking B-10231 — 12/03/2026',
  text: 'Dear customer,\nthe duty slip of booking B-10231 is attached.\n₹ 4,250.00 is due.',
  html: '<p>Dear customer,</p><p>the duty slip of booking <b>B-10231</b> is attached.</p>',
  attachments: [{ fileName: 'duty-slip-B-10231.pdf', contentType: 'application/pdf', content: dutySlip }],
};

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  user: string | undefined;
  secure: boolean;
  raw: Buffer;
}

interface SmtpPeer {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** A real SMTP server (nodemailer's smtp-server) on loopback, which keeps every email it takes. */
async function startSmtpPeer(options: Partial<SMTPServerOptions> = {}): Promise<SmtpPeer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    // A connection the test left waiting is cut at close rather than held for 30 s.
    closeTimeout: 100,
    key: loopbackKey,
    cert: loopbackCert,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          envelopeFrom: mailFrom ? mailFrom.address : '',
          envelopeTo: rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          secure: session.secure,
          raw: Buffer.concat(chunks),
        });
        callback(null, 'queued as 7F3A2');
      });
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the SMTP server is not listening');
  return {
    port: address.port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const providerFor = (peer: { port: number }, overrides: Partial<SmtpOptions> = {}) =>
  createSmtpEmailProvider({
    host: '127.0.0.1',
    port: peer.port,
    security: 'starttls',
    auth: { user: USER, password: PASSWORD },
    from: FROM,
    timeoutMs: 3_000,
    ca: loopbackCert,
    ...overrides,
  });

async function failureOf(sending: Promise<unknown>): Promise<EmailDeliveryError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof EmailDeliveryError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}

const bytesOf = (content: ArrayBuffer | Uint8Array | string) =>
  typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);

describe('the SMTP adapter, against a real SMTP server on loopback', () => {
  let peer: SmtpPeer;
  afterEach(() => peer?.close());

  it('delivers over STARTTLS, logged in, what the recipient reads: From, To, Cc, subject, both bodies and the PDF byte for byte', async () => {
    peer = await startSmtpPeer();
    const sent = await providerFor(peer).send(invoiceMail);

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail?.secure).toBe(true);
    expect(mail?.user).toBe(USER);
    expect(mail?.envelopeFrom).toBe('billing@acme-cabs.in');
    expect(mail?.envelopeTo).toEqual(['accounts@globex.example.com', 'travel.desk@globex.example.com']);

    const read = await PostalMime.parse(mail?.raw ?? Buffer.alloc(0));
    expect(read.from).toEqual({ name: 'Acme Cabs', address: 'billing@acme-cabs.in' });
    expect(read.to).toEqual([{ name: '', address: 'accounts@globex.example.com' }]);
    expect(read.cc).toEqual([{ name: '', address: 'travel.desk@globex.example.com' }]);
    expect(read.subject).toBe(invoiceMail.subject);
    expect(read.text?.trim()).toBe(invoiceMail.text);
    expect(read.html?.trim()).toBe(invoiceMail.html);
    expect(read.messageId).toBe(sent.providerMessageId);
    expect(sent.rejectedRecipients).toEqual([]);

    expect(read.attachments).toHaveLength(1);
    const [pdf] = read.attachments;
    expect(pdf?.filename).toBe('duty-slip-B-10231.pdf');
    expect(pdf?.mimeType).toBe('application/pdf');
    expect(pdf?.disposition).toBe('attachment');
    expect(Buffer.from(bytesOf(pdf?.content ?? '')).equals(Buffer.from(dutySlip))).toBe(true);
  });

  it('refuses to send in clear when the server offers no STARTTLS, so the password never leaves unencrypted', async () => {
    peer = await startSmtpPeer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const error = await failureOf(providerFor(peer).send(invoiceMail));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/^could not secure the connection to 127\.0\.0\.1:\d+/);
    expect(peer.received).toHaveLength(0);
  });

  it('does not trust a server whose certificate no authority it knows signed', async () => {
    peer = await startSmtpPeer();
    const error = await failureOf(providerFor(peer, { ca: undefined }).send(invoiceMail));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^could not secure the connection to 127\.0\.0\.1:\d+: .*self-signed certificate \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/,
    );
    expect(peer.received).toHaveLength(0);
  });

  it('speaks TLS from the first byte when security is tls (port 465 style)', async () => {
    peer = await startSmtpPeer({ secure: true });
    await providerFor(peer, { security: 'tls' }).send(invoiceMail);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.secure).toBe(true);
  });

  it('sends in clear without a login to a relay that asks none, when security is none', async () => {
    peer = await startSmtpPeer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    await providerFor(peer, { security: 'none', auth: undefined }).send(invoiceMail);
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.secure).toBe(false);
    expect(peer.received[0]?.user).toBeUndefined();
  });

  it('fails for good when the server refuses the login, without the password or the login in its words', async () => {
    peer = await startSmtpPeer();
    const error = await failureOf(
      providerFor(peer, { auth: { user: USER, password: 'wrong-Pa55word' } }).send(invoiceMail),
    );
    expect(error.retryable).toBe(false);
    expect(error.provider).toBe('smtp');
    expect(error.message).toMatch(
      /^the SMTP server 127\.0\.0\.1:\d+ refused the login \(535\): .*Authentication credentials invalid$/,
    );
    expect(`${error.message}\n${error.stack}`).not.toContain('wrong-Pa55word');
    expect(`${error.message}\n${error.stack}`).not.toContain(
      Buffer.from('wrong-Pa55word').toString('base64'),
    );
    expect(peer.received).toHaveLength(0);
  });

  it('never repeats the password even when the server’s refusal quotes it', async () => {
    peer = await startSmtpPeer({
      onAuth(auth, _session, callback) {
        callback(
          Object.assign(new Error(`no such login ${auth.username} / ${auth.password}`), {
            responseCode: 535,
          }),
        );
      },
    });
    const error = await failureOf(providerFor(peer).send(invoiceMail));
    expect(error.message).toMatch(/no such login \[redacted\] \/ \[redacted\]$/);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('fails for good on a 5xx answer to the email, and may retry after a 4xx one', async () => {
    const answers = [
      { responseCode: 552, message: 'Message exceeds the mailbox quota' },
      { responseCode: 451, message: 'Local error in processing, try again later' },
    ];
    peer = await startSmtpPeer({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          const answer = answers.shift();
          callback(
            answer ? Object.assign(new Error(answer.message), { responseCode: answer.responseCode }) : null,
          );
        });
      },
    });
    const permanent = await failureOf(providerFor(peer).send(invoiceMail));
    expect(permanent.retryable).toBe(false);
    expect(permanent.message).toMatch(/refused the email \(552\): .*Message exceeds the mailbox quota$/);
    const transient = await failureOf(providerFor(peer).send(invoiceMail));
    expect(transient.retryable).toBe(true);
    expect(transient.message).toMatch(/refused the email \(451\): .*try again later$/);
  });

  it('reports the recipients the server refused while it took the email for the others', async () => {
    peer = await startSmtpPeer({
      onRcptTo(address, _session, callback) {
        callback(
          address.address.startsWith('travel.desk@')
            ? Object.assign(new Error('No such user here'), { responseCode: 550 })
            : null,
        );
      },
    });
    const sent = await providerFor(peer).send(invoiceMail);
    expect(sent.rejectedRecipients).toEqual(['travel.desk@globex.example.com']);
    expect(peer.received[0]?.envelopeTo).toEqual(['accounts@globex.example.com']);
  });

  it('may retry when the server is down', async () => {
    peer = await startSmtpPeer();
    const { port } = peer;
    await peer.close();
    const error = await failureOf(providerFor({ port }).send(invoiceMail));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(`could not reach the SMTP server 127.0.0.1:${port} (ECONNREFUSED)`);
    peer = await startSmtpPeer();
  });

  it('gives up on a server that does not answer in time, and may retry', async () => {
    peer = await startSmtpPeer({
      onConnect(_session, callback) {
        setTimeout(() => callback(), 2_000).unref();
      },
    });
    const started = Date.now();
    const error = await failureOf(providerFor(peer, { timeoutMs: 300 }).send(invoiceMail));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(`the SMTP server 127.0.0.1:${peer.port} did not answer within 300 ms`);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(peer.received).toHaveLength(0);
  });

  it('refuses a malformed email before connecting, naming each bad field', async () => {
    peer = await startSmtpPeer();
    const error = await failureOf(
      providerFor(peer).send({
        ...invoiceMail,
        to: ['accounts@globex.example.com', 'not an address'],
        subject: 'Invoice\r\nBcc: everyone@example.com',
        attachments: [{ fileName: '../etc/passwd', contentType: 'pdf', content: dutySlip }],
      }),
    );
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'the email cannot be sent: to.1: expected an email address such as name@example.com; ' +
        'subject: expected one line without control characters; ' +
        'attachments.0.fileName: expected a file name without a folder; ' +
        'attachments.0.contentType: expected a media type such as application/pdf',
    );
    expect(peer.received).toHaveLength(0);
  });
});
