import {
  bankAccountMaster,
  billingItemMaster,
  branchMaster,
  businessSettingsMaster,
  companyMaster,
  companyProfileMaster,
  customFieldMaster,
  feedbackFormMaster,
  fuelStationMaster,
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
import { personMaster } from './people-masters';
import { cityMaster, rateCardMaster, stateMaster } from './pricing-masters';

/** Every master the masters service keeps, in the order the Masters menu lists them (spec §2). */
export const MASTERS = [
  dutyTypeMaster,
  taxMaster,
  vehicleGroupMaster,
  vehicleMaster,
  driverMaster,
  customerGroupMaster,
  customerMaster,
  personMaster,
  supplierGroupMaster,
  supplierMaster,
  dutySupporterMaster,
  labelMaster,
  feedbackFormMaster,
  billingItemMaster,
  rateCardMaster,
  branchMaster,
  bankAccountMaster,
  fuelStationMaster,
  companyMaster,
  companyProfileMaster,
  channelPartnerMaster,
  customFieldMaster,
  businessSettingsMaster,
  stateMaster,
  cityMaster,
] as const satisfies readonly MasterDefinition[];

/** Any one declared master, with its own types. */
export type AnyMaster = (typeof MASTERS)[number];
export type MasterKind = AnyMaster['kind'];
/** The declaration of the master called `K`: `MasterOf<'vehicle'>` is `typeof vehicleMaster`. */
export type MasterOf<K extends MasterKind> = Extract<AnyMaster, { kind: K }>;

/** The three shapes a master's procedures take: one record per operator, listed only, or kept here. */
export type SettingsMaster = Extract<AnyMaster, { singleton: true }>;
export type ListedOnlyMaster = Exclude<Extract<AnyMaster, { readOnly: true }>, SettingsMaster>;
export type EditableMaster = Exclude<AnyMaster, SettingsMaster | ListedOnlyMaster>;
export type SettingsKind = SettingsMaster['kind'];
export type ListedOnlyKind = ListedOnlyMaster['kind'];
export type EditableKind = EditableMaster['kind'];
/** Masters with a list (every one but settings): what `ref` pickers and list screens read. */
export type ListedKind = EditableKind | ListedOnlyKind;
/** Masters with a screen of their own under /masters/. */
export type ScreenMaster = Extract<AnyMaster, { path: string }>;

export const MASTER_KINDS: readonly MasterKind[] = MASTERS.map((m) => m.kind);

export function isMasterKind(kind: string): kind is MasterKind {
  return MASTERS.some((m) => m.kind === kind);
}

const settingsOnly = (m: AnyMaster) => 'singleton' in m && m.singleton;
const listedOnly = (m: AnyMaster) => 'readOnly' in m && m.readOnly;

/** Whether `kind` names a master with a list (every one but settings). */
export function isListedKind(kind: string): kind is ListedKind {
  return MASTERS.some((m) => m.kind === kind && !settingsOnly(m));
}

/** Whether `kind` names a master kept here: created, replaced and (de)activated through its procedures. */
export function isEditableKind(kind: string): kind is EditableKind {
  return MASTERS.some((m) => m.kind === kind && !settingsOnly(m) && !listedOnly(m));
}

/** The declaration of the master called `kind`, with its own types when the kind is known. */
export function masterOf<K extends MasterKind>(kind: K): MasterOf<K>;
export function masterOf(kind: string): MasterDefinition;
export function masterOf(kind: string): MasterDefinition {
  const definition = MASTERS.find((m) => m.kind === kind);
  if (!definition) throw new Error(`No master is called ${kind}`);
  return definition;
}

/** The master with a screen at /masters/<path>, if any. */
export function masterAtPath(path: string): ScreenMaster | undefined {
  return MASTERS.find((m): m is ScreenMaster => 'path' in m && m.path === path);
}

/** Uploaded files: `refs` to them resolve to their names like any master's. */
export const FILE_TARGET = { kind: 'file', table: 'files', display: 'file_name' } as const;

for (const master of MASTERS) {
  for (const [name, field] of Object.entries<MasterDefinition['fields'][string]>(master.fields)) {
    if (
      (field.type === 'ref' || field.type === 'refs') &&
      field.target !== 'file' &&
      !isMasterKind(field.target)
    ) {
      throw new Error(`${master.kind}.${name} points at ${field.target}, which is no master`);
    }
  }
}
