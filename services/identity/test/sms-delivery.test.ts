import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { anonymousCaller, callAs, createLogger } from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { bootService, expectDomainError, type Msg91Peer, startMsg91Peer } from '@fleet/testing';
import { identityService } from '../src';
import { freshPhone } from './support';

const AUTH_KEY = 'identityTestsMsg91AuthKey01';
const TEMPLATE_ID = '6650a1b2c3d4e5f601234567';
const SENDER = 'FLEETS';

/** The code MSG91 was asked to send in the last request the peer received. */
const lastCodeSentTo = (peer: Msg91Peer, phone: string) => {
  const body = JSON.parse(peer.received.at(-1)?.body ?? '{}') as {
    recipients?: { mobiles: string; otp: string }[];
  };
  const recipient = body.recipients?.find((r) => r.mobiles === phone.slice(1));
  if (!recipient) throw new Error(`MSG91 was not asked to text ${phone}`);
  return recipient.otp;
};

/** Identity configured with SMS_PROVIDER=msg91, as its settings parse the environment, against a local MSG91. */
describe('sign-in codes sent through MSG91', () => {
  let peer: Msg91Peer;
  let logged = '';
  let service: Awaited<ReturnType<typeof boot>>;
  const boot = () =>
    bootService({
      name: 'identity',
      grpcService: IdentityService,
      defaultPermissions: [],
      create: (deps) => {
        const settings = identityService.settings(
          {
            NODE_ENV: 'test',
            SMS_PROVIDER: 'msg91',
            MSG91_AUTH_KEY: AUTH_KEY,
            MSG91_BASE_URL: peer.baseUrl,
            MSG91_OTP_TEMPLATE_ID: TEMPLATE_ID,
            MSG91_SENDER_ID: SENDER,
          },
          (variable) => `identity-sms-tests-${variable}-0123456789abcdef`,
        );
        const logger = createLogger({
          name: 'identity-sms-test',
          level: 'trace',
          destination: new Writable({
            write(chunk, _encoding, done) {
              logged += String(chunk);
              done();
            },
          }),
        });
        return identityService.create({ ...deps, logger }, settings);
      },
    });
  const anonymous = () => callAs(anonymousCaller(randomUUID(), '10.2.2.2'));

  beforeAll(async () => {
    peer = await startMsg91Peer({
      authKey: AUTH_KEY,
      templates: { [TEMPLATE_ID]: ['otp'] },
      senders: [SENDER],
    });
    service = await boot();
  });
  afterAll(async () => {
    await service.close();
    await peer.close();
  });

  it('texts the code through MSG91’s flow API, and the code it sent signs the person in', async () => {
    const phone = freshPhone();
    await service.client.requestOtp({ phone }, anonymous());
    const code = lastCodeSentTo(peer, phone);
    expect(code).toMatch(/^\d{6}$/);
    const request = peer.received.at(-1);
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      template_id: TEMPLATE_ID,
      sender: SENDER,
      short_url: '0',
      recipients: [{ mobiles: phone.slice(1), otp: code }],
    });
    const verified = await service.client.verifyOtp(
      { phone, code, operatorName: 'Texted Cabs' },
      anonymous(),
    );
    expect(verified.signedUp).toBe(true);
    expect(logged).not.toContain(code);
  });

  it('tells the person the code could not be sent when MSG91 refuses it, and logs why without the code', async () => {
    const phone = freshPhone();
    peer.answerNext({
      status: 200,
      body: JSON.stringify({ type: 'error', message: 'Insufficient balance' }),
    });
    const error = await expectDomainError(service.client.requestOtp({ phone }, anonymous()));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('We could not send the code just now. Please try again in a minute.');
    const code = lastCodeSentTo(peer, phone);
    const failure = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; phone?: string; err?: { message: string } })
      .find((line) => line.msg === 'code SMS could not be sent' && line.phone === phone);
    expect(failure?.err?.message).toBe('MSG91 refused the text (HTTP 200): Insufficient balance');
    expect(logged).not.toContain(code);
  });
});
