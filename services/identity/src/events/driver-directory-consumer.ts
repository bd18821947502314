// Hears masters' driver events and keeps each driver's app account in step (driver-accounts.ts): durable
// and idempotent like every consumer, the handled-event record committed with the account's change.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  anonymousCaller,
  type Database,
  defineEvent,
  type EventBus,
  type Logger,
  type Subscription,
  startEventConsumer,
} from '@fleet/platform';
import { DriverChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { SCHEMA } from '../storage/migrations';
import type { DriverAccounts } from '../use-cases/driver-accounts';

const CHANGES = ['created', 'updated', 'deactivated', 'activated'] as const;

export function startDriverDirectoryConsumer(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  driverAccounts: DriverAccounts;
}): Promise<Subscription> {
  return startEventConsumer({
    name: 'identity.driver-accounts',
    db: deps.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger,
    events: CHANGES.map((change) => defineEvent(`fleet.masters.driver.${change}`, DriverChangedSchema)),
    async handle(tx, event) {
      const { driver } = event.message;
      const tenantId = event.tenantId ?? event.message.tenantId;
      if (!driver?.id || !tenantId) return;
      const updatedAt = driver.updatedAt ? timestampDate(driver.updatedAt) : new Date(0);
      await deps.driverAccounts.applyDriver(tx, tenantId, driver, updatedAt, {
        ...anonymousCaller(event.requestId),
        tenantId,
      });
    },
  });
}
