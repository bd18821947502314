import type { Client } from '@connectrpc/connect';
import {
  type ChatProvider,
  createChatProvider,
  createEmailProvider,
  createPushProvider,
  createSmsProvider,
  type Database,
  defineService,
  type EmailProvider,
  type EmailSettings,
  type Environment,
  type EventBus,
  emailConfigSchema,
  emailSettingsOf,
  type Logger,
  loadConfig,
  type PushProvider,
  type PushSettings,
  prepareService,
  pushConfigSchema,
  pushSettingsOf,
  type ServiceConnector,
  type ServiceModule,
  type SmsProvider,
  type SmsSettings,
  type Subscription,
  smsConfigSchema,
  smsSettingsOf,
} from '@fleet/platform';
import { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { type DriverChatSettings, driverChatSettingsOf } from './chat-settings';
import { documentAttachments } from './delivery/attachments';
import { type ChatWorker, createChatWorker } from './delivery/chat-worker';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery/delivery-worker';
import { bookingsLinks, paymentRequestLinks } from './delivery/links';
import { createPushWorker, type PushWorker } from './delivery/push-worker';
import { isChatNumber } from './domain/chat-flow';
import { startAudienceConsumers } from './events/audience-consumer';
import { startBillingMessagesConsumers } from './events/billing-messages-consumer';
import { startBookingTextsConsumer } from './events/booking-texts-consumer';
import { startDriverChatConsumer } from './events/driver-chat-consumer';
import { startInvoiceEmailsConsumer } from './events/invoice-emails-consumer';
import { startPettyCashInfoConsumer } from './events/petty-cash-info-consumer';
import { startPurchaseInvoiceEmailsConsumer } from './events/purchase-invoice-emails-consumer';
import { startPushTargetsConsumer } from './events/push-targets-consumer';
import { startSlipLinkConsumer } from './events/slip-link-consumer';
import { DEVELOPMENT_PUBLIC_BASE_URL, publicBaseUrlOf } from './public-links-settings';
import { messagingRoutes } from './rpc/messaging-handlers';
import { messagingMigrations, SCHEMA } from './storage/migrations';
import { createDeliveryReports, type DeliveryReports } from './use-cases/delivery-reports';
import { createDriverChat, type DriverChat, type DutyTemplate } from './use-cases/driver-chat';
import { createMessageLog, type MessageLog } from './use-cases/message-log';
import { createSendBookingMessage, type SendBookingMessage } from './use-cases/send-booking-message';
import { createSignInCodes } from './use-cases/sign-in-codes';
import { createTemplates, type Templates } from './use-cases/templates';

export interface MessagingModuleDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Where texts go: the configured provider (log in development, MSG91 when configured). */
  sms: SmsProvider;
  /** Where emails go: the configured provider (log in development, SMTP when configured). */
  email: EmailProvider;
  /**
   * Where pushes to the driver app go: the configured provider (log in development, FCM when
   * configured). Without one, no push is written: drivers hear of duties by SMS or WhatsApp alone.
   */
  push?: PushProvider;
  /** Reaches bookings and billing, whose duty slips and invoices emails carry. */
  connect: ServiceConnector;
  /** Where the links texted to passengers point (PUBLIC_BASE_URL); the development address unless given. */
  publicBaseUrl?: string;
  /** The delivery and push workers' timing (tests shorten it). */
  delivery?: Pick<DeliveryWorkerOptions, 'retry' | 'pollMs' | 'batchSize' | 'leaseMs'>;
  /**
   * Driver chat: where it goes and the approved template the duty goes as. Without it, chat is off and
   * a driver's duty goes as the DRIVER_ALLOTMENT_SMS.
   */
  chat?: { provider: ChatProvider; duty: DutyTemplate };
}

