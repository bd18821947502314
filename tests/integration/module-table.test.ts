// The module table is the only list of services: a throwaway service added to it here, and nowhere
// else, runs in the embedded product, answers the gateway's readiness through its own client, gets a
// process and a URL in the distributed start, and a block in the chart's values and the kustomize base.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { gatewayConfigSchema } from '@fleet/gateway';
import {
  createCallerCodec,
  createHealthReporter,
  defineService,
  loadConfig,
  type ModuleTable,
  noSettings,
  type ServiceModule,
} from '@fleet/platform';
import {
  distributedPlan,
  type EmbeddedProduct,
  renderChartServices,
  renderKustomizeBase,
  renderReadmeModules,
  SERVICES,
  serviceUrls,
  startEmbeddedProduct,
} from '@fleet/product';
import { Health } from '@fleet/proto/grpc/health/v1/health_pb';
import {
  createTestBus,
  createTestDatabase,
  quietLogger,
  type TestBus,
  type TestDatabase,
} from '@fleet/testing';
import { parse } from 'yaml';
import {
  createValuesValidator,
  type JsonObject,
  loadDefaultValues,
  mergeValues,
} from '../deploy/chart-tools';

let started = 0;
/** A service with nothing but its health: what the table needs of a row, and no more. */
const throwaway = defineService({
  name: 'throwaway',
  description: 'exists only in this test',
  grpcService: Health,
  port: 50999,
  needs: ['masters'],
  settings: noSettings,
  async create(): Promise<ServiceModule> {
    return {
      name: 'throwaway',
      routes: () => {},
      health: createHealthReporter([Health.typeName], {}),
      async start() {
        started += 1;
      },
      async stop() {},
    };
  },
});
const table = [...SERVICES, throwaway];

describe('a service added to the module table, and nowhere else', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let product: EmbeddedProduct;
  const start = (extraModules: ModuleTable) =>
    startEmbeddedProduct({
      db: database.db,
      bus: testBus.bus,
      logger: quietLogger('module-table-test'),
      codec: createCallerCodec(`module-table-tests-${randomUUID()}`),
      env: {},
      localSecret: (variable) => `module-table-tests-${variable}-0123456789abcdef01234567`,
      gateway: loadConfig(gatewayConfigSchema, { PORT: '0', NODE_ENV: 'test' }),
      extraModules,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    testBus = await createTestBus();
    product = await start([throwaway]);
  }, 60_000);

  afterAll(async () => {
    await product?.stop();
    await testBus?.close();
    await database?.drop();
  });

  it('starts in the embedded product, once, with a client of its own gRPC service', async () => {
    expect(started).toBe(1);
    expect(Object.keys(product.extraClients)).toEqual(['throwaway']);
    // A client of its own service (grpc.health.v1.Health here), its one method ready to call.
    expect(typeof product.extraClients.throwaway?.check).toBe('function');
  });

  it('is listed by the gateway’s readiness beside the product’s own services', async () => {
    expect(await product.readiness()).toEqual({
      ready: true,
      stopping: false,
      services: Object.fromEntries(table.map((s) => [s.name, { healthy: true }])),
    });
  });

  it('gets its own process in the distributed start with the URLs of what it needs, and the gateway its URL', () => {
    const plan = distributedPlan(table, { THROWAWAY_GRPC_PORT: '61234' });
    expect(plan.map((p) => p.name)).toEqual([
      'identity',
      'bookings',
      'masters',
      'messaging',
      'billing',
      'throwaway',
      'gateway',
    ]);
    expect(plan.find((p) => p.name === 'throwaway')?.env).toEqual({
      GRPC_PORT: '61234',
      METRICS_PORT: '9470',
      DATA_DIR: resolve('.data'),
      LISTEN_HOST: '127.0.0.1',
      MASTERS_URL: 'http://127.0.0.1:50053',
    });
    expect(plan.find((p) => p.name === 'gateway')?.env).toMatchObject({
      THROWAWAY_URL: 'http://127.0.0.1:61234',
      MASTERS_URL: 'http://127.0.0.1:50053',
    });
    expect(serviceUrls(table, { THROWAWAY_URL: 'http://throwaway.internal:7000' })).toMatchObject({
      throwaway: 'http://throwaway.internal:7000',
      identity: 'http://127.0.0.1:50051',
    });
    expect(() => serviceUrls(table, { THROWAWAY_URL: 'throwaway:7000' })).toThrow(
      'THROWAWAY_URL: expected a URL such as http://throwaway:50999',
    );
  });

  it('gets a block in the chart’s values that the chart’s schema accepts, and a kustomize component', () => {
    const rendered: JsonObject = parse(renderChartServices(table));
    const services = rendered.services as JsonObject;
    expect(Object.keys(services)).toEqual(table.map((s) => s.name));
    expect(services.throwaway).toMatchObject({
      enabled: true,
      grpcPort: 50999,
      urlEnv: 'THROWAWAY_URL',
      service: { port: 50999 },
    });
    const defaults = loadDefaultValues();
    expect(createValuesValidator()(mergeValues(defaults, rendered))).toEqual([]);

    const base = renderKustomizeBase(table);
    expect(base.get('throwaway/deployment.yaml')).toContain('containerPort: 50999');
    expect(base.get('kustomization.yaml')).toContain('  - throwaway/deployment.yaml');
    expect(base.get('service-urls.yaml')).toContain('THROWAWAY_URL: http://fleet-throwaway:50999');
    expect(renderReadmeModules(table)).toMatch(/\| `throwaway` +\| 50999 +\| `THROWAWAY_URL` +\|/);
  });

  it('is refused when it needs a service the table does not have', async () => {
    const lonely = defineService({ ...throwaway, name: 'lonely', needs: ['channels'] });
    await expect(start([lonely])).rejects.toThrow(
      '"lonely" needs "channels", which is not in the module table.',
    );
  });
});
