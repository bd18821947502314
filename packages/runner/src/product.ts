import type { DescService } from '@bufbuild/protobuf';
import { type Client, type ConnectRouter, createClient } from '@connectrpc/connect';
import { type GatewayConfig, type RunningGateway, startGateway } from '@fleet/gateway';
import {
  createIdentityModule,
  type IdentityModule,
  type IdentitySettings,
  type SmsProvider,
} from '@fleet/identity';
import {
  type CallerCodec,
  createServiceTransport,
  type Database,
  type EventBus,
  type Logger,
  registerHealth,
  type ServiceTarget,
} from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { Health, HealthCheckResponse_ServingStatus } from '@fleet/proto/grpc/health/v1/health_pb';

export interface ServiceClients {
  identity: Client<typeof IdentityService>;
}

/** A client for a service and a readiness probe on its standard health check, over one transport. */
export function connectToService<S extends DescService>(
  service: S,
  target: ServiceTarget,
  codec: CallerCodec,
) {
  const transport = createServiceTransport(target, codec);
  const health = createClient(Health, transport);
  return {
    client: createClient(service, transport),
    async ready() {
      const { status } = await health.check({ service: service.typeName }, { timeoutMs: 2000 });
      return status === HealthCheckResponse_ServingStatus.SERVING;
    },
  };
}

export interface EmbeddedProductOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  codec: CallerCodec;
  identity: IdentitySettings;
  gateway: GatewayConfig;
  sms?: SmsProvider;
  webDist?: string;
}

export interface EmbeddedProduct {
  port: number;
  identity: IdentityModule;
  clients: ServiceClients;
  stop(): Promise<void>;
}

/**
 * Every module in this process: services reached through Connect's router transport (the same
 * interceptors as over the network), one database, one bus. `npm start` runs this on PGlite with the
 * in-process bus; tests run it on a real PostgreSQL and JetStream.
 */
export async function startEmbeddedProduct(options: EmbeddedProductOptions): Promise<EmbeddedProduct> {
  const identity = await createIdentityModule({
    db: options.db,
    bus: options.bus,
    logger: options.logger,
    settings: options.identity,
    sms: options.sms,
  });
  await identity.start();
  const routes = (router: ConnectRouter) => {
    identity.routes(router);
    registerHealth(router, identity.health);
  };
  const identityConnection = connectToService(
    IdentityService,
    { kind: 'in-process', service: 'identity', routes, logger: options.logger },
    options.codec,
  );
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      identity: identityConnection.client,
      config: options.gateway,
      logger: options.logger,
      readiness: { identity: identityConnection.ready },
      webDist: options.webDist,
    });
  } catch (error) {
    await identity.stop();
    throw error;
  }
  return {
    port: gateway.port,
    identity,
    clients: { identity: identityConnection.client },
    async stop() {
      await gateway.close();
      await identity.stop();
    },
  };
}