export interface MessagingModule extends ServiceModule {
  messageLog: MessageLog;
  delivery: DeliveryWorker;
  deliveryReports: DeliveryReports;
  driverChat: DriverChat;
  /** Sends the queued chat messages; present while driver chat is on. */
  chatDelivery: ChatWorker | undefined;
  /** Sends the queued pushes; present when a push provider is. */
  pushDelivery: PushWorker | undefined;
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
  const deliveryReports = createDeliveryReports({ db: deps.db });
  // Resolved at the first attachment, so a messaging that sends no email with one needs neither.
  let bookings: Client<typeof BookingsService> | undefined;
  const bookingsClient = () => {
    bookings ??= deps.connect(BookingsService);
    return bookings;
  };
  let billing: Client<typeof BillingService> | undefined;
  const billingClient = () => {
    billing ??= deps.connect(BillingService);
    return billing;
  };
  const delivery = createDeliveryWorker({
    db: deps.db,
    sms: deps.sms,
    email: deps.email,
    attachments: documentAttachments({ bookings: bookingsClient, billing: billingClient }),
    links: bookingsLinks(bookingsClient, deps.publicBaseUrl ?? DEVELOPMENT_PUBLIC_BASE_URL),
    paymentLinks: paymentRequestLinks(deps.publicBaseUrl ?? DEVELOPMENT_PUBLIC_BASE_URL),
    logger,
    ...deps.delivery,
  });
  const chat = deps.chat;
  const driverChat = createDriverChat({
    db: deps.db,
    logger,
    duty: chat?.duty ?? { name: 'driver_duty_allotment', language: 'en' },
    ...(chat?.provider.businessNumberId ? { businessNumberId: chat.provider.businessNumberId } : {}),
  });
  const chatDelivery = chat
    ? createChatWorker({ db: deps.db, chat: chat.provider, logger, ...deps.delivery })
    : undefined;
  const chatsWithDriver = (phone: string) => chat !== undefined && isChatNumber(phone);
  const pushDelivery = deps.push
    ? createPushWorker({ db: deps.db, push: deps.push, logger, ...deps.delivery })
    : undefined;
  const templates = createTemplates({ db: deps.db });
  const sendBookingMessage = createSendBookingMessage({ db: deps.db });
  let consumers: Subscription[] = [];
  return {
    ...service,
    messageLog,
    delivery,
    deliveryReports,
    driverChat,
    chatDelivery,
    pushDelivery,
    templates,
    sendBookingMessage,
    routes: messagingRoutes({
      messageLog,
      deliveryReports,
      signInCodes: createSignInCodes({ db: deps.db, delivery }),
      driverChat,
      templates,
      sendBookingMessage,
    }),
    async start() {
      await service.start();
      consumers = [
        await startBookingTextsConsumer({
          db: deps.db,
          bus: deps.bus,
          logger,
          chatsWithDriver,
          pushes: pushDelivery !== undefined,
        }),
      ];
      consumers.push(...(await startAudienceConsumers({ db: deps.db, bus: deps.bus, logger })));
      // Kept whether or not pushes go: a provider configured later finds the drivers' tokens.
      consumers.push(await startPushTargetsConsumer({ db: deps.db, bus: deps.bus, logger }));
      consumers.push(await startSlipLinkConsumer({ db: deps.db, bus: deps.bus, logger }));
      consumers.push(await startInvoiceEmailsConsumer({ db: deps.db, bus: deps.bus, logger }));
      consumers.push(await startPurchaseInvoiceEmailsConsumer({ db: deps.db, bus: deps.bus, logger }));
      consumers.push(await startPettyCashInfoConsumer({ db: deps.db, bus: deps.bus, logger }));
      consumers.push(...(await startBillingMessagesConsumers({ db: deps.db, bus: deps.bus, logger })));
      if (chat) {
        consumers.push(
          await startDriverChatConsumer({
            db: deps.db,
            bus: deps.bus,
            logger,
            duty: chat.duty,
            chatsWith: chatsWithDriver,
          }),
        );
      }
      delivery.start();
      chatDelivery?.start();
      pushDelivery?.start();
    },
    async stop() {
      for (const consumer of consumers) await consumer.stop();
      await delivery.stop();
      await chatDelivery?.stop();
      await pushDelivery?.stop();
      await service.stop();
    },
  };
}

/** What the runners parse for messaging: where texts, emails, chat and pushes go. */
export interface MessagingSettings {
  smsSettings: SmsSettings;
  emailSettings: EmailSettings;
  pushSettings: PushSettings;
  /** A provider to use instead of the configured one (tests record the texts this way). */
  sms?: SmsProvider;
  /** An email provider to use instead of the configured one. */
  email?: EmailProvider;
  /** Driver chat: off, or on with where it goes and the duty's template. */
  driverChat: DriverChatSettings;
  /** A chat provider to use instead of the configured one (tests point it at a WhatsApp peer). */
  chat?: ChatProvider;
  /** A push provider to use instead of the configured one (tests point it at an FCM peer). */
  push?: PushProvider;
  /** Where the links texted to passengers point (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
}

export function messagingSettings(env: Environment): MessagingSettings {
  return {
    smsSettings: smsSettingsOf(loadConfig(smsConfigSchema, env)),
    emailSettings: emailSettingsOf(loadConfig(emailConfigSchema, env)),
    driverChat: driverChatSettingsOf(env),
    pushSettings: pushSettingsOf(loadConfig(pushConfigSchema, env)),
    publicBaseUrl: publicBaseUrlOf(env),
  };
}

export const messagingService = defineService({
  name: 'messaging',
  description:
    'texts, emails (with duty slips) and driver-app pushes from booking events, and sign-in codes, sent through the SMS, email and push providers with retries, and their log',
  grpcService: MessagingService,
  port: 50054,
  needs: ['bookings', 'billing'],
  secretEnv: [
    'MSG91_AUTH_KEY',
    'SMTP_PASSWORD',
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_APP_SECRET',
    'FCM_SERVICE_ACCOUNT_JSON',
  ],
  settings: messagingSettings,
  create: (
    { db, bus, logger, connect },
    { sms, smsSettings, email, emailSettings, driverChat, chat, push, pushSettings, publicBaseUrl },
  ) =>
    createMessagingModule({
      db,
      bus,
      logger,
      connect,
      publicBaseUrl,
      sms: sms ?? createSmsProvider(smsSettings, logger),
      email: email ?? createEmailProvider(emailSettings, logger),
      push: push ?? createPushProvider(pushSettings, logger),
      ...(driverChat.enabled
        ? { chat: { provider: chat ?? createChatProvider(driverChat.chat, logger), duty: driverChat.duty } }
        : {}),
    }),
});
