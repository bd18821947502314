import { join, resolve } from 'node:path';
import { z } from 'zod';
import { env } from '../config';
import type { Logger } from '../logger';
import { createLogSmsProvider } from './log-sms-provider';
import { createMsg91SmsProvider, MSG91_HOST, type Msg91Options } from './msg91-sms-provider';
import type { SmsProvider, SmsTemplate } from './sms-provider';

/** The variables that say where texts go; a service that sends texts puts them in its own schema. */
export const smsConfigShape = {
  NODE_ENV: env.nodeEnv(),
  DATA_DIR: env.dataDir(),
  SMS_PROVIDER: z.enum(['log', 'msg91'], { message: 'expected msg91, or log (development only)' }).optional(),
  /** Where the log provider appends each text; `<DATA_DIR>/sms-outbox.txt` when unset. */
  SMS_OUTBOX_FILE: z.string().optional(),
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_BASE_URL: z
    .url({ protocol: /^https?$/, message: `expected a URL such as ${MSG91_HOST}` })
    .default(MSG91_HOST),
  MSG91_OTP_TEMPLATE_ID: z.string().optional(),
  MSG91_SENDER_ID: z.string().optional(),
  /** MSG91's ids of the DLT templates for the booking texts; a type without one is logged FAILED, never sent bare. */
  MSG91_CONFIRMATION_SMS_TEMPLATE_ID: z.string().optional(),
  MSG91_DRIVER_ALLOTMENT_SMS_TEMPLATE_ID: z.string().optional(),
  MSG91_CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP_TEMPLATE_ID: z.string().optional(),
  MSG91_CANCELLATION_SMS_TEMPLATE_ID: z.string().optional(),
};

/** The booking texts whose MSG91 template ids the configuration may give, by variable. */
const BOOKING_TEMPLATE_VARIABLES = {
  CONFIRMATION_SMS: 'MSG91_CONFIRMATION_SMS_TEMPLATE_ID',
  DRIVER_ALLOTMENT_SMS: 'MSG91_DRIVER_ALLOTMENT_SMS_TEMPLATE_ID',
  CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP: 'MSG91_CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP_TEMPLATE_ID',
  CANCELLATION_SMS: 'MSG91_CANCELLATION_SMS_TEMPLATE_ID',
} as const satisfies Partial<Record<SmsTemplate, keyof typeof smsConfigShape>>;

type SmsConfig = z.infer<z.ZodObject<typeof smsConfigShape>>;

const providerOf = (config: SmsConfig) =>
  config.SMS_PROVIDER ?? (config.NODE_ENV === 'production' ? undefined : 'log');

/**
 * Production sends real texts: it needs SMS_PROVIDER=msg91 and refuses `log`, which delivers nothing.
 * MSG91 needs its key, the sign-in code's template and the sender id, in the shapes MSG91 issues them.
 */
