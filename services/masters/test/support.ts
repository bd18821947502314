import { randomUUID } from 'node:crypto';
import type { Client } from '@connectrpc/connect';
import { allPermissionIds } from '@fleet/domain';
import { type Caller, callAs, createCallerCodec, createServiceClient } from '@fleet/platform';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import type { Record as MasterRecord } from '@fleet/proto/fleet/masters/v1/record_pb';
import {
  createTestBus,
  createTestDatabase,
  quietLogger,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { createMastersModule, type MastersModule } from '../src';

export const INTERNAL_SECRET = 'fleet-tests-internal-secret-0123456789';

export interface MastersHarness {
  module: MastersModule;
  client: Client<typeof MastersService>;
  database: TestDatabase;
  testBus: TestBus;
  /** A signed-in member of `tenantId` holding `permissions` (every permission by default). */
  callerFor(tenantId: string, permissions?: string[]): Caller;
  /** Creates a record of `kind` for the operator as its owner and returns it. */
  create(tenantId: string, kind: string, values: Record<string, unknown>): Promise<MasterRecord>;
  close(): Promise<void>;
}

/** Fleet on a real PostgreSQL database and a real JetStream namespace, called through its gRPC routes. */
export async function bootMasters(options: { clock?: () => Date } = {}): Promise<MastersHarness> {
  const database = await createTestDatabase();
  const testBus = await createTestBus();
  const logger = quietLogger('masters-test');
  const module = await createMastersModule({
    db: database.db,
    bus: testBus.bus,
    logger,
    clock: options.clock,
  });
  await module.start();
  const client = createServiceClient(
    MastersService,
    { kind: 'in-process', service: 'masters', routes: module.routes, logger },
    createCallerCodec(INTERNAL_SECRET),
  );
  const callerFor = (tenantId: string, permissions: string[] = allPermissionIds()): Caller => ({
    requestId: randomUUID(),
    clientIp: '10.1.1.1',
    tenantId,
    userId: randomUUID(),
    permissions,
    isMasquerade: false,
  });
  return {
    module,
    client,
    database,
    testBus,
    callerFor,
    async create(tenantId, kind, values) {
      const r = await client.createRecord({ kind, values: values as never }, callAs(callerFor(tenantId)));
      return r.record!;
    },
    async close() {
      await module.stop();
      await testBus.close();
      await database.drop();
    },
  };
}
