import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../logger';
import { ChatDeliveryError } from './chat-provider';
import { createLogChatProvider } from './log-chat-provider';

const OTP = '4821';

describe('the development chat provider (CHAT_PROVIDER=log)', () => {
  let dir: string;
  let logged: string;
  const logger = () =>
    createLogger({
      name: 'chat-test',
      level: 'trace',
      destination: new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      }),
    });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-chat-'));
    logged = '';
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('appends each message to the outbox only its owner reads, with a distinct id, and logs only that it went out', async () => {
    const outboxFile = join(dir, 'data', 'chat-outbox.txt');
    const provider = createLogChatProvider({ outboxFile, logger: logger() });
    const duty = await provider.sendTemplate('+919800000101', 'duty_allotted', 'en', ['DL01AB1234', OTP]);
    const text = await provider.sendText('+919800000101', 'Please call dispatch.');
    expect(duty.providerMessageId).toMatch(/^log\.[0-9a-f]{24}$/);
    expect(text.providerMessageId).not.toBe(duty.providerMessageId);

    const outbox = readFileSync(outboxFile, 'utf8');
    expect(outbox).toContain(
      `to +919800000101  template duty_allotted (en)  ${duty.providerMessageId}\n{{1}} DL01AB1234\n{{2}} ${OTP}\n\n`,
    );
    expect(outbox).toContain(`to +919800000101  text  ${text.providerMessageId}\nPlease call dispatch.\n\n`);
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);

    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      to: '+919800000101',
      message: 'template duty_allotted (en)',
      outbox: outboxFile,
    });
    expect(logged).not.toContain(OTP);
    expect(logged).not.toContain('Please call dispatch');
  });

  it('refuses what WhatsApp would refuse, writing nothing', async () => {
    const outboxFile = join(dir, 'chat-outbox.txt');
    const provider = createLogChatProvider({ outboxFile, logger: logger() });
    await expect(provider.sendText('09800000101', 'hello')).rejects.toMatchObject({ kind: 'rejected' });
    await expect(
      provider.sendTemplate('+919800000101', 'duty_allotted', 'en', ['a\tb']),
    ).rejects.toMatchObject({
      kind: 'rejected',
      message: 'body parameter {{1}} holds a new line, a tab or a NUL',
    });
    expect(() => statSync(outboxFile)).toThrow();
  });

  it('fails as a retryable outage, naming the outbox, when it cannot write it', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const outboxFile = join(blocker, 'chat-outbox.txt');
    const failure = await createLogChatProvider({ outboxFile, logger: logger() })
      .sendText('+919800000101', 'hello')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(ChatDeliveryError);
    expect(failure).toMatchObject({
      kind: 'network',
      retryable: true,
      message: `could not write the development chat outbox ${outboxFile} (EEXIST)`,
    });
    expect(logged).toBe('');
  });
});
