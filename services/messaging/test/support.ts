import { randomUUID } from 'node:crypto';
import { create, type MessageInitShape, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type BillingModule, createBillingModule } from '@fleet/billing';
import { type BookingsModule, createBookingsModule } from '@fleet/bookings';
import { allPermissionIds } from '@fleet/domain';
import { createMastersModule, type MastersModule } from '@fleet/masters';
import {
  type BusMessage,
  callAs,
  createSmtpEmailProvider,
  type EmailMessage,
  type EmailProvider,
  EVENT_HEADERS,
  type EventBus,
  type PushProvider,
  rows,
  type ServiceConnector,
  type SmsMessage,
  type SmsProvider,
} from '@fleet/platform';
import { BillingService } from '@fleet/proto/fleet/billing/v1/billing_service_pb';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { BookingChangedSchema } from '@fleet/proto/fleet/bookings/v1/events_pb';
import { DriverAccountChangedSchema } from '@fleet/proto/fleet/identity/v1/events_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { bootService, connectorTo, type ServiceHarness, startSmtpPeer, type TestBus } from '@fleet/testing';

export { eventually, publishEvent } from '@fleet/testing';

import { sql } from 'drizzle-orm';
import { createMessagingModule, type MessagingModule, type MessagingModuleDeps, VIEW_SMS } from '../src';

export type MessagingHarness = ServiceHarness<MessagingModule, typeof MessagingService>;

/**
 * Messaging on a real PostgreSQL database and a real JetStream namespace, sending through `sms` and
 * `email` (one that records, unless given), reaching the services `connect` gives (none unless given).
 */
export function bootMessaging(options: {
  sms: SmsProvider;
  email?: EmailProvider;
  connect?: ServiceConnector;
  testBus?: TestBus;
  delivery?: MessagingModuleDeps['delivery'];
  /** Driver chat on, through this provider; off unless given. */
  chat?: MessagingModuleDeps['chat'];
  /** Pushes to the driver app through this provider; none are written unless given. */
  push?: PushProvider;
  /** Where passengers' links point; the development address unless given. */
  publicBaseUrl?: string;
}): Promise<MessagingHarness> {
  return bootService({
    name: 'messaging',
    grpcService: MessagingService,
    defaultPermissions: [VIEW_SMS],
    connect: options.connect,
    testBus: options.testBus,
    create: (deps) =>
      createMessagingModule({
        ...deps,
        sms: options.sms,
        email: options.email ?? recordingEmail(),
        delivery: {
          pollMs: 50,
          retry: { maxAttempts: 4, baseDelayMs: 50, maxDelayMs: 200 },
          ...options.delivery,
        },
        ...(options.chat ? { chat: options.chat } : {}),
        ...(options.push ? { push: options.push } : {}),
        ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
      }),
  });
}

/** A provider that keeps what it was given, and answers with an id per text. */
export function recordingSms(): SmsProvider & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    name: 'recording',
    sent,
    async send(message) {
      sent.push(message);
      return { providerMessageId: `rec-${sent.length}` };
    },
  };
}

/** An email provider that keeps what it was given. */
export function recordingEmail(): EmailProvider & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    name: 'recording',
    sent,
    async send(message) {
      sent.push(message);
      return { providerMessageId: `<rec-${sent.length}@test>`, rejectedRecipients: [] };
    },
  };
}

export type BookingEventInit = MessageInitShape<typeof BookingChangedSchema>;
/** What a test changes of the booking an event carries. */
export interface BookingPatch {
  id?: string;
  bookingNo?: bigint;
  status?: string;
  version?: number;
  customerId?: string;
  supplierId?: string;
  tripStartOtp?: string;
  vehicleNo?: string;
  driverName?: string;
  driverPhone?: string;
  /** The operator's driver (master) it is allotted to. */
  allotedDriverId?: string;
  reportingAddress?: string;
  passengers?: { name: string; phone: string; email?: string }[];
  bookedBy?: { name: string; phone: string; email?: string };
  /** A booking nobody booked on someone's behalf (no booker to text). */
  withoutBooker?: boolean;
}

/** A booking as bookings' events carry it: a booker, two passengers, reporting at Terminal 2. */
export function bookingEvent(
  tenantId: string,
  overrides: { action?: string; fromStatus?: string; toStatus?: string; booking?: BookingPatch } = {},
): BookingEventInit {
  return {
    tenantId,
    action: overrides.action ?? 'created',
    fromStatus: overrides.fromStatus ?? '',
    toStatus: overrides.toStatus ?? 'BOOKED',
    booking: {
      id: randomUUID(),
      bookingNo: 17n,
      status: 'BOOKED',
      version: 1,
      reportingAt: timestampFromDate(new Date('2026-04-01T04:00:00Z')),
      reportingAddress: 'Terminal 2, Mumbai airport',
      bookedBy: overrides.booking?.withoutBooker ? undefined : { name: 'Asha', phone: '+919800000001' },
      passengers: [
        { name: 'Meera', phone: '+919800000002' },
        { name: 'Vikram', phone: '+919800000003' },
      ],
      ...Object.fromEntries(
        Object.entries(overrides.booking ?? {}).filter(
          ([key, v]) => v !== undefined && key !== 'withoutBooker',
        ),
      ),
    },
  };
}

