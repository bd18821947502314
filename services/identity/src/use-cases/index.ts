import { createAudit } from './audit';
import type { IdentityDeps } from './deps';
import { createDriverAccounts } from './driver-accounts';
import { createEmployees } from './employees';
import { createMasquerade } from './masquerade';
import { createMe } from './me';
import { createOperators } from './operators';
import { createOtpCodes } from './otp-codes';
import { createPhoneChange } from './phone-change';
import { createProfiles } from './profiles';
import { createSessions } from './sessions';
import { createSignIn } from './sign-in';
import { createUserNames } from './user-names';

export function createIdentityUseCases(deps: IdentityDeps) {
  const sessions = createSessions(deps);
  const otpCodes = createOtpCodes(deps);
  return {
    sessions,
    signIn: createSignIn(deps, sessions, otpCodes),
    me: createMe(deps),
    phoneChange: createPhoneChange(deps, otpCodes),
    masquerade: createMasquerade(deps, sessions),
    audit: createAudit(deps),
    employees: createEmployees(deps),
    profiles: createProfiles(deps),
    userNames: createUserNames(deps),
    driverAccounts: createDriverAccounts(deps),
    /** In-process only: never routed over gRPC (see operators.ts). */
    operators: createOperators(deps),
  };
}

export type IdentityUseCases = ReturnType<typeof createIdentityUseCases>;
export type { CodeTexter, IdentityDeps, IdentitySettings } from './deps';
export type { CreatedOperator, Operators } from './operators';
