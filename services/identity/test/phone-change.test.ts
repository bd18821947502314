import { type Caller, callAs } from '@fleet/platform';
import { AuditAction } from '@fleet/proto/fleet/identity/v1/audit_pb';
import { expectDomainError } from '@fleet/testing';
import { OTP } from '../src';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

/** A sign-in phone changes only with a code sent to the new number, given back by the same person. */
describe('changing one’s own sign-in phone', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let clerk: Caller;
  let clerkPhone: string;
  let colleaguePhone: string;
  let strangerPhone: string;
  let ip = 10;

  const nextIp = () => {
    ip += 1;
    return `10.4.0.${ip}`;
  };
  const asFrom = (caller: Caller) => callAs({ ...caller, clientIp: nextIp() });
  const phoneOf = async (caller: Caller) => (await h.client.getMe({}, callAs(caller))).user!.phone;
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Phone Cabs' })).caller;
    clerkPhone = freshPhone();
    colleaguePhone = freshPhone();
    for (const [name, phone] of [
      ['Chetan Clerk', clerkPhone],
      ['Colleague', colleaguePhone],
    ]) {
      await h.client.createEmployee({ user: { name, phone }, fields: {} }, callAs(owner));
    }
    strangerPhone = freshPhone();
    await h.signIn(strangerPhone, { operatorName: 'Stranger Cabs', ip: '10.4.1.1' });
    h.advance(31_000);
    clerk = (await h.signIn(clerkPhone, { ip: '10.4.1.2' })).caller;
  });
  afterAll(() => h.close());

  it('refuses a different phone in the profile update, naming the phone', async () => {
    const me = await h.client.getMe({}, callAs(clerk));
    const error = await expectDomainError(
      h.client.updateMe({ fields: { name: 'Chetan', phone: freshPhone() } }, callAs(clerk)),
    );
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['phone']);
    expect(error.message).toMatch(/verified/);
    expect(await phoneOf(clerk)).toBe(clerkPhone);
    const kept = await h.client.updateMe(
      { fields: { name: 'Chetan Clerk', phone: me.user!.phone } },
      callAs(clerk),
    );
    expect(kept.user?.phone).toBe(clerkPhone);
  });

  it('refuses to move one’s own phone through the employees screen', async () => {
    // Even holding manage_employee (here: everything the owner holds).
    const error = await expectDomainError(
      h.client.updateEmployee(
        { userId: clerk.userId!, user: { name: 'Chetan Clerk', phone: freshPhone() }, fields: {} },
        callAs({ ...clerk, permissions: owner.permissions }),
      ),
    );
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['phone']);
    expect(await phoneOf(clerk)).toBe(clerkPhone);
  });

  it('sends a code to the new number and changes the phone only when it comes back', async () => {
    const newPhone = freshPhone();
    const sent = await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    expect(sent).toMatchObject({
      expiresInSeconds: OTP.ttlSeconds,
      resendAfterSeconds: OTP.resendAfterSeconds,
    });
    const sms = h.sent.at(-1);
    expect(sms).toMatchObject({ to: newPhone, purpose: 'SIGN_IN_CODE_SMS', template: 'otp' });
    expect(sms?.text).toMatch(/^\d{6} is your code to make this number your sign-in number\./);
    expect(await phoneOf(clerk)).toBe(clerkPhone);

    const changed = await h.client.confirmPhoneChange(
      { phone: newPhone, code: h.lastCodeFor(newPhone), userAgent: 'jest-phone' },
      callAs({ ...clerk, clientIp: '10.4.2.2' }),
    );
    expect(changed.user?.phone).toBe(newPhone);
    expect(await phoneOf(clerk)).toBe(newPhone);
    const { entries } = await h.client.listAuditLog({}, callAs(owner));
    expect(entries[0]).toMatchObject({
      action: AuditAction.PHONE_CHANGE,
      actorUserId: clerk.userId,
      asUserId: '',
      subjectUserId: clerk.userId,
      ip: '10.4.2.2',
      userAgent: 'jest-phone',
    });
    expect(entries[0]?.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['phone', [clerkPhone], [newPhone]],
    ]);

    // The new number signs in to the same account; the old one is nobody's any more.
    h.advance(31_000);
    const again = await h.signIn(newPhone, { ip: nextIp() });
    expect(again.caller.userId).toBe(clerk.userId);
    clerkPhone = newPhone;
  });

  it('does not change the phone with a wrong, an expired or a used code', async () => {
    const newPhone = freshPhone();
    h.advance(31_000);
    await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    const code = h.lastCodeFor(newPhone);
    const wrong = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code: wrongCodeFor(code) }, asFrom(clerk)),
    );
    expect(wrong).toMatchObject({ code: 'INVALID_ARGUMENT', reason: 'OTP_INVALID' });
    expect(wrong.fieldViolations.map((v) => v.field)).toEqual(['code']);

    h.advance(OTP.ttlSeconds * 1000 + 1000);
    const expired = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code }, asFrom(clerk)),
    );
    expect(expired.reason).toBe('OTP_EXPIRED');
    expect(await phoneOf(clerk)).toBe(clerkPhone);

    await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    const fresh = h.lastCodeFor(newPhone);
    await h.client.confirmPhoneChange({ phone: newPhone, code: fresh }, asFrom(clerk));
    const used = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code: fresh }, asFrom(clerk)),
    );
    expect(used.reason).toBe('OTP_NOT_REQUESTED');
    clerkPhone = newPhone;
  });

  it('locks after five wrong codes, even against the right one', async () => {
    const newPhone = freshPhone();
    h.advance(31_000);
    await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    const code = h.lastCodeFor(newPhone);
    for (let attempt = 1; attempt <= OTP.maxAttempts; attempt++) {
      await expectDomainError(
        h.client.confirmPhoneChange({ phone: newPhone, code: wrongCodeFor(code) }, asFrom(clerk)),
      );
    }
    const locked = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code }, asFrom(clerk)),
    );
    expect(locked.reason).toBe('OTP_LOCKED');
    expect(await phoneOf(clerk)).toBe(clerkPhone);
  });

  it('never takes a sign-in code for a phone change, nor a phone-change code for a sign-in', async () => {
    const newPhone = freshPhone();
    h.advance(31_000);
    // A sign-in code for the new number (which would sign a new operator up) does not move the account…
    await h.client.requestOtp({ phone: newPhone }, callAs(h.anonymous(nextIp())));
    const signInCode = h.lastCodeFor(newPhone);
    const refused = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code: signInCode }, asFrom(clerk)),
    );
    expect(refused.reason).toBe('OTP_NOT_REQUESTED');
    expect(await phoneOf(clerk)).toBe(clerkPhone);

    // …and a phone-change code does not sign anyone in.
    h.advance(31_000);
    await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    const changeCode = h.lastCodeFor(newPhone);
    if (changeCode !== signInCode) {
      const signIn = await expectDomainError(
        h.client.verifyOtp({ phone: newPhone, code: changeCode }, callAs(h.anonymous(nextIp()))),
      );
      expect(signIn.reason).toBe('OTP_INVALID');
    }
    // The phone-change code still works for what it was sent for.
    await h.client.confirmPhoneChange({ phone: newPhone, code: changeCode }, asFrom(clerk));
    expect(await phoneOf(clerk)).toBe(newPhone);
    clerkPhone = newPhone;
  });

  it('takes a code only from the person who asked for it', async () => {
    const newPhone = freshPhone();
    h.advance(31_000);
    await h.client.requestPhoneChange({ phone: newPhone }, asFrom(clerk));
    const code = h.lastCodeFor(newPhone);
    const error = await expectDomainError(
      h.client.confirmPhoneChange({ phone: newPhone, code }, asFrom(owner)),
    );
    expect(error.reason).toBe('OTP_NOT_REQUESTED');
    expect((await h.client.getMe({}, callAs(owner))).user?.phone).not.toBe(newPhone);
  });

  it('names a colleague’s number plainly, and refuses another operator’s without saying so', async () => {
    const before = h.sent.length;
    const colleague = await expectDomainError(
      h.client.requestPhoneChange({ phone: colleaguePhone }, asFrom(clerk)),
    );
    expect(colleague).toMatchObject({
      code: 'CONFLICT',
      message: 'Another account already uses this phone number.',
    });
    const stranger = await expectDomainError(
      h.client.requestPhoneChange({ phone: strangerPhone }, asFrom(clerk)),
    );
    expect(stranger.code).toBe('INVALID_ARGUMENT');
    expect(stranger.fieldViolations.map((v) => v.field)).toEqual(['phone']);
    expect(stranger.message).not.toMatch(/account|operator|compan|registered|already/i);
    expect(h.sent.length).toBe(before);
  });

  it('refuses while acting as someone else', async () => {
    const { token } = await h.client.startMasquerade({ userId: clerk.userId! }, callAs(owner));
    const asClerk = await h.callerForToken(token);
    const error = await expectDomainError(
      h.client.requestPhoneChange({ phone: freshPhone() }, callAs(asClerk)),
    );
    expect(error.reason).toBe('MASQUERADING');
  });
});

