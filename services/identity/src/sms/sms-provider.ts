import type { Logger } from '@fleet/platform';

export interface SmsMessage {
  to: string;
  text: string;
  /** What the message is for, e.g. SIGN_IN_OTP; providers may route by it. */
  purpose: string;
}

/** Where texts go out. The messaging service takes this over with real providers later. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development provider: writes each text to the log, so a person running `npm start` reads the sign-in
 * code in the console. Never configured in production.
 */
export function createLogSmsProvider(logger: Logger): SmsProvider {
  return {
    name: 'log',
    async send(message) {
      logger.info(
        { to: message.to, purpose: message.purpose, sms: message.text },
        `SMS to ${message.to}: ${message.text}`,
      );
    },
  };
}
