import type { DescService } from '@bufbuild/protobuf';
import {
  type CallOptions,
  type Client,
  type ConnectRouter,
  createClient,
  createContextKey,
  createContextValues,
  createRouterTransport,
  type Interceptor,
  type Transport,
} from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { CALLER_HEADER, type Caller, type CallerCodec, REQUEST_ID_HEADER } from '../caller';
import type { Logger } from '../logger';
import { serverInterceptors } from './context';

const outgoingCallerKey = createContextKey<Caller | undefined>(undefined, { description: 'outgoing caller' });

export const DEFAULT_DEADLINE_MS = 10_000;

/** Options for one call: who is calling, with the default deadline unless given. */
export function callAs(
  caller: Caller,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): CallOptions {
  return {
    contextValues: createContextValues().set(outgoingCallerKey, caller),
    timeoutMs: options.timeoutMs ?? DEFAULT_DEADLINE_MS,
    signal: options.signal,
  };
}

/**
 * Puts the signed caller into the metadata of every outgoing call. The codec signs a caller once and
 * reuses its token while it is well inside its lifetime (see createCallerCodec), across every client
 * sharing the codec, so the calls of one request cost one signature.
 */
function callerHeaderInterceptor(codec: CallerCodec): Interceptor {
  return (next) => async (req) => {
    const caller = req.contextValues.get(outgoingCallerKey);
    if (caller) {
      req.header.set(CALLER_HEADER, await codec.sign(caller));
      req.header.set(REQUEST_ID_HEADER, caller.requestId);
    }
    return next(req);
  };
}

/** Where a service lives: in this process (its routes) or across the network (its gRPC URL). */
export type ServiceTarget =
  | { kind: 'in-process'; service: string; routes: (router: ConnectRouter) => void; logger: Logger }
  | { kind: 'network'; baseUrl: string };

/**
 * The one way to reach a service. In-process calls go through Connect's router transport with the same
 * server interceptors the network server uses, so both paths verify callers and map errors identically.
 */
export function createServiceTransport(target: ServiceTarget, codec: CallerCodec): Transport {
  const interceptors = [callerHeaderInterceptor(codec)];
  if (target.kind === 'in-process') {
    return createRouterTransport(target.routes, {
      transport: { interceptors, defaultTimeoutMs: DEFAULT_DEADLINE_MS },
      router: { interceptors: serverInterceptors({ service: target.service, codec, logger: target.logger }) },
    });
  }
  return createGrpcTransport({
    baseUrl: target.baseUrl,
    interceptors,
    defaultTimeoutMs: DEFAULT_DEADLINE_MS,
    // Services talk inside one network: gzip of a 10 kB answer costs more CPU than its bytes cost wire.
    acceptCompression: [],
  });
}

export function createServiceClient<S extends DescService>(
  service: S,
  target: ServiceTarget,
  codec: CallerCodec,
): Client<S> {
  return createClient(service, createServiceTransport(target, codec));
}
