import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import {
  Health,
  HealthCheckResponse_ServingStatus,
  HealthCheckResponseSchema,
} from '@fleet/proto/grpc/health/v1/health_pb';
import { CALLER_HEADER, type Caller, createCallerCodec, REQUEST_ID_HEADER } from '../caller';
import { createLogger } from '../logger';
import { callAs, createServiceTransport } from './client';
import { callerOf } from './context';

const SECRET = 'caller-metadata-tests-secret-0123456789';

interface Seen {
  asked: string;
  requestId: string;
  header: string | null;
  token: string | null;
}

/** A service, in-process with the network's interceptors, that records who each call came from. */
function recordingClient(codec = createCallerCodec(SECRET)) {
  const seen: Seen[] = [];
  const transport = createServiceTransport(
    {
      kind: 'in-process',
      service: 'recorder',
      logger: createLogger({ name: 'recorder', level: 'silent' }),
      routes: (router) =>
        router.service(Health, {
          async check(req, ctx) {
            // Yield so that concurrent calls interleave in the handler.
            await new Promise((r) => setTimeout(r, Math.random() * 5));
            seen.push({
              asked: req.service,
              requestId: callerOf(ctx).requestId,
              header: ctx.requestHeader.get(REQUEST_ID_HEADER),
              token: ctx.requestHeader.get(CALLER_HEADER),
            });
            return create(HealthCheckResponseSchema, { status: HealthCheckResponse_ServingStatus.SERVING });
          },
        }),
    },
    codec,
  );
  return { client: createClient(Health, transport), seen };
}

const callerWith = (requestId: string): Caller => ({
  requestId,
  tenantId: 'tenant-a',
  userId: 'user-a',
  permissions: ['view_duty'],
  isMasquerade: false,
});

describe('the caller in the metadata of calls', () => {
  it("keeps each request's own request id, with many requests' calls in flight at once", async () => {
    const { client, seen } = recordingClient();
    const requests = Array.from({ length: 30 }, () => callerWith(randomUUID()));
    await Promise.all(
      requests.flatMap((caller) =>
        [0, 1, 2].map((i) =>
          client.check({ service: caller.requestId }, callAs(i === 2 ? { ...caller } : caller)),
        ),
      ),
    );
    expect(seen).toHaveLength(90);
    for (const s of seen) {
      expect(s.requestId).toBe(s.asked);
      expect(s.header).toBe(s.asked);
    }
    // One token per request, reused by its three calls; no two requests share one.
    const tokensByRequest = new Map<string, Set<string | null>>();
    for (const s of seen)
      tokensByRequest.set(s.asked, (tokensByRequest.get(s.asked) ?? new Set()).add(s.token));
    for (const tokens of tokensByRequest.values()) expect(tokens.size).toBe(1);
    expect(new Set(seen.map((s) => s.token)).size).toBe(30);
  });

  it('refuses a call whose caller was signed with another secret, or carries none', async () => {
    const { client, seen } = recordingClient();
    await expect(client.check({ service: 'r1' }, callAs(callerWith('r1')))).resolves.toBeDefined();
    const forged = await createCallerCodec('another-secret-0123456789abcdefghij').sign(callerWith('r2'));
    await expect(
      client.check({ service: 'r2' }, { headers: { [CALLER_HEADER]: forged }, timeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 16 /* Unauthenticated */ });
    await expect(client.check({ service: 'r3' }, { timeoutMs: 1000 })).rejects.toMatchObject({ code: 16 });
    expect(seen.map((s) => s.asked)).toEqual(['r1']);
  });
});
