// Keeps messaging's read models of the operator (identity's tenant and owner-account events) and of its
// customers and suppliers (masters' events), so who gets which message is decided at event time without
// calling anyone. Durable and idempotent like the booking texts' consumer: the handled-event record in
// the same transaction, and each row replaced only by a newer record.
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
  type Tx,
} from '@fleet/platform';
import {
  TenantCreatedSchema,
  UserCreatedSchema,
  UserUpdatedSchema,
} from '@fleet/proto/fleet/identity/v1/events_pb';
import type { User } from '@fleet/proto/fleet/identity/v1/user_pb';
import { CustomerChangedSchema, SupplierChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { saveCustomer, saveOperator, saveOperatorFlags, saveSupplier } from '../storage/audience-store';
import { SCHEMA } from '../storage/migrations';

const CHANGES = ['created', 'updated', 'deactivated', 'activated'] as const;
const at = (stamp: Timestamp | undefined) => (stamp ? timestampDate(stamp) : new Date(0));

async function saveOwnerFlags(tx: Tx, user: User | undefined) {
  // The operator's messaging flags live on its owner's account (spec §3 User); employees' are not the operator's.
  if (!user?.isOwner || !user.tenantId) return;
  await saveOperatorFlags(tx, user.tenantId, {
    autoSendPassengerSms: user.autoSendPassengerSms,
    autoSendPassengerEmail: user.autoSendPassengerEmail,
    updatedAt: at(user.updatedAt),
  });
}

interface Feed<D extends DescMessage> {
  name: string;
  schema: D;
  subjects: readonly string[];
  save(tx: Tx, message: MessageShape<D>, tenantId: string | undefined): Promise<void>;
}
const feed = <D extends DescMessage>(f: Feed<D>) => f;

const operatorFeed = feed({
  name: 'messaging.operators',
  schema: TenantCreatedSchema,
  subjects: ['fleet.identity.tenant.created'],
  async save(tx, m) {
    if (m.tenant)
      await saveOperator(tx, m.tenant.id, { companyName: m.tenant.name, timeZone: m.tenant.timeZone });
    await saveOwnerFlags(tx, m.owner);
  },
});
const ownerCreatedFeed = feed({
  name: 'messaging.operator-owner-created',
  schema: UserCreatedSchema,
  subjects: ['fleet.identity.user.created'],
  save: (tx, m) => saveOwnerFlags(tx, m.user),
});
const ownerUpdatedFeed = feed({
  name: 'messaging.operator-owner-updated',
  schema: UserUpdatedSchema,
  subjects: ['fleet.identity.user.updated'],
  save: (tx, m) => saveOwnerFlags(tx, m.user),
});
const customerFeed = feed({
  name: 'messaging.customers',
  schema: CustomerChangedSchema,
  subjects: CHANGES.map((c) => `fleet.masters.customer.${c}`),
  async save(tx, m, tenantId) {
    const c = m.customer?.connection;
    const tenant = tenantId ?? m.tenantId;
    if (!c || !tenant) return;
    await saveCustomer(tx, tenant, {
      id: c.id,
      name: c.name,
      email: c.email,
      sendPassengerMessages: c.sendPassengerMessages,
      sendBookerMessages: c.sendBookerMessages,
      updatedAt: at(c.updatedAt),
    });
  },
});
const supplierFeed = feed({
  name: 'messaging.suppliers',
  schema: SupplierChangedSchema,
  subjects: CHANGES.map((c) => `fleet.masters.supplier.${c}`),
  async save(tx, m, tenantId) {
    const c = m.supplier?.connection;
    const tenant = tenantId ?? m.tenantId;
    if (!c || !tenant) return;
    await saveSupplier(tx, tenant, {
      id: c.id,
      name: c.name,
      phone: c.phone,
      email: c.email,
      supplierType: m.supplier?.supplierType ?? '',
      updatedAt: at(c.updatedAt),
    });
  },
});

function startFeed<D extends DescMessage>(
  f: Feed<D>,
  deps: { db: Database; bus: EventBus; logger: Logger },
): Promise<Subscription> {
  return startEventConsumer({
    name: f.name,
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: f.subjects.map((subject) => defineEvent(subject, f.schema)),
    handle: (tx, event) => f.save(tx, event.message, event.tenantId),
  });
}

/** Starts the read models' consumers: the operator, its owner's flags, customers and suppliers. */
export function startAudienceConsumers(deps: { db: Database; bus: EventBus; logger: Logger }) {
  return Promise.all([
    startFeed(operatorFeed, deps),
    startFeed(ownerCreatedFeed, deps),
    startFeed(ownerUpdatedFeed, deps),
    startFeed(customerFeed, deps),
    startFeed(supplierFeed, deps),
  ]);
}
