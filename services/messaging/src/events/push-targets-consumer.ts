// Keeps where each driver's pushes go (messaging.driver_push_targets) from identity's
// fleet.identity.driver_account.changed events: the app account's push token and whether it is active.
// Durable and idempotent like the other read models' consumers (the handled-event record in the same
// transaction), and a row is replaced only by a newer state of the account: the account carries no
// version of its own, so the time identity recorded the change (its outbox's stamp) orders them.
import { isUuid } from '@fleet/domain';
import {
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  pushTokenSchema,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { DriverAccountChangedSchema } from '@fleet/proto/fleet/identity/v1/events_pb';
import { SCHEMA } from '../storage/migrations';
import { savePushTarget } from '../storage/push-targets-store';

const DRIVER_ACCOUNT_CHANGED = defineEvent(
  'fleet.identity.driver_account.changed',
  DriverAccountChangedSchema,
);

/** A token FCM could take, or empty: anything else would only be refused at the first push. */
const usableToken = (token: string) => {
  const trimmed = token.trim();
  return pushTokenSchema.safeParse(trimmed).success ? trimmed : '';
};

export function startPushTargetsConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'messaging.driver-push-targets',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: [DRIVER_ACCOUNT_CHANGED],
    async handle(tx, event) {
      const account = event.message.account;
      const tenantId = event.tenantId ?? account?.tenantId;
      if (!account || !tenantId || !isUuid(account.driverId)) return;
      if (account.tenantId && account.tenantId !== tenantId) {
        event.logger.warn({ driverId: account.driverId }, 'a driver account of another operator; ignored');
        return;
      }
      await savePushTarget(tx, tenantId, {
        driverId: account.driverId,
        pushToken: usableToken(account.pushToken),
        isActive: account.isActive,
        // A message without the stamp (published by hand, not from an outbox) counts as the newest seen.
        updatedAt: event.occurredAt ?? new Date(),
      });
    },
  });
}
