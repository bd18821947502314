import {
  bankAccountMaster,
  billingItemMaster,
  branchMaster,
  businessSettingsMaster,
  companyMaster,
  companyProfileMaster,
  customFieldMaster,
  feedbackFormMaster,
  labelMaster,
  taxMaster,
} from './business-masters';
import {
  channelPartnerMaster,
  customerGroupMaster,
  customerMaster,
  supplierGroupMaster,
  supplierMaster,
} from './connection-masters';
import {
  driverMaster,
  dutySupporterMaster,
  dutyTypeMaster,
  vehicleGroupMaster,
  vehicleMaster,
} from './fleet-masters';
import type { MasterDefinition } from './master';
import { cityMaster, rateCardMaster, stateMaster } from './pricing-masters';

/** Every master the fleet service keeps, in the order the Masters menu lists them (spec §2). */
export const MASTERS = [
  dutyTypeMaster,
  taxMaster,
  vehicleGroupMaster,
  vehicleMaster,
  driverMaster,
  customerGroupMaster,
  customerMaster,
  supplierGroupMaster,
  supplierMaster,
  dutySupporterMaster,
  labelMaster,
  feedbackFormMaster,
  billingItemMaster,
  rateCardMaster,
  branchMaster,
  bankAccountMaster,
  companyMaster,
  companyProfileMaster,
  channelPartnerMaster,
  customFieldMaster,
  businessSettingsMaster,
  stateMaster,
  cityMaster,
] as const satisfies readonly MasterDefinition[];

export type MasterKind = (typeof MASTERS)[number]['kind'];
export const MASTER_KINDS = MASTERS.map((m) => m.kind) as MasterKind[];

const byKind = new Map<string, MasterDefinition>(MASTERS.map((m) => [m.kind, m]));

export function isMasterKind(kind: string): kind is MasterKind {
  return byKind.has(kind);
}

export function masterOf(kind: string): MasterDefinition {
  const definition = byKind.get(kind);
  if (!definition) throw new Error(`No master is called ${kind}`);
  return definition;
}

/** Uploaded files: `refs` to them resolve to their names like any master's. */
export const FILE_TARGET = { kind: 'file', table: 'files', display: 'file_name' } as const;

for (const master of MASTERS) {
  for (const [name, field] of Object.entries(master.fields)) {
    if (
      (field.type === 'ref' || field.type === 'refs') &&
      field.target !== 'file' &&
      !byKind.has(field.target)
    ) {
      throw new Error(`${master.kind}.${name} points at ${field.target}, which is no master`);
    }
  }
}
