// Every master's procedures come from these factories: list, get, create, update and setActive (or get
// and save for settings), each declaring the master's own view or manage permission for the guard and
// typed by the master's declaration: `masters.vehicle.create` takes the vehicle's fields and answers
// with a vehicle, values and all.
import {
  bankAccountMaster,
  basicInformationOf,
  billingItemMaster,
  branchMaster,
  businessSettingsMaster,
  channelPartnerMaster,
  cityMaster,
  companyMaster,
  companyProfileMaster,
  customerGroupMaster,
  customerMaster,
  customFieldMaster,
  decodeListPage,
  driverMaster,
  dutySupporterMaster,
  dutyTypeMaster,
  type EditableMaster,
  encodeValuesJson,
  feedbackFormMaster,
  fuelStationMaster,
  type ListedOnlyMaster,
  labelMaster,
  type MasterDefinition,
  type MasterKind,
  type MasterRecord,
  personMaster,
  rateCardMaster,
  type SettingsMaster,
  stateMaster,
  supplierGroupMaster,
  supplierMaster,
  taxMaster,
  vehicleGroupMaster,
  vehicleMaster,
} from '@fleet/domain';
import { idInput, listInput, setActiveInput, updateInput, valuesInput } from '@fleet/domain/inputs';
import { activeFilterToProto, callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { procedureNeeding, router, signedInProcedure } from '../../trpc';
import { requirePrimaryCompanyPermission } from './primary-company';
import { requireRateCardPartyPermission } from './rate-card-party';
import { type MasterPage, recordFromProto } from './records';

/** The declared filters a list call chose, as the service takes them. */
const listFilters = (filters: Partial<Record<string, string[]>> = {}) =>
  Object.entries(filters).map(([key, values = []]) => ({ key, values }));

/** Reads a master with its view permission, or a driver, vehicle or duty supporter with its basic one (masters then leaves out all but names and numbers). */
const reader = (definition: MasterDefinition) => {
  const basic = basicInformationOf(definition.kind);
  if (basic) return procedureNeeding(basic.permission);
  return definition.view === 'signed-in' ? signedInProcedure : procedureNeeding(definition.view);
};

/** A master's list and single record: what every master but settings offers. */
function listAndGet<D extends EditableMaster | ListedOnlyMaster>(definition: D) {
  const { kind } = definition;
  return {
    list: reader(definition)
      .input(listInput(definition))
      .query(async ({ ctx, input }): Promise<MasterPage<D>> => {
        const r = await ctx.services.masters.listRecords(
          {
            kind,
            search: input.search ?? '',
            active: activeFilterToProto(input.active),
            filters: listFilters(input.filters),
            expiringWithinDays: input.expiringWithinDays,
            ids: input.ids ?? [],
            page: pageRequestToProto(input),
          },
          callAs(ctx.caller),
        );
        return {
          records: decodeListPage(definition, r.recordsJson),
          ...pageInfoFromProto(r.pageInfo),
        };
      }),
    get: reader(definition)
      .input(idInput(definition))
      .query(
        async ({ ctx, input }): Promise<MasterRecord<D>> =>
          recordFromProto(
            definition,
            (await ctx.services.masters.getRecord({ kind, id: input.id }, callAs(ctx.caller))).record,
          ),
      ),
  };
}

/** A master kept here: listed, read, created, replaced, deactivated and activated again. */
function editable<D extends EditableMaster>(definition: D) {
  const { kind } = definition;
  const manage = procedureNeeding(definition.manage);
  return router({
    ...listAndGet(definition),
    create: manage
      .input(valuesInput(definition))
      .mutation(async ({ ctx, input }): Promise<MasterRecord<D>> => {
        requirePrimaryCompanyPermission(ctx.caller, kind, input.values);
        requireRateCardPartyPermission(ctx.caller, kind, input.values);
        const { record } = await ctx.services.masters.createRecord(
          { kind, valuesJson: encodeValuesJson(definition, input.values) },
          callAs(ctx.caller),
        );
        return recordFromProto(definition, record);
      }),
    update: manage
      .input(updateInput(definition))
      .mutation(async ({ ctx, input }): Promise<MasterRecord<D>> => {
        requirePrimaryCompanyPermission(ctx.caller, kind, input.values);
        requireRateCardPartyPermission(ctx.caller, kind, input.values);
        const { record } = await ctx.services.masters.updateRecord(
          { kind, id: input.id, valuesJson: encodeValuesJson(definition, input.values) },
          callAs(ctx.caller),
        );
        return recordFromProto(definition, record);
      }),
    setActive: manage.input(setActiveInput).mutation(async ({ ctx, input }): Promise<MasterRecord<D>> => {
      const { record } = await ctx.services.masters.setRecordActive({ kind, ...input }, callAs(ctx.caller));
      return recordFromProto(definition, record);
    }),
  });
}

/** A master listed here but changed elsewhere (reference data, channel partners). */
function listedOnly<D extends ListedOnlyMaster>(definition: D) {
  return router(listAndGet(definition));
}

/** The operator's one settings record: read (null until first saved) and saved whole. */
function settings<D extends SettingsMaster>(definition: D) {
  const { kind } = definition;
  return router({
    get: reader(definition).query(async ({ ctx }): Promise<MasterRecord<D> | null> => {
      const { record } = await ctx.services.masters.getSettings({ kind }, callAs(ctx.caller));
      return record ? recordFromProto(definition, record) : null;
    }),
    save: procedureNeeding(definition.manage)
      .input(valuesInput(definition))
      .mutation(async ({ ctx, input }): Promise<MasterRecord<D>> => {
        const { record } = await ctx.services.masters.saveSettings(
          { kind, valuesJson: encodeValuesJson(definition, input.values) },
          callAs(ctx.caller),
        );
        return recordFromProto(definition, record);
      }),
  });
}

/**
 * `masters.<kind>.<procedure>` for every declared master, each keyed by its own declaration's kind.
 * The compiler keeps this in step with MASTERS: a master missing here, or given procedures its
 * declaration does not allow (a read-only master with `create`), does not compile.
 */
export function mastersRouter() {
  const masters = {
    [dutyTypeMaster.kind]: editable(dutyTypeMaster),
    [taxMaster.kind]: editable(taxMaster),
    [vehicleGroupMaster.kind]: editable(vehicleGroupMaster),
    [vehicleMaster.kind]: editable(vehicleMaster),
    [driverMaster.kind]: editable(driverMaster),
    [customerGroupMaster.kind]: editable(customerGroupMaster),
    [customerMaster.kind]: editable(customerMaster),
    [supplierGroupMaster.kind]: editable(supplierGroupMaster),
    [supplierMaster.kind]: editable(supplierMaster),
    [dutySupporterMaster.kind]: editable(dutySupporterMaster),
    [labelMaster.kind]: editable(labelMaster),
    [feedbackFormMaster.kind]: editable(feedbackFormMaster),
    [billingItemMaster.kind]: editable(billingItemMaster),
    [rateCardMaster.kind]: editable(rateCardMaster),
    [branchMaster.kind]: editable(branchMaster),
    [bankAccountMaster.kind]: editable(bankAccountMaster),
    [fuelStationMaster.kind]: editable(fuelStationMaster),
    [personMaster.kind]: editable(personMaster),
    [companyMaster.kind]: editable(companyMaster),
    [companyProfileMaster.kind]: editable(companyProfileMaster),
    [channelPartnerMaster.kind]: listedOnly(channelPartnerMaster),
    [customFieldMaster.kind]: editable(customFieldMaster),
    [businessSettingsMaster.kind]: settings(businessSettingsMaster),
    [stateMaster.kind]: listedOnly(stateMaster),
    [cityMaster.kind]: listedOnly(cityMaster),
  } satisfies { [K in MasterKind]: unknown };
  return router(masters);
}
