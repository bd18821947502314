import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../logger';
import { createLogSmsProvider } from './log-sms-provider';
import { SmsDeliveryError, type SmsMessage } from './sms-provider';

const code = '731905';
const message: SmsMessage = {
  to: '+919800000001',
  purpose: 'SIGN_IN_OTP',
  template: 'otp',
  variables: { otp: code },
  text: `${code} is your sign-in code.`,
};

describe('the development SMS provider (SMS_PROVIDER=log)', () => {
  let dir: string;
  let logged: string;
  const logger = () =>
    createLogger({
      name: 'sms-test',
      level: 'trace',
      destination: new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      }),
    });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-sms-'));
    logged = '';
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('appends the text to the outbox only its owner can read, and logs only that a text went out', async () => {
    const outboxFile = join(dir, 'data', 'sms-outbox.txt');
    const provider = createLogSmsProvider({ outboxFile, logger: logger() });
    await provider.send(message);
    await provider.send({ ...message, to: '+919800000002' });

    const outbox = readFileSync(outboxFile, 'utf8');
    expect(outbox).toMatch(/^\S+ {2}to \+919800000001 {2}SIGN_IN_OTP\n731905 is your sign-in code\.\n\n/);
    expect(outbox).toContain('to +919800000002');
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);

    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ to: '+919800000001', purpose: 'SIGN_IN_OTP', outbox: outboxFile });
    expect(logged).not.toContain(code);
  });

  it('fails with a message naming the outbox, not the text, when it cannot write it', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const outboxFile = join(blocker, 'sms-outbox.txt');
    const provider = createLogSmsProvider({ outboxFile, logger: logger() });
    const failure = await provider.send(message).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SmsDeliveryError);
    expect((failure as SmsDeliveryError).message).toBe(
      `could not write the development SMS outbox ${outboxFile} (EEXIST)`,
    );
    expect(logged).toBe('');
  });
});
