import { randomUUID } from 'node:crypto';
import type { DescService } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import {
  type Caller,
  createCallerCodec,
  createServiceClient,
  type Logger,
  noOtherServices,
  type ServiceConnector,
  type ServiceDeps,
  type ServiceModule,
} from '@fleet/platform';
import { quietLogger } from './quiet-logger';
import { createTestBus, type TestBus } from './test-bus';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_INTERNAL_SECRET = 'service-tests-internal-secret-0123456789';

export interface ServiceHarness<Module extends ServiceModule, Service extends DescService> {
  module: Module;
  grpcService: Service;
  /** The service's gRPC client, through its routes and the same interceptors as over the network. */
  client: Client<Service>;
  database: TestDatabase;
  testBus: TestBus;
  logger: Logger;
  /** A signed-in member of `tenantId` holding `permissions` (the harness's defaults unless given). */
  callerFor(tenantId: string, permissions?: string[]): Caller;
  close(): Promise<void>;
}

/**
 * The one way a service test starts its service: a fresh database on the real PostgreSQL, its own
 * JetStream namespace, the module created as the runners create it and started, and a client over
 * Connect's router transport. `close` stops the module and drops the database and namespace.
 */
export async function bootService<Module extends ServiceModule, Service extends DescService>(options: {
  name: string;
  grpcService: Service;
  create(deps: ServiceDeps): Promise<Module>;
  /** What `callerFor` grants when no permissions are given. */
  defaultPermissions: string[];
  /** The other services it calls; none unless given. */
  connect?: ServiceConnector;
  /** Another harness's bus, to hear the events of a service booted beside it; its own unless given. */
  testBus?: TestBus;
}): Promise<ServiceHarness<Module, Service>> {
  const database = await createTestDatabase();
  const ownsBus = !options.testBus;
  const testBus = options.testBus ?? (await createTestBus());
  const logger = quietLogger(`${options.name}-test`);
  let module: Module | undefined;
  try {
    module = await options.create({
      db: database.db,
      bus: testBus.bus,
      logger,
      connect: options.connect ?? noOtherServices,
    });
    await module.start();
  } catch (error) {
    await module?.stop();
    if (ownsBus) await testBus.close();
    await database.drop();
    throw error;
  }
  const started = module;
  const client = createServiceClient(
    options.grpcService,
    { kind: 'in-process', service: options.name, routes: started.routes, logger },
    createCallerCodec(TEST_INTERNAL_SECRET),
  );
  return {
    module: started,
    grpcService: options.grpcService,
    client,
    database,
    testBus,
    logger,
    callerFor: (tenantId, permissions = options.defaultPermissions) => ({
      requestId: randomUUID(),
      clientIp: '10.1.1.1',
      tenantId,
      userId: randomUUID(),
      permissions,
      isMasquerade: false,
    }),
    async close() {
      await started.stop();
      if (ownsBus) await testBus.close();
      await database.drop();
    },
  };
}

/**
 * A connector to services already booted by their harnesses, as the embedded product connects a
 * service to those it needs: in-process, through the same interceptors as over the network.
 */
export function connectorTo(...harnesses: ServiceHarness<ServiceModule, DescService>[]): ServiceConnector {
  const codec = createCallerCodec(TEST_INTERNAL_SECRET);
  return (service) => {
    const harness = harnesses.find((h) => h.grpcService.typeName === service.typeName);
    if (!harness) throw new Error(`No harness was booted for ${service.typeName}.`);
    return createServiceClient(
      service,
      {
        kind: 'in-process',
        service: service.typeName,
        routes: harness.module.routes,
        logger: harness.logger,
      },
      codec,
    );
  };
}
