import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../logger';
import { EmailDeliveryError, type EmailMessage } from './email-provider';
import { createLogEmailProvider } from './log-email-provider';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0x42]);
const message: EmailMessage = {
  to: ['accounts@globex.example.com', 'finance@globex.example.com'],
  cc: ['travel.desk@globex.example.com'],
  subject: 'Invoice INV-2026-0042',
  text: 'Dear customer,\nyour invoice INV-2026-0042 is attached.',
  html: '<p>Dear customer,</p>',
  attachments: [{ fileName: 'INV-2026-0042.pdf', contentType: 'application/pdf', content: pdf }],
};

describe('the development email provider (EMAIL_PROVIDER=log)', () => {
  let dir: string;
  let logged: string;
  const logger = () =>
    createLogger({
      name: 'email-test',
      level: 'trace',
      destination: new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      }),
    });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-email-'));
    logged = '';
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('appends the headers, the text and each attachment’s name and size (not its bytes) to an outbox only its owner reads', async () => {
    const outboxFile = join(dir, 'data', 'email-outbox.txt');
    const provider = createLogEmailProvider({
      outboxFile,
      from: 'Acme Cabs <billing@acme-cabs.in>',
      logger: logger(),
    });
    const first = await provider.send(message);
    const second = await provider.send({ to: ['driver@example.com'], subject: 'Duty', text: 'Your duty.' });

    expect(first.providerMessageId).toMatch(/^<[0-9a-f-]{36}@email-outbox\.localhost>$/);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);
    expect(first.rejectedRecipients).toEqual([]);

    const outbox = readFileSync(outboxFile, 'utf8');
    const [entry, next] = outbox.split(/\n\n(?=\d{4}-\d\d-\d\dT)/);
    expect(entry?.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z {2}${first.providerMessageId}$`)),
      'From: Acme Cabs <billing@acme-cabs.in>',
      'To: accounts@globex.example.com, finance@globex.example.com',
      'Cc: travel.desk@globex.example.com',
      'Subject: Invoice INV-2026-0042',
      'HTML body: 21 characters',
      'Attachment: INV-2026-0042.pdf (application/pdf, 12 bytes)',
      '',
      'Dear customer,',
      'your invoice INV-2026-0042 is attached.',
    ]);
    expect(next).toContain('To: driver@example.com\nSubject: Duty\n\nYour duty.');
    expect(next).not.toContain('Cc:');
    expect(outbox).not.toContain('%PDF');
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);

    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      to: message.to,
      cc: message.cc,
      providerMessageId: first.providerMessageId,
      outbox: outboxFile,
    });
    expect(logged).not.toContain('your invoice');
  });

  it('refuses a malformed email as the SMTP provider would, writing nothing', async () => {
    const outboxFile = join(dir, 'email-outbox.txt');
    const provider = createLogEmailProvider({ outboxFile, from: 'billing@acme-cabs.in', logger: logger() });
    const failure = await provider.send({ ...message, to: [] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EmailDeliveryError);
    expect(failure).toMatchObject({
      retryable: false,
      message: 'the email cannot be sent: to: expected at least one recipient',
    });
    expect(() => statSync(outboxFile)).toThrow();
  });

  it('fails with a message naming the outbox when it cannot write it', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const outboxFile = join(blocker, 'email-outbox.txt');
    const provider = createLogEmailProvider({ outboxFile, from: 'billing@acme-cabs.in', logger: logger() });
    const failure = await provider.send(message).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EmailDeliveryError);
    expect(failure).toMatchObject({
      retryable: false,
      message: `could not write the development email outbox ${outboxFile} (EEXIST)`,
    });
    expect(logged).toBe('');
  });
});
