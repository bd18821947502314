import {
  bankAccountMaster,
  billingItemMaster,
  businessSettingsMaster,
  companyMaster,
  companyProfileMaster,
  customerMaster,
  driverMaster,
  dutyTypeMaster,
  fuelStationMaster,
  labelMaster,
  type MasterDefinition,
  operatorDate,
  rateCardMaster,
  supplierMaster,
  taxMaster,
  vehicleGroupMaster,
  vehicleMaster,
} from '@fleet/domain';
import { type Caller, invalidField, requireIds, requireTenant } from '@fleet/platform';
import { getRecord, getSingleton, type StoredRecord } from '../storage/master-store';
import type { MastersDeps } from './deps';

/**
 * The masters other services keep read models of (each has typed events and a typed message). Business
 * settings, one record per operator, are asked for with no ids.
 */
export const COPIED_MASTERS = {
  vehicle: vehicleMaster,
  driver: driverMaster,
  customer: customerMaster,
  supplier: supplierMaster,
  duty_type: dutyTypeMaster,
  rate_card: rateCardMaster,
  company: companyMaster,
  company_profile: companyProfileMaster,
  tax: taxMaster,
  billing_item: billingItemMaster,
  bank_account: bankAccountMaster,
  business_settings: businessSettingsMaster,
  fuel_station: fuelStationMaster,
  vehicle_group: vehicleGroupMaster,
  label: labelMaster,
} as const;
export type CopiedKind = keyof typeof COPIED_MASTERS;

const MAX_IDS = 100;

const isCopiedKind = (kind: string): kind is CopiedKind => Object.hasOwn(COPIED_MASTERS, kind);

/**
 * Records by id for another service's read model: what it has not had an event for yet; for a
 * singleton (business settings) the operator's one record, if saved. Needs the caller's operator, no
 * permission of a person (a service asks on behalf of its own work).
 */
export function createTypedRecords(deps: MastersDeps) {
  return {
    async get<K extends string>(
      callerInput: Caller,
      kind: K,
      ids: readonly string[],
    ): Promise<{ kind: CopiedKind; records: StoredRecord[] }> {
      const caller = requireTenant(callerInput);
      if (!isCopiedKind(kind)) {
        throw invalidField('kind', `Typed records are kept for ${Object.keys(COPIED_MASTERS).join(', ')}.`);
      }
      const definition: MasterDefinition = COPIED_MASTERS[kind];
      if (definition.singleton && ids.length > 0) {
        throw invalidField('ids', `${definition.many} are one record per operator: ask with no ids.`);
      }
      if (ids.length > MAX_IDS) throw invalidField('ids', `Ask for at most ${MAX_IDS} records at a time.`);
      requireIds(ids, 'ids');
      const today = operatorDate(deps.clock());
      const records = await deps.db.read(caller.tenantId, async (tx) => {
        if (definition.singleton) {
          const settings = await getSingleton(tx, definition, today);
          return settings ? [settings] : [];
        }
        const found: StoredRecord[] = [];
        for (const id of new Set(ids)) {
          const record = await getRecord(tx, definition, id, today);
          if (record) found.push(record);
        }
        return found;
      });
      return { kind, records };
    },
  };
}
