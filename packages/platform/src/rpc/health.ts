import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  Health,
  type HealthCheckResponse,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as Status,
} from '@fleet/proto/grpc/health/v1/health_pb';

/** A named readiness check: the database answers, the bus answers… */
export type HealthProbe = () => Promise<void>;

export interface HealthReporter {
  /** The fully-qualified gRPC services reported on, e.g. fleet.identity.v1.IdentityService. */
  readonly services: string[];
  status(): Promise<Status>;
  /** Marks the process as going away; checks answer NOT_SERVING from then on. */
  shutDown(): void;
}

export function createHealthReporter(
  services: string[],
  probes: Record<string, HealthProbe>,
): HealthReporter {
  let stopping = false;
  return {
    services,
    async status() {
      if (stopping) return Status.NOT_SERVING;
      try {
        await Promise.all(Object.values(probes).map((probe) => probe()));
        return Status.SERVING;
      } catch {
        return Status.NOT_SERVING;
      }
    },
    shutDown() {
      stopping = true;
    },
  };
}

const response = (status: Status): HealthCheckResponse => create(HealthCheckResponseSchema, { status });

/** The standard grpc.health.v1.Health service: "" is the whole server, otherwise one named service. */
export function registerHealth(router: ConnectRouter, reporter: HealthReporter): void {
  const known = (service: string) => service === '' || reporter.services.includes(service);
  router.service(Health, {
    async check(req) {
      if (!known(req.service)) throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
      return response(await reporter.status());
    },
    async list() {
      const status = await reporter.status();
      const statuses: Record<string, HealthCheckResponse> = { '': response(status) };
      for (const service of reporter.services) statuses[service] = response(status);
      return { statuses };
    },
    async *watch(req, ctx) {
      if (!known(req.service)) {
        yield response(Status.SERVICE_UNKNOWN);
        return;
      }
      let last: Status | undefined;
      while (!ctx.signal.aborted) {
        const status = await reporter.status();
        if (status !== last) {
          last = status;
          yield response(status);
        }
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
    },
  });
}
