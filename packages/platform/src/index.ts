export { BoundedCache } from './bounded-cache';
export {
  anonymousCaller,
  CALLER_HEADER,
  type Caller,
  type CallerCodec,
  createCallerCodec,
  type DriverCaller,
  REQUEST_ID_HEADER,
  requireDriver,
  requirePermission,
  requireTenant,
} from './caller';
export {
  type ChatSettings,
  chatConfigSchema,
  chatConfigShape,
  chatSettingsOf,
  checkChatConfig,
  createChatProvider,
} from './chat/chat-config';
export {
  ChatDeliveryError,
  type ChatFailureKind,
  type ChatIncomingContent,
  type ChatIncomingMessage,
  type ChatProvider,
  type ChatSent,
  type ChatStatusEvent,
  type ChatWebhookEvent,
  chatLanguageCodeSchema,
  chatTemplateNameSchema,
  chatTextSchema,
  whatsAppFailureKind,
} from './chat/chat-provider';
export { createLogChatProvider } from './chat/log-chat-provider';
export {
  createWhatsAppCloudChatProvider,
  WHATSAPP_API_VERSION,
  WHATSAPP_GRAPH_HOST,
  type WhatsAppCloudOptions,
} from './chat/whatsapp-cloud-chat-provider';
export {
  answerWhatsAppVerification,
  createWhatsAppWebhookHandler,
  parseWhatsAppWebhook,
  receiveWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WebhookRequest,
  WHATSAPP_SIGNATURE_HEADER,
  type WhatsAppWebhookOptions,
} from './chat/whatsapp-webhook';
export { ConfigError, env, exitOnConfigError, loadConfig } from './config';
export {
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  idArray,
  idIn,
  openPglite,
  pgConstraint,
  pgErrorCode,
  rows,
  type Tx,
} from './db/database';
export { EditedMigrationError, type Migration, migrate } from './db/migrate';
export { loadMigrationFiles, type MigrationFile, migrationChecksum } from './db/migration-files';
export {
  ACTIVE_FILTER_VALUES,
  type ActiveFilterValue,
  type CursorPosition,
  type CursorShape,
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
export { platformMigrations, serviceMigrations } from './db/platform-migrations';
export { APP_ROLE, referenceTable, SYSTEM_ROLE, systemTable, tenantTable } from './db/roles';
export {
  checkEmailConfig,
  createEmailProvider,
  DEVELOPMENT_EMAIL_FROM,
  type EmailSettings,
  emailConfigSchema,
  emailConfigShape,
  emailSettingsOf,
} from './email/email-config';
export {
  checkEmailMessage,
  type EmailAttachment,
  EmailDeliveryError,
  type EmailMessage,
  type EmailProvider,
  type EmailSent,
  MAX_EMAIL_ATTACHMENT_BYTES,
  MAX_EMAIL_RECIPIENTS,
} from './email/email-provider';
export { createLogEmailProvider } from './email/log-email-provider';
export { createSmtpEmailProvider, type SmtpOptions, type SmtpSecurity } from './email/smtp-email-provider';
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
export { createOutbox, decodeEvent, type Outbox } from './events/outbox';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './events/relay';
export { type CsvExportOptions, writeCsvExport } from './exports/csv-export';
export type { ExportColumn, ExportKind, ExportResult, ExportValues } from './exports/export-columns';
export { type ExportFormat, exportFileName } from './exports/export-file-name';
export type { ExportProgress } from './exports/export-stream';
export {
  writeXlsxExport,
  writeXlsxWorkbook,
  type XlsxExportOptions,
  type XlsxSheet,
  xlsxSheet,
} from './exports/xlsx-export';
export { handleShutdownSignals } from './lifecycle';
export { createLogger, type Logger, withRequestId } from './logger';
export {
  httpDuration,
  type MetricsServerOptions,
  metricsRegistry,
  rpcDuration,
  startMetricsServer,
} from './metrics';
export { FCM_SCOPE } from './push/fcm-access-token';
export { createFcmPushProvider, FCM_HOST, type FcmOptions } from './push/fcm-push-provider';
export { type FcmServiceAccount, GOOGLE_TOKEN_URI, parseFcmServiceAccount } from './push/fcm-service-account';
export { createLogPushProvider } from './push/log-push-provider';
export {
  checkPushConfig,
  createPushProvider,
  type PushSettings,
  pushConfigSchema,
  pushConfigShape,
  pushSettingsOf,
} from './push/push-config';
export {
  checkPushMessage,
  MAX_PUSH_PAYLOAD_BYTES,
  MAX_PUSH_TTL_SECONDS,
  PushDeliveryError,
  type PushFailureKind,
  type PushMessage,
  type PushProvider,
  type PushSent,
  pushBodySchema,
  pushCollapseKeySchema,
  pushDataKeySchema,
  pushMessageSchema,
  pushTitleSchema,
  pushTokenSchema,
  pushTtlSecondsSchema,
} from './push/push-provider';
export {
  createMastersCopies,
  MASTER_COPY_KINDS,
  type MasterCopiesOf,
  type MasterCopy,
  type MasterCopyKind,
  type MasterCopyRequest,
  type MastersCopies,
} from './read-models/masters-copies';
export {
  type CopiedKind,
  type CopiedKinds,
  type CopiesOf,
  type CopyFacts,
  type CopyOf,
  type CopyRequestOf,
  createRecordCopies,
  type RecordCopies,
  type RecordCopiesOptions,
} from './read-models/record-copies';
export {
  callAs,
  createServiceClient,
  createServiceTransport,
  DEFAULT_DEADLINE_MS,
  type ServiceTarget,
} from './rpc/client';
export {
  activeFilterFromProto,
  activeFilterToProto,
  type ListPageInput,
  type PageInfoValue,
  pageInfoFromProto,
  pageInfoToProto,
  pageRequestFromProto,
  pageRequestToProto,
  protoEnumMapping,
  sortDirectionFromProto,
  sortDirectionToProto,
} from './rpc/common-mappings';
export { callerOf, driverCallerOf, loggerOf, serverInterceptors, tenantCallerOf } from './rpc/context';
export { createHealthReporter, type HealthProbe, type HealthReporter, registerHealth } from './rpc/health';
export { type RpcServer, startRpcServer } from './rpc/server';
export {
  requireServiceCaller,
  SERVICE_USER_ID,
  SYSTEM_PERMISSION,
  serviceCaller,
  serviceOf,
} from './service-caller';
export { connectorFor, noOtherServices, type ServiceConnector } from './service-connector';
export {
  type AnyServiceDefinition,
  type ClientsOf,
  defineService,
  type Environment,
  envPrefixOf,
  inStartOrder,
  type LocalSecret,
  type ModulesOf,
  type ModuleTable,
  noSettings,
  type ServiceDefinition,
  type ServiceDeps,
  type SettingsOverrides,
  urlEnvOf,
} from './service-definition';
export { prepareService, type ReferenceDataLoader, type ServiceModule } from './service-module';
export {
  createSessionTokens,
  parseSigningKeys,
  type SessionClaims,
  type SessionTokens,
  type SigningKey,
  sessionSigningKeys,
} from './session-token';
export { createLogSmsProvider } from './sms/log-sms-provider';
export {
  createMsg91SmsProvider,
  MSG91_FLOW_PATH,
  MSG91_HOST,
  type Msg91Options,
} from './sms/msg91-sms-provider';
export {
  checkSmsConfig,
  createSmsProvider,
  type SmsSettings,
  smsConfigSchema,
  smsConfigShape,
  smsSettingsOf,
} from './sms/sms-config';
export {
  type BookingSmsVariables,
  SmsDeliveryError,
  type SmsMessage,
  type SmsProvider,
  type SmsReceipt,
  type SmsTemplate,
  type SmsTemplates,
} from './sms/sms-provider';
export { parseOrThrow, refuseNul, requireId, requireIds } from './validation';
export { createPollingLoop, type PollingLoop } from './workers/polling-loop';
