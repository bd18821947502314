import type { DescService } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import type { CallerCodec } from './caller';
import { createServiceClient, type ServiceTarget } from './rpc/client';
import type { AnyServiceDefinition, ModuleTable } from './service-definition';

/**
 * A client of another service of the table, however the product runs (in-process, or over the network
 * at the service's URL). A service calls only what its row `needs`: that is what orders the start and
 * what the deployment wires, so asking for anything else is a programming error, refused at once.
 */
export type ServiceConnector = <S extends DescService>(service: S) => Client<S>;

export function connectorFor(
  definition: Pick<AnyServiceDefinition, 'name' | 'needs'>,
  table: ModuleTable,
  targetOf: (needed: AnyServiceDefinition) => ServiceTarget,
  codec: CallerCodec,
): ServiceConnector {
  return (service) => {
    const needed = table.find(
      (d) => d.grpcService.typeName === service.typeName && definition.needs.includes(d.name),
    );
    if (!needed) {
      throw new Error(
        `${definition.name} calls ${service.typeName}, which is not among its needs in the module table.`,
      );
    }
    return createServiceClient(service, targetOf(needed), codec);
  };
}

/** For a service that calls no other (and for tests of one): any call to another is refused. */
export const noOtherServices: ServiceConnector = (service) => {
  throw new Error(`No other service is reachable here: ${service.typeName}.`);
};
