export { type IdentityConfig, identityConfigSchema } from './config';
export { OTP } from './domain/otp';
export { IdentityEvents } from './events/published';
export {
  createIdentityModule,
  type IdentityModule,
  type IdentityModuleDeps,
  type IdentityServiceSettings,
  identityService,
  identitySettings,
} from './module';
export type { SmsMessage, SmsProvider } from './sms/sms-provider';
export { SCHEMA as IDENTITY_SCHEMA } from './storage/migrations';
export type { CreatedOperator, IdentitySettings, Operators } from './use-cases';
