import type { DescService } from '@bufbuild/protobuf';
import { type Client, type ConnectRouter, createClient } from '@connectrpc/connect';
import { type BookingsModule, createBookingsModule } from '@fleet/bookings';
import { type GatewayConfig, type RunningGateway, startGateway } from '@fleet/gateway';
import {
  createIdentityModule,
  type IdentityModule,
  type IdentitySettings,
  type SmsProvider,
} from '@fleet/identity';
import { createMastersModule, type MastersModule } from '@fleet/masters';
import {
  type CallerCodec,
  createServiceTransport,
  type Database,
  type EventBus,
  type Logger,
  registerHealth,
  type ServiceModule,
  type ServiceTarget,
} from '@fleet/platform';
import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { Health, HealthCheckResponse_ServingStatus } from '@fleet/proto/grpc/health/v1/health_pb';

export interface ServiceClients {
  identity: Client<typeof IdentityService>;
  bookings: Client<typeof BookingsService>;
  masters: Client<typeof MastersService>;
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
  bookings: BookingsModule;
  masters: MastersModule;
  clients: ServiceClients;
  stop(): Promise<void>;
}

/** A module's routes with its standard health service, as its own server would answer them. */
const withHealth = (module: ServiceModule) => (router: ConnectRouter) => {
  module.routes(router);
  registerHealth(router, module.health);
};

/**
 * Every module in this process: services reached through Connect's router transport (the same
 * interceptors as over the network), one database, one bus. `npm start` runs this on PGlite with the
 * in-process bus; tests run it on a real PostgreSQL and JetStream.
 */
export async function startEmbeddedProduct(options: EmbeddedProductOptions): Promise<EmbeddedProduct> {
  const { db, bus, logger, codec } = options;
  const started: ServiceModule[] = [];
  const stopStarted = async () => {
    for (const module of [...started].reverse()) await module.stop();
  };
  try {
    const identity = await createIdentityModule({
      db,
      bus,
      logger,
      settings: options.identity,
      sms: options.sms,
    });
    await identity.start();
    started.push(identity);
    const bookings = await createBookingsModule({ db, bus, logger });
    await bookings.start();
    started.push(bookings);
    const masters = await createMastersModule({ db, bus, logger });
    await masters.start();
    started.push(masters);

    const identityConnection = connectToService(
      IdentityService,
      { kind: 'in-process', service: 'identity', routes: withHealth(identity), logger },
      codec,
    );
    const bookingsConnection = connectToService(
      BookingsService,
      { kind: 'in-process', service: 'bookings', routes: withHealth(bookings), logger },
      codec,
    );
    const mastersConnection = connectToService(
      MastersService,
      { kind: 'in-process', service: 'masters', routes: withHealth(masters), logger },
      codec,
    );
    const clients: ServiceClients = {
      identity: identityConnection.client,
      bookings: bookingsConnection.client,
      masters: mastersConnection.client,
    };
    const gateway: RunningGateway = await startGateway({
      ...clients,
      config: options.gateway,
      logger,
      readiness: {
        identity: identityConnection.ready,
        bookings: bookingsConnection.ready,
        masters: mastersConnection.ready,
      },
      webDist: options.webDist,
    });
    return {
      port: gateway.port,
      identity,
      bookings,
      masters,
      clients,
      async stop() {
        await gateway.close();
        await stopStarted();
      },
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}
