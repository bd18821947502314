export { BillingEvents } from './events/published';
export {
  type BillingModule,
  type BillingModuleDeps,
  billingService,
  createBillingModule,
} from './module';
export { SCHEMA as BILLING_SCHEMA } from './storage/migrations';
export type { BillingUseCases, TenantCaller } from './use-cases';
