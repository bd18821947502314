// SendSignInCode over messaging's gRPC routes: identity's codes texted at once through the provider,
// kept in no operator's log, tried again only while valid, and erased from the row once done with.
import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { allPermissionIds } from '@fleet/domain';
import {
  callAs,
  rows,
  SmsDeliveryError,
  type SmsMessage,
  type SmsProvider,
  SYSTEM_PERMISSION,
  serviceCaller,
} from '@fleet/platform';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { VIEW_SMS } from '../src';
import { bootMessaging, eventually, type MessagingHarness } from './support';

/** A provider whose next answers are scripted: 'ok', a refusal that may pass later, or one that never will. */
function scriptedSms(): SmsProvider & {
  sent: SmsMessage[];
  next: ('ok' | 'down' | 'refused')[];
  always?: 'down';
} {
  const provider = {
    name: 'scripted',
    sent: [] as SmsMessage[],
    next: [] as ('ok' | 'down' | 'refused')[],
    always: undefined as 'down' | undefined,
    async send(message: SmsMessage) {
      const answer = provider.next.shift() ?? provider.always ?? 'ok';
      if (answer === 'down') throw new SmsDeliveryError('scripted', 'the gateway is down', true);
      if (answer === 'refused') throw new SmsDeliveryError('scripted', 'the number is barred', false);
      provider.sent.push(message);
      return { providerMessageId: `s-${provider.sent.length}` };
    },
  };
  return provider;
}

let sms: ReturnType<typeof scriptedSms>;
let h: MessagingHarness;
beforeAll(async () => {
  sms = scriptedSms();
  h = await bootMessaging({
    sms,
    delivery: { pollMs: 30, retry: { maxAttempts: 100, baseDelayMs: 40, maxDelayMs: 80 } },
  });
});
afterAll(() => h?.close());

const identity = () => callAs(serviceCaller('identity', { permissions: [SYSTEM_PERMISSION.sendSignInCode] }));
const request = (phone: string, code: string, validMs = 5 * 60_000) => ({
  phone,
  code,
  text: `${code} is your sign-in code. It expires in 5 minutes.`,
  expiresAt: timestampFromDate(new Date(Date.now() + validMs)),
});

interface Stored {
  tenantId: string | null;
  status: string;
  text: string;
  variables: Record<string, string>;
  attempts: number;
  next: Date | null;
  error: string | null;
}
const rowsFor = (phone: string) =>
  h.database.db.readAsSystem((tx) =>
    rows<Stored>(
      tx,
      sql`select tenant_id as "tenantId", status, text, variables, attempts, next_attempt_at as next, error
          from messaging.messages where recipient_phone = ${phone} and type = 'SIGN_IN_CODE_SMS'`,
    ),
  );

it('texts the code at once, answers that it went, and keeps no code in a log no operator sees', async () => {
  const answer = await h.client.sendSignInCode(request('+919800000601', '482913'), identity());
  expect(answer).toMatchObject({ sent: true, error: '' });
  expect(sms.sent.at(-1)).toMatchObject({
    to: '+919800000601',
    template: 'otp',
    variables: { otp: '482913' },
    text: '482913 is your sign-in code. It expires in 5 minutes.',
  });
  const [row] = await rowsFor('+919800000601');
  expect(row).toMatchObject({ tenantId: null, status: 'SENT', attempts: 1, next: null });
  expect(row?.text).toBe('•••••• is your sign-in code. It expires in 5 minutes.');
  expect(JSON.stringify(row?.variables)).not.toContain('482913');
  const tenantId = randomUUID();
  const log = await h.client.listMessages({}, callAs(h.callerFor(tenantId, [VIEW_SMS])));
  expect(log.messages).toEqual([]);
});

it('answers a refusal as today’s sign-in screen needs it, and does not try a code the provider will never take', async () => {
  sms.next.push('refused');
  const answer = await h.client.sendSignInCode(request('+919800000602', '118822'), identity());
  expect(answer).toMatchObject({ sent: false, error: 'the number is barred' });
  const [row] = await rowsFor('+919800000602');
  expect(row).toMatchObject({ status: 'FAILED', attempts: 1, next: null, error: 'the number is barred' });
  expect(row?.text).not.toContain('118822');
});

it('tries a code the provider could not take again while it is valid, then erases it', async () => {
  sms.next.push('down', 'down');
  const answer = await h.client.sendSignInCode(request('+919800000603', '735501'), identity());
  expect(answer).toMatchObject({ sent: false, error: 'the gateway is down' });
  const [sent] = await eventually(
    () => rowsFor('+919800000603'),
    (found) => found[0]?.status === 'SENT',
  );
  expect(sent).toMatchObject({ attempts: 3, next: null });
  expect(sent?.text).not.toContain('735501');
  expect(sms.sent.filter((m) => m.to === '+919800000603')).toHaveLength(1);
});

it('plans no try past the code’s expiry, and erases the code it gave up', async () => {
  sms.always = 'down';
  try {
    const answer = await h.client.sendSignInCode(request('+919800000604', '904417', 300), identity());
    expect(answer.sent).toBe(false);
    const [given] = await eventually(
      () => rowsFor('+919800000604'),
      (found) => found[0]?.status === 'FAILED' && found[0].next === null,
    );
    expect(given?.text).not.toContain('904417');
    expect(JSON.stringify(given?.variables)).not.toContain('904417');
    expect(sms.sent.filter((m) => m.to === '+919800000604')).toEqual([]);
  } finally {
    sms.always = undefined;
  }
});

it('refuses staff and every service but identity, and bad input naming the field, writing nothing', async () => {
  const phone = '+919800000605';
  for (const caller of [
    callAs(h.callerFor(randomUUID(), [...allPermissionIds(), SYSTEM_PERMISSION.sendSignInCode])),
    callAs(serviceCaller('gateway', { permissions: [SYSTEM_PERMISSION.sendSignInCode] })),
  ]) {
    const error = await expectDomainError(h.client.sendSignInCode(request(phone, '123456'), caller));
    expect(error.code).toBe('PERMISSION_DENIED');
  }
  const bad: [ReturnType<typeof request>, string][] = [
    [{ ...request(phone, '123456'), phone: '98000' }, 'phone'],
    [{ ...request(phone, '12ab56') }, 'code'],
    [{ ...request(phone, '123456'), text: 'Your code is on its way.' }, 'text'],
    [request(phone, '123456', -1_000), 'expiresAt'],
  ];
  for (const [input, field] of bad) {
    const error = await expectDomainError(h.client.sendSignInCode(input, identity()));
    expect([error.code, error.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', [field]]);
  }
  expect(await rowsFor(phone)).toEqual([]);
});
