export {
  anonymousCaller,
  CALLER_HEADER,
  type Caller,
  type CallerCodec,
  createCallerCodec,
  REQUEST_ID_HEADER,
  requireTenant,
} from './caller';
export { ConfigError, env, exitOnConfigError, loadConfig } from './config';
export {
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  openPglite,
  pgConstraint,
  pgErrorCode,
  rows,
  type Tx,
} from './db/database';
export { type Migration, migrate } from './db/migrate';
export {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  keyset,
  MAX_PAGE_SIZE,
  type Page,
  type PageRequest,
  pageSize,
  type SortDirection,
  sortKey,
  toPage,
} from './db/paging';
export { APP_ROLE, referenceTable, SYSTEM_ROLE, systemTable, tenantTable } from './db/roles';
export {
  conflict,
  DomainError,
  type ErrorCode,
  type FieldViolation,
  fromConnectError,
  invalid,
  invalidField,
  notFound,
  permissionDenied,
  preconditionFailed,
  toConnectError,
  trpcCodeFor,
  unauthenticated,
} from './errors';
export type { EventBus, SubscribeOptions, Subscription } from './events/bus';
export { type EventConsumerOptions, type HandledEvent, startEventConsumer } from './events/consumer';
export {
  type BusMessage,
  defineEvent,
  EVENT_HEADERS,
  type EventType,
  subjectMatches,
} from './events/event-type';
export { createInProcessBus } from './events/in-process-bus';
export { createJetStreamBus, deleteNamespaceStreams, type JetStreamBusOptions } from './events/jetstream-bus';
export { createOutbox, decodeEvent, type Outbox, platformMigrations } from './events/outbox';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './events/relay';
export { handleShutdownSignals } from './lifecycle';
export { createLogger, type Logger, withRequestId } from './logger';
export { httpDuration, metricsRegistry, rpcDuration, startMetricsServer } from './metrics';
export {
  callAs,
  createServiceClient,
  createServiceTransport,
  DEFAULT_DEADLINE_MS,
  type ServiceTarget,
} from './rpc/client';
export { callerOf, loggerOf, serverInterceptors, tenantCallerOf } from './rpc/context';
export { createHealthReporter, type HealthProbe, type HealthReporter, registerHealth } from './rpc/health';
export { type RpcServer, startRpcServer } from './rpc/server';
export { prepareService, type ServiceModule } from './service-module';
export { parseOrThrow } from './validation';
