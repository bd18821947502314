import type { JsonObject } from '@bufbuild/protobuf';
import { allPermissionIds, decodeListPage, type MasterListRecord, masterOf } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { type ListRecordsResponse, MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import type { Record as MasterRecord } from '@fleet/proto/fleet/masters/v1/record_pb';
import { bootService, type ServiceHarness } from '@fleet/testing';
import { createMastersModule, type MastersModule } from '../src';

export interface MastersHarness extends ServiceHarness<MastersModule, typeof MastersService> {
  /** Creates a record of `kind` for the operator as its owner and returns it. */
  create(tenantId: string, kind: string, values: JsonObject): Promise<MasterRecord>;
}

/** The records of a list page of `kind`, read through the domain's list-page codec as the gateway reads them. */
export const pageRecords = (kind: string, page: ListRecordsResponse): MasterListRecord[] =>
  decodeListPage(masterOf(kind), page.recordsJson);

/** Masters on a real PostgreSQL database and a real JetStream namespace, called through its gRPC routes. */
export async function bootMasters(options: { clock?: () => Date } = {}): Promise<MastersHarness> {
  const service = await bootService({
    name: 'masters',
    grpcService: MastersService,
    defaultPermissions: allPermissionIds(),
    create: (deps) => createMastersModule({ ...deps, clock: options.clock }),
  });
  return {
    ...service,
    async create(tenantId, kind, values) {
      const r = await service.client.createRecord(
        { kind, valuesJson: JSON.stringify(values) },
        callAs(service.callerFor(tenantId)),
      );
      return r.record!;
    },
  };
}
