// A sign-in phone changes only with a code texted to the new number: updateProfile refuses a different
// phone (400 on phone), requestPhoneChange texts the code, confirmPhoneChange takes it back and moves
// the account. And a phone another operator uses is refused without saying so.
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bootGateway, freshPhone, type GatewayHarness } from './support';

describe('changing the sign-in phone through the gateway', () => {
  let h: GatewayHarness;
  let ownerToken: string;
  let ownerPhone: string;
  let owner: ReturnType<GatewayHarness['client']>;
  let strangerPhone: string;

  beforeAll(async () => {
    h = await bootGateway();
    ({ token: ownerToken, phone: ownerPhone } = await h.signIn(freshPhone(), { operatorName: 'Phone Cabs' }));
    owner = h.client(() => bearer(ownerToken));
    ({ phone: strangerPhone } = await h.signIn(freshPhone(), { operatorName: 'Stranger Cabs' }));
  }, 120_000);
  afterAll(() => h?.close());

  it('refuses a different phone in updateProfile with a 400 on phone, changing nothing', async () => {
    const answer = await h.mutate(
      'user.updateProfile',
      { name: 'Owner', phone: freshPhone(), email: 'owner@phone.example' },
      bearer(ownerToken),
    );
    expect(answer.status).toBe(400);
    const fieldErrors = answer.body.error!.data.fieldErrors as Record<string, string>;
    expect(Object.keys(fieldErrors)).toEqual(['phone']);
    expect(fieldErrors.phone).toMatch(/verified/);
    const me = await owner.user.me.query();
    expect(me.user).toMatchObject({ phone: ownerPhone, email: null });
  });

  it('moves the account to the new number only with the code texted to it', async () => {
    const newPhone = freshPhone();
    const malformed = await expectTrpcError(owner.user.requestPhoneChange.mutate({ phone: '98123' }));
    expect(Object.keys(malformed.data?.fieldErrors ?? {})).toEqual(['phone']);

    const sent = await owner.user.requestPhoneChange.mutate({ phone: newPhone });
    expect(sent.expiresInSeconds).toBeGreaterThan(0);
    const code = h.lastCodeFor(newPhone);
    const wrong = await h.mutate(
      'user.confirmPhoneChange',
      { phone: newPhone, code: code === '000000' ? '111111' : '000000' },
      bearer(ownerToken),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error?.data.fieldErrors as Record<string, string>)).toEqual(['code']);
    expect((await owner.user.me.query()).user.phone).toBe(ownerPhone);

    const changed = await owner.user.confirmPhoneChange.mutate({ phone: newPhone, code });
    expect(changed.phone).toBe(newPhone);
    expect((await owner.user.me.query()).user.phone).toBe(newPhone);
    const { entries } = await owner.audit.list.query();
    expect(entries[0]).toMatchObject({
      action: 'PHONE_CHANGE',
      actorName: 'Owner',
      subjectName: 'Owner',
      changes: [{ field: 'phone', before: [ownerPhone], after: [newPhone] }],
    });
  });

  it('refuses another operator’s number for an employee without naming another account', async () => {
    const answer = await h.mutate(
      'employee.create',
      { name: 'Poacher Target', phone: strangerPhone },
      bearer(ownerToken),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error?.data.fieldErrors as Record<string, string>)).toEqual(['phone']);
    expect(JSON.stringify(answer.body.error)).not.toMatch(
      /account|operator|compan|registered|already|DUPLICATE/i,
    );
  });
});
