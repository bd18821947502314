export { type Authenticator, createAuthenticator } from './auth/authenticator';
// @fleet/gateway: the BFF. tRPC at /api/trpc with the permission guard, the web app's files, health.

// The tRPC serialiser now lives in @fleet/domain (the web app imports it from there); re-exported for
// the gateway's own tests and clients.
export { transformer } from '@fleet/domain';
export { type GatewayConfig, gatewayConfigSchema } from './config';
export {
  type BookingsClient,
  type Context,
  type ContextInput,
  createContext,
  type GatewayServices,
  type IdentityClient,
  type MastersClient,
} from './context';
export type { GatewayErrorData } from './errors';
export { formatError, INTERNAL_MESSAGE, toClientError } from './errors';
export type { ProcedureAccess, ProcedureMeta } from './guard';
export type { ReadinessProbe, ReadinessReport } from './http/readiness';
export { createDutyChanges, type DutyChange, type DutyChanges } from './live/duty-changes';
export { type ListedProcedure, listProcedures } from './procedure-list';
export { createRateLimits, type RateLimits } from './rate-limits';
export { type AppRouter, appRouter } from './routers/_app';
export { type GatewayOptions, type RunningGateway, startGateway } from './server';
export { createSharedReports, type SharedReports } from './shared-reports';
export { createCallerFactory } from './trpc';