export function checkSmsConfig(config: SmsConfig, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof SmsConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = config.NODE_ENV === 'production';
  const provider = providerOf(config);
  if (!provider) {
    problem(
      'SMS_PROVIDER',
      'required in production: msg91 (with MSG91_AUTH_KEY, MSG91_OTP_TEMPLATE_ID and MSG91_SENDER_ID)',
    );
  }
  if (provider === 'log' && production) {
    problem(
      'SMS_PROVIDER',
      '"log" is refused when NODE_ENV=production: it sends no text; set msg91 (with MSG91_AUTH_KEY, MSG91_OTP_TEMPLATE_ID and MSG91_SENDER_ID)',
    );
  }
  if (provider !== 'msg91') return;
  if (!config.MSG91_AUTH_KEY) {
    problem('MSG91_AUTH_KEY', 'required when SMS_PROVIDER=msg91 (the authkey of your MSG91 account)');
  } else if (!/^[A-Za-z0-9]{16,128}$/.test(config.MSG91_AUTH_KEY)) {
    problem('MSG91_AUTH_KEY', 'expected the authkey of your MSG91 account: 16 or more letters and digits');
  }
  if (!config.MSG91_OTP_TEMPLATE_ID) {
    problem(
      'MSG91_OTP_TEMPLATE_ID',
      'required when SMS_PROVIDER=msg91 (MSG91’s id of the DLT template for one-time codes, whose variable is ##otp##)',
    );
  } else if (!/^[A-Za-z0-9]{1,64}$/.test(config.MSG91_OTP_TEMPLATE_ID)) {
    problem('MSG91_OTP_TEMPLATE_ID', 'expected MSG91’s template id: letters and digits');
  }
  if (!config.MSG91_SENDER_ID) {
    problem('MSG91_SENDER_ID', 'required when SMS_PROVIDER=msg91 (the sender id, your DLT header)');
  } else if (!/^[A-Za-z0-9]{3,11}$/.test(config.MSG91_SENDER_ID)) {
    problem('MSG91_SENDER_ID', 'expected a sender id of 3 to 11 letters and digits, such as FLEETS');
  }
  for (const variable of Object.values(BOOKING_TEMPLATE_VARIABLES)) {
    const id = config[variable];
    if (id !== undefined && !/^[A-Za-z0-9]{1,64}$/.test(id)) {
      problem(variable, 'expected MSG91’s template id: letters and digits');
    }
  }
  const baseUrl = URL.canParse(config.MSG91_BASE_URL) ? new URL(config.MSG91_BASE_URL) : undefined;
  if (production && baseUrl && baseUrl.protocol !== 'https:') {
    problem('MSG91_BASE_URL', 'must be https when NODE_ENV=production: it carries MSG91_AUTH_KEY');
  }
}

/** Texts are checked as the product's configuration: one message naming every bad variable. */
export const smsConfigSchema = z.object(smsConfigShape).superRefine(checkSmsConfig);

export type SmsSettings =
  | { provider: 'log'; outboxFile: string }
  | { provider: 'msg91'; msg91: Pick<Msg91Options, 'authKey' | 'baseUrl' | 'senderId' | 'templateIds'> };

/** Where texts go, from a configuration `checkSmsConfig` accepted. */
export function smsSettingsOf(config: SmsConfig): SmsSettings {
  const provider = providerOf(config);
  if (provider === 'log') {
    return {
      provider,
      outboxFile: resolve(config.SMS_OUTBOX_FILE ?? join(config.DATA_DIR, 'sms-outbox.txt')),
    };
  }
  const { MSG91_AUTH_KEY: authKey, MSG91_OTP_TEMPLATE_ID: otp, MSG91_SENDER_ID: senderId } = config;
  if (provider === 'msg91' && authKey && otp && senderId) {
    // An unset one stays undefined: the adapter refuses that type's texts rather than send them bare.
    const bookingTemplateIds: Partial<Record<SmsTemplate, string>> = {
      CONFIRMATION_SMS: config.MSG91_CONFIRMATION_SMS_TEMPLATE_ID,
      DRIVER_ALLOTMENT_SMS: config.MSG91_DRIVER_ALLOTMENT_SMS_TEMPLATE_ID,
      CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP:
        config.MSG91_CUSTOMER_PASSENGER_ALLOTMENT_SMS_WITH_OTP_TEMPLATE_ID,
      CANCELLATION_SMS: config.MSG91_CANCELLATION_SMS_TEMPLATE_ID,
    };
    return {
      provider,
      msg91: {
        authKey,
        baseUrl: config.MSG91_BASE_URL,
        senderId,
        templateIds: { ...bookingTemplateIds, otp },
      },
    };
  }
  throw new Error('smsSettingsOf needs a configuration that checkSmsConfig accepted');
}

export function createSmsProvider(settings: SmsSettings, logger: Logger): SmsProvider {
  return settings.provider === 'log'
    ? createLogSmsProvider({ outboxFile: settings.outboxFile, logger })
    : createMsg91SmsProvider(settings.msg91);
}
