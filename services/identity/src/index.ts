export { type IdentityConfig, identityConfigSchema } from './config';
export { OTP } from './domain/otp';
export { IdentityEvents } from './events/published';
export {
  createIdentityModule,
  type IdentityModule,
  type IdentityModuleDeps,
  identityService,
  identitySettings,
} from './module';
export { SCHEMA as IDENTITY_SCHEMA } from './storage/migrations';
export type { CodeTexter, CreatedOperator, IdentitySettings, Operators } from './use-cases';
