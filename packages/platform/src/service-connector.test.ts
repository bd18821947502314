import { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { Health, HealthCheckResponse_ServingStatus } from '@fleet/proto/grpc/health/v1/health_pb';
import { createCallerCodec } from './caller';
import { createLogger } from './logger';
import { callAs } from './rpc/client';
import { createHealthReporter, registerHealth } from './rpc/health';
import { connectorFor } from './service-connector';
import { defineService, noSettings } from './service-definition';

const row = (name: string, grpcService: typeof Health | typeof MastersService, needs: string[]) =>
  defineService({
    name,
    description: name,
    grpcService,
    port: 50_000,
    needs,
    settings: noSettings,
    create: () => {
      throw new Error('not started here');
    },
  });

const logger = createLogger({ name: 'connector-test', level: 'silent' });
const codec = createCallerCodec('service-connector-test-secret-0123456789');
const table = [
  row('health', Health, []),
  row('masters', MastersService, []),
  row('calling', Health, ['health']),
];

it('gives a working client of a service the caller needs, where the product put it', async () => {
  const reporter = createHealthReporter([], { database: async () => {} });
  const connect = connectorFor(
    { name: 'calling', needs: ['health'] },
    table,
    (needed) => ({
      kind: 'in-process',
      service: needed.name,
      routes: (r) => registerHealth(r, reporter),
      logger,
    }),
    codec,
  );
  const answer = await connect(Health).check(
    { service: '' },
    callAs({ requestId: 'r1', permissions: [], isMasquerade: false }),
  );
  expect(answer.status).toBe(HealthCheckResponse_ServingStatus.SERVING);
});

it('refuses a service the caller does not name among its needs', () => {
  const connect = connectorFor(
    { name: 'calling', needs: ['health'] },
    table,
    () => {
      throw new Error('no target should be made');
    },
    codec,
  );
  expect(() => connect(MastersService)).toThrow(
    /calling calls fleet.masters.v1.MastersService, which is not among its needs/,
  );
  expect(() => connect(BookingsService)).toThrow(/not among its needs/);
});
