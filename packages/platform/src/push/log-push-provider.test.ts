import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../logger';
import { createLogPushProvider } from './log-push-provider';
import { PushDeliveryError, type PushMessage } from './push-provider';

const DEVICE = 'fJ3kX9-abc:APA91bH_test-registration-token_0123456789';
const OTP = '4821';

const dutyPush: PushMessage = {
  token: DEVICE,
  title: 'New duty: 07:30 at Terminal 3',
  body: `DL01AB1234 · Mr Rao · OTP ${OTP}`,
  data: { dutyId: 'd_01HZX3' },
  collapseKey: 'duty-d_01HZX3',
  ttlSeconds: 3600,
};

describe('the development push provider (PUSH_PROVIDER=log)', () => {
  let dir: string;
  let logged: string;
  const logger = () =>
    createLogger({
      name: 'push-test',
      level: 'trace',
      destination: new Writable({
        write(chunk, _encoding, done) {
          logged += String(chunk);
          done();
        },
      }),
    });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-push-'));
    logged = '';
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('appends each push as a JSON line to the outbox only its owner reads, and logs only that it went out', async () => {
    const outboxFile = join(dir, 'data', 'push-outbox.txt');
    const provider = createLogPushProvider({ outboxFile, logger: logger() });
    const first = await provider.send(dutyPush);
    const second = await provider.send({
      token: DEVICE,
      title: 'Duty cancelled',
      body: 'Duty d_01HZX3 is off',
      data: {},
    });
    expect(first.providerMessageId).toMatch(/^log\.[0-9a-f]{24}$/);
    expect(second.providerMessageId).not.toBe(first.providerMessageId);

    const lines = readFileSync(outboxFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        providerMessageId: first.providerMessageId,
        token: DEVICE,
        title: dutyPush.title,
        body: dutyPush.body,
        data: { dutyId: 'd_01HZX3' },
        collapseKey: 'duty-d_01HZX3',
        ttlSeconds: 3600,
      },
      {
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        providerMessageId: second.providerMessageId,
        token: DEVICE,
        title: 'Duty cancelled',
        body: 'Duty d_01HZX3 is off',
        data: {},
      },
    ]);
    expect(statSync(outboxFile).mode & 0o777).toBe(0o600);

    const logLines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logLines).toHaveLength(2);
    expect(logLines[0]).toMatchObject({
      device: '…23456789',
      providerMessageId: first.providerMessageId,
      outbox: outboxFile,
    });
    expect(logged).not.toContain(OTP);
    expect(logged).not.toContain(DEVICE);
  });

  it('refuses what FCM would refuse, writing nothing', async () => {
    const outboxFile = join(dir, 'push-outbox.txt');
    const provider = createLogPushProvider({ outboxFile, logger: logger() });
    await expect(provider.send({ ...dutyPush, token: 'not a token' })).rejects.toMatchObject({
      failure: 'UNREGISTERED',
    });
    await expect(provider.send({ ...dutyPush, data: { gcm_id: '1' } })).rejects.toMatchObject({
      failure: 'INVALID',
      message:
        'the data key "gcm_id" is a key FCM reserves (from, notification, message_type, collapse_key, google…, gcm…)',
    });
    expect(() => statSync(outboxFile)).toThrow();
  });

  it('fails as RETRY, naming the outbox, when it cannot write it', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const outboxFile = join(blocker, 'push-outbox.txt');
    const failure = await createLogPushProvider({ outboxFile, logger: logger() })
      .send(dutyPush)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(PushDeliveryError);
    expect(failure).toMatchObject({
      provider: 'log',
      failure: 'RETRY',
      message: `could not write the development push outbox ${outboxFile} (EEXIST)`,
    });
    expect(logged).toBe('');
  });
});
