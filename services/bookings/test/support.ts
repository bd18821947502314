import { randomUUID } from 'node:crypto';
import type { Client } from '@connectrpc/connect';
import { type Caller, createCallerCodec, createServiceClient } from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import {
  createTestBus,
  createTestDatabase,
  quietLogger,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { type BookingsModule, createBookingsModule, TAB_COUNT_PERMISSION } from '../src';

export const INTERNAL_SECRET = 'bookings-tests-internal-secret-0123456789';

export interface BookingsHarness {
  module: BookingsModule;
  client: Client<typeof BookingsService>;
  database: TestDatabase;
  testBus: TestBus;
  /** A signed-in member of `tenantId` holding `permissions` (by default, the one the counts need). */
  callerFor(tenantId: string, permissions?: string[]): Caller;
  close(): Promise<void>;
}

/** Bookings on a real PostgreSQL database and a real JetStream namespace, called through its gRPC routes. */
export async function bootBookings(): Promise<BookingsHarness> {
  const database = await createTestDatabase();
  const testBus = await createTestBus();
  const logger = quietLogger('bookings-test');
  const module = await createBookingsModule({ db: database.db, bus: testBus.bus, logger });
  await module.start();
  const client = createServiceClient(
    BookingsService,
    { kind: 'in-process', service: 'bookings', routes: module.routes, logger },
    createCallerCodec(INTERNAL_SECRET),
  );
  return {
    module,
    client,
    database,
    testBus,
    callerFor: (tenantId, permissions = [TAB_COUNT_PERMISSION]) => ({
      requestId: randomUUID(),
      clientIp: '10.1.1.1',
      tenantId,
      userId: randomUUID(),
      permissions,
      isMasquerade: false,
    }),
    async close() {
      await module.stop();
      await testBus.close();
      await database.drop();
    },
  };
}
