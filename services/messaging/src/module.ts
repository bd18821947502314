import {
  createSmsProvider,
  type Database,
  defineService,
  type Environment,
  type EventBus,
  type Logger,
  loadConfig,
  prepareService,
  type ServiceModule,
  type SmsProvider,
  type SmsSettings,
  type Subscription,
  smsConfigSchema,
  smsSettingsOf,
} from '@fleet/platform';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery/delivery-worker';
import { startAudienceConsumers } from './events/audience-consumer';
import { startBookingTextsConsumer } from './events/booking-texts-consumer';
import { messagingRoutes } from './rpc/messaging-handlers';
import { messagingMigrations, SCHEMA } from './storage/migrations';
import { createMessageLog, type MessageLog } from './use-cases/message-log';
import { createSendBookingMessage, type SendBookingMessage } from './use-cases/send-booking-message';
import { createTemplates, type Templates } from './use-cases/templates';

export interface MessagingModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Where texts go: the configured provider (log in development, MSG91 when configured). */
  sms: SmsProvider;
  /** The delivery worker's timing (tests shorten it). */
  delivery?: Pick<DeliveryWorkerOptions, 'retry' | 'pollMs' | 'batchSize' | 'leaseMs'>;
}

export interface MessagingModule extends ServiceModule {
  messageLog: MessageLog;
  delivery: DeliveryWorker;
  templates: Templates;
  sendBookingMessage: SendBookingMessage;
}

/** Messaging as a module: migrated schema, bookings' events consumed, texts delivered, gRPC routes, health. */
export async function createMessagingModule(deps: MessagingModuleDeps): Promise<MessagingModule> {
  const { logger, ...service } = await prepareService({
    name: 'messaging',
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    schema: SCHEMA,
    migrations: messagingMigrations,
    grpcServices: [MessagingService.typeName],
  });
  const messageLog = createMessageLog({ db: deps.db });
  const delivery = createDeliveryWorker({ db: deps.db, sms: deps.sms, logger, ...deps.delivery });
  const templates = createTemplates({ db: deps.db });
  const sendBookingMessage = createSendBookingMessage({ db: deps.db });
  let consumers: Subscription[] = [];
  return {
    ...service,
    messageLog,
    delivery,
    templates,
    sendBookingMessage,
    routes: messagingRoutes({ messageLog, templates, sendBookingMessage }),
    async start() {
      await service.start();
      consumers = [await startBookingTextsConsumer({ db: deps.db, bus: deps.bus, logger })];
      consumers.push(...(await startAudienceConsumers({ db: deps.db, bus: deps.bus, logger })));
      delivery.start();
    },
    async stop() {
      for (const consumer of consumers) await consumer.stop();
      await delivery.stop();
      await service.stop();
    },
  };
}

/** What the runners parse for messaging: where texts go. */
export interface MessagingSettings {
  smsSettings: SmsSettings;
  /** A provider to use instead of the configured one (tests record the texts this way). */
  sms?: SmsProvider;
}

export function messagingSettings(env: Environment): MessagingSettings {
  return { smsSettings: smsSettingsOf(loadConfig(smsConfigSchema, env)) };
}

export const messagingService = defineService({
  name: 'messaging',
  description:
    'texts to passengers, bookers and drivers from booking events, sent through the SMS provider with retries, and their log',
  grpcService: MessagingService,
  port: 50054,
  needs: [],
  secretEnv: ['MSG91_AUTH_KEY'],
  settings: messagingSettings,
  create: ({ db, bus, logger }, { sms, smsSettings }) =>
    createMessagingModule({ db, bus, logger, sms: sms ?? createSmsProvider(smsSettings, logger) }),
});
