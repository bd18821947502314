import type { Client } from '@connectrpc/connect';
import type { Database, Logger, SessionTokens, SigningKey } from '@fleet/platform';
import type { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';

export interface IdentitySettings {
  signupEnabled: boolean;
  sessionTtlHours: number;
  signingKeys: SigningKey[];
  otpSecret: string;
  /** Fixed codes for listed demo/test phones (AUTH_TEST_OTP); never allowed in production. */
  testOtps: Map<string, string>;
}

/** What identity asks of the messaging service: to text a code. */
export type CodeTexter = Pick<Client<typeof MessagingService>, 'sendSignInCode'>;

export interface IdentityDeps {
  db: Database;
  logger: Logger;
  /** Messaging, which texts the one-time codes. */
  messaging: CodeTexter;
  clock: () => Date;
  settings: IdentitySettings;
  tokens: SessionTokens;
}