/** Publishes one of bookings' events as its outbox relay does: the event id as the message id. */
export async function publishBookingEvent(
  bus: EventBus,
  event: 'created' | 'status_changed' | 'updated' | 'deleted',
  value: BookingEventInit,
  id: string = randomUUID(),
): Promise<BusMessage> {
  const message: BusMessage = {
    id,
    subject: `fleet.bookings.booking.${event}`,
    data: toBinary(BookingChangedSchema, create(BookingChangedSchema, value)),
    headers: {
      [EVENT_HEADERS.type]: BookingChangedSchema.typeName,
      [EVENT_HEADERS.requestId]: randomUUID(),
      ...(value.tenantId ? { [EVENT_HEADERS.tenantId]: value.tenantId } : {}),
    },
  };
  await bus.publish(message);
  return message;
}

export interface StoredMessage {
  type: string;
  recipientRole: string;
  recipientPhone: string;
  status: string;
  attempts: number;
  provider: string | null;
  providerMessageId: string | null;
  error: string | null;
  text: string;
}

/** Every message row, as the system sees them, oldest first. */
export async function storedMessages(h: MessagingHarness): Promise<StoredMessage[]> {
  return h.database.db.readAsSystem((tx) =>
    rows<StoredMessage>(
      tx,
      sql`select type, recipient_role as "recipientRole", recipient_phone as "recipientPhone", status, attempts,
            provider, provider_message_id as "providerMessageId", error, text
          from messaging.messages order by created_at, type, recipient_phone`,
    ),
  );
}

export type BookingsHarness = ServiceHarness<BookingsModule, typeof BookingsService> & {
  masters: ServiceHarness<MastersModule, typeof MastersService>;
};

/** Bookings with the masters it reads, each on its own database, on one JetStream namespace. */
export async function bootBookings(): Promise<BookingsHarness> {
  const masters = await bootService({
    name: 'masters',
    grpcService: MastersService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createMastersModule(deps),
  });
  const bookings = await bootService({
    name: 'bookings',
    grpcService: BookingsService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createBookingsModule(deps),
    connect: connectorTo(masters),
    testBus: masters.testBus,
  }).catch(async (error) => {
    await masters.close();
    throw error;
  });
  return {
    ...bookings,
    masters,
    async close() {
      await bookings.close();
      await masters.close();
    },
  };
}

export type BillingHarness = ServiceHarness<BillingModule, typeof BillingService>;
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** A message of billing's mail as messaging's log keeps it. */
export interface LoggedEmail {
  type: string;
  status: string;
  recipientName: string;
  recipientEmail: string;
  subject: string;
  attachments: unknown;
  requestedBy: string | null;
}

/**
 * What billing's mail is tested on: a real SMTP server on loopback, bookings with its masters, billing on
 * a clock stopped at `now`, and messaging sending email through the real SMTP adapter to that server,
 * reaching bookings and billing as itself.
 */
