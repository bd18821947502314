// Identity's texts go through the platform's providers (packages/platform/src/sms), which the messaging
// service shares; SMS_PROVIDER picks one (module.ts). The use cases take the provider by this name.
export type { SmsMessage, SmsProvider } from '@fleet/platform';
