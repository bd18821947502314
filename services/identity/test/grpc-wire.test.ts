import { randomUUID } from 'node:crypto';
import { create, type DescMessage, fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  anonymousCaller,
  CALLER_HEADER,
  createCallerCodec,
  type RpcServer,
  startRpcServer,
} from '@fleet/platform';
import {
  RequestOtpRequestSchema,
  RequestOtpResponseSchema,
} from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import {
  HealthCheckRequestSchema,
  HealthCheckResponse_ServingStatus,
  HealthCheckResponseSchema,
} from '@fleet/proto/grpc/health/v1/health_pb';
import { quietLogger, TEST_INTERNAL_SECRET } from '@fleet/testing';
import * as grpc from '@grpc/grpc-js';
import { bootIdentity, freshPhone, type IdentityHarness } from './support';

/** A plain @grpc/grpc-js client: an independent gRPC implementation proves the wire is standard. */
function unary<I extends DescMessage, O extends DescMessage>(
  client: grpc.Client,
  path: string,
  input: I,
  output: O,
  value: Parameters<typeof create<I>>[1],
  metadata = new grpc.Metadata(),
) {
  return new Promise<ReturnType<typeof fromBinary<O>>>((resolve, reject) => {
    client.makeUnaryRequest(
      path,
      (_value: unknown) => Buffer.from(toBinary(input, create(input, value as never))),
      (bytes: Buffer) => fromBinary(output, bytes),
      {},
      metadata,
      { deadline: Date.now() + 5000 },
      (error, response) => (error ? reject(error) : resolve(response!)),
    );
  });
}

describe('identity over the network, called by @grpc/grpc-js', () => {
  let h: IdentityHarness;
  let server: RpcServer;
  let client: grpc.Client;

  beforeAll(async () => {
    h = await bootIdentity();
    server = await startRpcServer({
      service: 'identity',
      routes: h.module.routes,
      health: h.module.health,
      codec: createCallerCodec(TEST_INTERNAL_SECRET),
      logger: quietLogger(),
      port: 0,
      host: '127.0.0.1',
    });
    client = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    client.close();
    await server.close();
    await h.close();
  });

  it('answers the standard health check', async () => {
    const whole = await unary(
      client,
      '/grpc.health.v1.Health/Check',
      HealthCheckRequestSchema,
      HealthCheckResponseSchema,
      {},
    );
    expect(whole.status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    const named = await unary(
      client,
      '/grpc.health.v1.Health/Check',
      HealthCheckRequestSchema,
      HealthCheckResponseSchema,
      {
        service: 'fleet.identity.v1.IdentityService',
      },
    );
    expect(named.status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    await expect(
      unary(client, '/grpc.health.v1.Health/Check', HealthCheckRequestSchema, HealthCheckResponseSchema, {
        service: 'nope',
      }),
    ).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
  });

  it('serves a call carrying a signed caller', async () => {
    const metadata = new grpc.Metadata();
    metadata.set(
      CALLER_HEADER,
      await createCallerCodec(TEST_INTERNAL_SECRET).sign(anonymousCaller(randomUUID(), '10.0.0.9')),
    );
    const response = await unary(
      client,
      '/fleet.identity.v1.IdentityService/RequestOtp',
      RequestOtpRequestSchema,
      RequestOtpResponseSchema,
      { phone: freshPhone() },
      metadata,
    );
    expect(response.expiresInSeconds).toBe(300);
  });

  it('maps domain errors to standard status codes with a readable message', async () => {
    const metadata = new grpc.Metadata();
    metadata.set(CALLER_HEADER, await createCallerCodec(TEST_INTERNAL_SECRET).sign(anonymousCaller()));
    await expect(
      unary(
        client,
        '/fleet.identity.v1.IdentityService/RequestOtp',
        RequestOtpRequestSchema,
        RequestOtpResponseSchema,
        { phone: 'x' },
        metadata,
      ),
    ).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: expect.stringContaining('country code'),
    });
  });

  it('refuses calls without a signed caller, or with one signed by a stranger', async () => {
    await expect(
      unary(
        client,
        '/fleet.identity.v1.IdentityService/RequestOtp',
        RequestOtpRequestSchema,
        RequestOtpResponseSchema,
        { phone: freshPhone() },
      ),
    ).rejects.toMatchObject({ code: grpc.status.UNAUTHENTICATED });
    const metadata = new grpc.Metadata();
    metadata.set(
      CALLER_HEADER,
      await createCallerCodec('someone-else-entirely-0123456789abc').sign(anonymousCaller()),
    );
    await expect(
      unary(
        client,
        '/fleet.identity.v1.IdentityService/RequestOtp',
        RequestOtpRequestSchema,
        RequestOtpResponseSchema,
        { phone: freshPhone() },
        metadata,
      ),
    ).rejects.toMatchObject({ code: grpc.status.UNAUTHENTICATED });
  });

  it('finishes a call in flight when shutting down, then refuses new ones', async () => {
    const second = await startRpcServer({
      service: 'identity',
      routes: h.module.routes,
      // A slow check stands in for a long call: it is still running when shutdown begins.
      health: {
        services: [],
        status: () => new Promise((r) => setTimeout(() => r(HealthCheckResponse_ServingStatus.SERVING), 400)),
        shutDown() {},
      },
      codec: createCallerCodec(TEST_INTERNAL_SECRET),
      logger: quietLogger(),
      port: 0,
      host: '127.0.0.1',
    });
    const c = new grpc.Client(`127.0.0.1:${second.port}`, grpc.credentials.createInsecure());
    await unary(c, '/grpc.health.v1.Health/Check', HealthCheckRequestSchema, HealthCheckResponseSchema, {});
    const inFlight = unary(
      c,
      '/grpc.health.v1.Health/Check',
      HealthCheckRequestSchema,
      HealthCheckResponseSchema,
      {},
    );
    await new Promise((r) => setTimeout(r, 100));
    const closing = second.close(5000);
    await expect(inFlight).resolves.toBeDefined();
    await closing;
    c.close();
    const fresh = new grpc.Client(`127.0.0.1:${second.port}`, grpc.credentials.createInsecure());
    await expect(
      unary(fresh, '/grpc.health.v1.Health/Check', HealthCheckRequestSchema, HealthCheckResponseSchema, {}),
    ).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });
    fresh.close();
  });
});