export async function bootBillingMail(options: { now: Date; sms?: SmsProvider; publicBaseUrl?: string }) {
  const smtp = await startSmtpPeer();
  const started: { close(): Promise<unknown> }[] = [smtp];
  const close = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const bookings = await bootBookings();
    started.push(bookings);
    const billing: BillingHarness = await bootService({
      name: 'billing',
      grpcService: BillingService,
      defaultPermissions: allPermissionIds(),
      create: (deps) => createBillingModule({ ...deps, clock: () => options.now }),
      connect: connectorTo(bookings.masters, bookings),
      testBus: bookings.testBus,
    });
    started.push(billing);
    const h = await bootMessaging({
      sms: options.sms ?? recordingSms(),
      email: createSmtpEmailProvider({
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        from: 'Konkan Cabs <billing@konkan-cabs.in>',
        timeoutMs: 5_000,
      }),
      connect: connectorTo(bookings, billing),
      testBus: bookings.testBus,
      delivery: { pollMs: 40, retry: { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 100 } },
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    });
    started.push(h);
    return { smtp, bookings, billing, h, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What an operator needs before it can take a booking: a customer, a vehicle group and a duty type. */
export async function bookingMasters(h: BookingsHarness, tenantId: string) {
  const record = async (kind: string, values: Record<string, unknown>) => {
    const { record } = await h.masters.client.createRecord(
      { kind, valuesJson: JSON.stringify(values) },
      callAs(h.masters.callerFor(tenantId)),
    );
    if (!record) throw new Error(`masters made no ${kind}`);
    return record.id;
  };
  return {
    customerId: await record('customer', { name: 'Acme Corp' }),
    vehicleGroupId: await record('vehicle_group', { name: 'Sedan' }),
    dutyTypeId: await record('duty_type', { name: '8 Hrs 80 Kms', type: 'HR_KM', max_km: 80, max_hr: 8 }),
  };
}

/** Takes a booking as staff would, for these passengers; answers its id. */
export async function takeBooking(
  h: BookingsHarness,
  tenantId: string,
  masters: Awaited<ReturnType<typeof bookingMasters>>,
  passengers: { name: string; phone: string }[],
): Promise<string> {
  const draft = {
    ...masters,
    passengers,
    fromCityId: 'mh-pune',
    reportingDate: '2026-12-01',
    reportingTime: '08:30',
    reportingAddress: 'Aundh, Pune',
  };
  const { booking } = await h.client.createBooking(
    { draftJson: JSON.stringify(draft) },
    callAs(h.callerFor(tenantId)),
  );
  if (!booking) throw new Error('bookings took no booking');
  return booking.id;
}

export interface StoredRow extends StoredMessage {
  channel: string;
  recipientEmail: string;
  subject: string;
  attachments: unknown;
  dltTemplateId: string;
  senderId: string;
  requestedBy: string | null;
}

/** Every message row with its email and DLT columns, as the system sees them. */
export async function storedRows(h: MessagingHarness): Promise<StoredRow[]> {
  return h.database.db.readAsSystem((tx) =>
    rows<StoredRow>(
      tx,
      sql`select type, channel, recipient_role as "recipientRole", recipient_phone as "recipientPhone",
            recipient_email as "recipientEmail", subject, attachments, dlt_template_id as "dltTemplateId",
            sender_id as "senderId", requested_by as "requestedBy", status, attempts, provider,
            provider_message_id as "providerMessageId", error, text
          from messaging.messages order by created_at, channel, type, recipient_phone, recipient_email`,
    ),
  );
}

/**
 * Publishes identity's fleet.identity.driver_account.changed as its outbox relay does: stamped with
 * when the change was recorded (now, unless the test says).
 */
export async function publishDriverAccount(
  bus: EventBus,
  tenantId: string,
  account: { driverId: string; pushToken?: string; isActive?: boolean; name?: string; phone?: string },
  occurredAt: Date = new Date(),
): Promise<BusMessage> {
  const value = {
    account: {
      tenantId,
      driverId: account.driverId,
      userId: randomUUID(),
      name: account.name ?? 'Ravi Kumar',
      phone: account.phone ?? '+919800000009',
      isActive: account.isActive ?? true,
      verificationStatus: 'REGISTERED',
      pushToken: account.pushToken ?? '',
    },
  };
  const message: BusMessage = {
    id: randomUUID(),
    subject: 'fleet.identity.driver_account.changed',
    data: toBinary(DriverAccountChangedSchema, create(DriverAccountChangedSchema, value)),
    headers: {
      [EVENT_HEADERS.type]: DriverAccountChangedSchema.typeName,
      [EVENT_HEADERS.requestId]: randomUUID(),
      [EVENT_HEADERS.tenantId]: tenantId,
      [EVENT_HEADERS.occurredAt]: occurredAt.toISOString(),
    },
  };
  await bus.publish(message);
  return message;
}

/** Where a driver's pushes go, as messaging keeps it (undefined before it heard of the account). */
export async function pushTarget(
  h: Pick<MessagingHarness, 'database'>,
  driverId: string,
): Promise<{ pushToken: string; isActive: boolean } | undefined> {
  const [target] = await h.database.db.readAsSystem((tx) =>
    rows<{ pushToken: string; isActive: boolean }>(
      tx,
      sql`select push_token as "pushToken", is_active as "isActive" from messaging.driver_push_targets
          where driver_id = ${driverId}::uuid`,
    ),
  );
  return target;
}

export interface StoredPush {
  type: string;
  driverId: string;
  recipientName: string;
  recipientPhone: string;
  title: string;
  body: string;
  data: unknown;
  bookingId: string;
  status: string;
  attempts: number;
  provider: string | null;
  providerMessageId: string | null;
  error: string | null;
}

/** Every push of the log, as the system sees them, oldest first. */
export async function storedPushes(h: Pick<MessagingHarness, 'database'>): Promise<StoredPush[]> {
  return h.database.db.readAsSystem((tx) =>
    rows<StoredPush>(
      tx,
      sql`select type, recipient_driver_id::text as "driverId", recipient_name as "recipientName",
            recipient_phone as "recipientPhone", subject as title, text as body, variables as data,
            booking_id::text as "bookingId", status, attempts, provider, provider_message_id as "providerMessageId",
            error
          from messaging.messages where channel = 'PUSH' order by created_at, type, recipient_driver_id`,
    ),
  );
}