/** Creating or editing an employee never reveals that another operator has the phone. */
describe('a phone another operator uses, on the employees screen', () => {
  let h: IdentityHarness;
  let owner: Caller;
  let strangerPhone: string;

  beforeAll(async () => {
    h = await bootIdentity();
    owner = (await h.signIn(freshPhone(), { operatorName: 'Own Cabs' })).caller;
    strangerPhone = freshPhone();
    await h.signIn(strangerPhone, { operatorName: 'Stranger Cabs', ip: '10.5.1.1' });
  });
  afterAll(() => h.close());

  it('answers with a refusal that does not say why, while a colleague’s number is named plainly', async () => {
    const stranger = await expectDomainError(
      h.client.createEmployee({ user: { name: 'New', phone: strangerPhone }, fields: {} }, callAs(owner)),
    );
    expect(stranger.code).toBe('INVALID_ARGUMENT');
    expect(stranger.reason).toBe('PHONE_UNUSABLE');
    expect(stranger.fieldViolations.map((v) => v.field)).toEqual(['phone']);
    expect(stranger.message).not.toMatch(/account|operator|compan|registered|already/i);

    const { employee } = await h.client.createEmployee(
      { user: { name: 'Existing', phone: freshPhone() }, fields: {} },
      callAs(owner),
    );
    const edited = await expectDomainError(
      h.client.updateEmployee(
        { userId: employee!.user!.id, user: { name: 'Existing', phone: strangerPhone }, fields: {} },
        callAs(owner),
      ),
    );
    expect(edited).toMatchObject({
      code: 'INVALID_ARGUMENT',
      reason: 'PHONE_UNUSABLE',
      message: stranger.message,
    });

    const colleague = await expectDomainError(
      h.client.createEmployee(
        { user: { name: 'Copy', phone: employee!.user!.phone }, fields: {} },
        callAs(owner),
      ),
    );
    expect(colleague).toMatchObject({
      code: 'CONFLICT',
      message: 'Another account already uses this phone number.',
    });
    expect(colleague.fieldViolations.map((v) => v.field)).toEqual(['phone']);
  });
});
