import type { DescService } from '@bufbuild/protobuf';
import { type Client, type ConnectRouter, createClient } from '@connectrpc/connect';
import { type GatewayConfig, type ReadinessReport, type RunningGateway, startGateway } from '@fleet/gateway';
import {
  type AnyServiceDefinition,
  type CallerCodec,
  type ClientsOf,
  connectorFor,
  createServiceTransport,
  type Database,
  type Environment,
  type EventBus,
  inStartOrder,
  type LocalSecret,
  type Logger,
  type ModulesOf,
  type ModuleTable,
  registerHealth,
  type ServiceModule,
  type ServiceTarget,
  type SettingsOverrides,
  sessionSigningKeys,
} from '@fleet/platform';
import { Health, HealthCheckResponse_ServingStatus } from '@fleet/proto/grpc/health/v1/health_pb';
import { SERVICES, type Services } from './modules';

/** A client for a service and a readiness probe on its standard health check, over one transport. */
export function connectToService<S extends DescService>(
  service: S,
  target: ServiceTarget,
  codec: CallerCodec,
): { client: Client<S>; ready(): Promise<boolean> } {
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

/** A client and a readiness probe for every service of the table, each over the target it names. */
export function connectServices<T extends ModuleTable>(
  table: T,
  targetOf: (service: T[number]) => ServiceTarget,
  codec: CallerCodec,
): { clients: ClientsOf<T>; readiness: Record<string, () => Promise<boolean>> } {
  const clients: Record<string, Client<DescService>> = {};
  const readiness: Record<string, () => Promise<boolean>> = {};
  for (const service of table) {
    const connection = connectToService(service.grpcService, targetOf(service), codec);
    clients[service.name] = connection.client;
    readiness[service.name] = connection.ready;
  }
  // Built name by name from the same rows ClientsOf<T> is computed from.
  return { clients: clients as ClientsOf<T>, readiness };
}

export interface EmbeddedProductOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  codec: CallerCodec;
  /** What each service reads its settings from. */
  env: Environment;
  localSecret: LocalSecret;
  /** Settings put over what the services parse (tests capture SMS this way). */
  settings?: SettingsOverrides<Services>;
  /** Rows added to the module table (a test proves the table is the only list this way). */
  extraModules?: ModuleTable;
  gateway: GatewayConfig;
  /** The address the gateway listens on (every address unless given). */
  host?: string;
  webDist?: string;
}

export interface EmbeddedProduct {
  port: number;
  modules: ModulesOf<Services>;
  clients: ClientsOf<Services>;
  /** The clients of `extraModules`, by name. */
  extraClients: Record<string, Client<DescService>>;
  /** The gateway's readiness, service by service, for the operators' metrics listener. */
  readiness(): Promise<ReadinessReport>;
  stop(): Promise<void>;
}

/** A module's routes with its standard health service, as its own server would answer them. */
const withHealth = (module: ServiceModule) => (router: ConnectRouter) => {
  module.routes(router);
  registerHealth(router, module.health);
};

/**
 * Every module of the table in this process, in the order their needs give: services reached through
 * Connect's router transport (the same interceptors as over the network), one database, one bus, and
 * the gateway in front. `npm start` runs this on PGlite with the in-process bus; tests run it on a real
 * PostgreSQL and JetStream.
 */
export async function startEmbeddedProduct(options: EmbeddedProductOptions): Promise<EmbeddedProduct> {
  const { db, bus, logger, codec } = options;
  const extra = options.extraModules ?? [];
  const overrides: Record<string, object | undefined> = options.settings ?? {};
  const started: ServiceModule[] = [];
  const modules: Record<string, ServiceModule> = {};
  const stopStarted = async () => {
    for (const module of [...started].reverse()) await module.stop();
  };
  try {
    const table: ModuleTable = [...SERVICES, ...extra];
    // Start order puts every service after those it needs, so a needed module is here when asked for.
    const inProcess = (service: AnyServiceDefinition): ServiceTarget => ({
      kind: 'in-process',
      service: service.name,
      routes: withHealth(modules[service.name] as ServiceModule),
      logger,
    });
    for (const service of inStartOrder(table)) {
      const settings = { ...service.settings(options.env, options.localSecret), ...overrides[service.name] };
      const connect = connectorFor(service, table, inProcess, codec);
      const module = await service.create({ db, bus, logger, connect }, settings);
      await module.start();
      started.push(module);
      modules[service.name] = module;
    }
    const own = connectServices(SERVICES, inProcess, codec);
    const added = connectServices(extra, inProcess, codec);
    const gateway: RunningGateway = await startGateway({
      services: { ...added.clients, ...own.clients },
      signingKeys: sessionSigningKeys(options.env, options.localSecret),
      bus,
      config: options.gateway,
      logger,
      readiness: { ...own.readiness, ...added.readiness },
      webDist: options.webDist,
      host: options.host,
    });
    return {
      port: gateway.port,
      // Filled name by name above from the rows ModulesOf<Services> is computed from.
      modules: modules as ModulesOf<Services>,
      clients: own.clients,
      extraClients: added.clients,
      readiness: gateway.readiness,
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

/** The clients of the product's own services. */
export type ServiceClients = ClientsOf<Services>;
