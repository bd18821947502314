import type { Database, Logger, SessionTokens, SigningKey } from '@fleet/platform';
import type { SmsProvider } from '../sms/sms-provider';

export interface IdentitySettings {
  signupEnabled: boolean;
  sessionTtlHours: number;
  signingKeys: SigningKey[];
  otpSecret: string;
  /** Fixed codes for listed demo/test phones (AUTH_TEST_OTP); never allowed in production. */
  testOtps: Map<string, string>;
}

export interface IdentityDeps {
  db: Database;
  logger: Logger;
  sms: SmsProvider;
  clock: () => Date;
  settings: IdentitySettings;
  tokens: SessionTokens;
}
