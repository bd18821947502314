// What the masters service publishes, through its transactional outbox: every change of a master
// record on fleet.masters.<kind>.<created|updated|deactivated|activated>. The masters other services
// read (vehicles, vehicle groups, drivers, customers, suppliers, duty types, rate cards, labels, and for
// invoicing companies, company profiles, taxes, billing items, bank accounts, business settings and fuel
// stations) publish typed messages
// (VehicleChanged…), mapped from the record their declaration types; the rest publish the generic
// MasterChanged with the record's values as a Struct. Business settings are saved, never deactivated:
// they publish created on the first save and updated after.
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
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
  type MasterRecord,
  masterOf,
  rateCardMaster,
  recordOf,
  supplierMaster,
  taxMaster,
  vehicleGroupMaster,
  vehicleMaster,
} from '@fleet/domain';
import { type Caller, createOutbox, defineEvent, type EventType, type Tx } from '@fleet/platform';
import {
  BankAccountChangedSchema,
  BillingItemChangedSchema,
  BusinessSettingsChangedSchema,
  ChangeKind,
  CompanyChangedSchema,
  CompanyProfileChangedSchema,
  CustomerChangedSchema,
  DriverChangedSchema,
  DutyTypeChangedSchema,
  FuelStationChangedSchema,
  LabelChangedSchema,
  MasterChangedSchema,
  RateCardChangedSchema,
  SupplierChangedSchema,
  TaxChangedSchema,
  VehicleChangedSchema,
  VehicleGroupChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import {
  bankAccountToProto,
  billingItemToProto,
  businessSettingsToProto,
  companyProfileToProto,
  companyToProto,
  customerToProto,
  driverToProto,
  dutyTypeToProto,
  fuelStationToProto,
  labelToProto,
  rateCardToProto,
  recordToProto,
  supplierToProto,
  taxToProto,
  vehicleGroupToProto,
  vehicleToProto,
} from '../mappers';
import { SCHEMA } from '../storage/migrations';

export const mastersOutbox = createOutbox(SCHEMA);

export const MASTER_CHANGES = ['created', 'updated', 'deactivated', 'activated'] as const;
export type MasterChange = (typeof MASTER_CHANGES)[number];

const CHANGE_KINDS: Record<MasterChange, ChangeKind> = {
  created: ChangeKind.CREATED,
  updated: ChangeKind.UPDATED,
  deactivated: ChangeKind.DEACTIVATED,
  activated: ChangeKind.ACTIVATED,
};

/** Who made a change: their operator and request go with the event, and who they are into it. */
export type ChangingCaller = Caller & { tenantId: string };

/** What every master event says besides the record: whose, what happened, who did it. */
interface Change {
  tenantId: string;
  change: ChangeKind;
  changedByUserId: string;
}

function changeOf(change: MasterChange, caller: ChangingCaller): Change {
  return {
    tenantId: caller.tenantId,
    change: CHANGE_KINDS[change],
    changedByUserId: caller.actorUserId ?? caller.userId ?? '',
  };
}

/** The events of one master: its event type on each subject, and how a change of it is recorded. */
export interface MasterEvents {
  readonly types: Readonly<Record<MasterChange, EventType<DescMessage>>>;
  enqueue(tx: Tx, change: MasterChange, record: MasterRecord, caller: ChangingCaller): Promise<void>;
}

function eventTypes<S extends DescMessage>(kind: string, schema: S): Record<MasterChange, EventType<S>> {
  const subject = (change: MasterChange) => `fleet.masters.${kind}.${change}`;
  return {
    created: defineEvent(subject('created'), schema),
    updated: defineEvent(subject('updated'), schema),
    deactivated: defineEvent(subject('deactivated'), schema),
    activated: defineEvent(subject('activated'), schema),
  };
}

/**
 * A typed master event: the record is read again as the master's own (`recordOf`), so its message is
 * built from `MasterRecord<D>`, the fields as the master declares them, not from a Struct.
 */
function typedEvents<D extends MasterDefinition, S extends DescMessage>(
  definition: D,
  schema: S,
  message: (record: MasterRecord<D>, change: Change) => MessageInitShape<S>,
): MasterEvents {
  const types = eventTypes(definition.kind, schema);
  return {
    types,
    async enqueue(tx, change, record, caller) {
      const event = message(recordOf(definition, record), changeOf(change, caller));
      await mastersOutbox.enqueue(tx, types[change], event, caller);
    },
  };
}

/** The generic event of the masters no other service reads yet: the record, values as a Struct. */
function genericEvents(definition: MasterDefinition): MasterEvents {
  const types = eventTypes(definition.kind, MasterChangedSchema);
  return {
    types,
    async enqueue(tx, change, record, caller) {
      await mastersOutbox.enqueue(
        tx,
        types[change],
        { ...changeOf(change, caller), kind: definition.kind, record: recordToProto(definition, record) },
        caller,
      );
    },
  };
}

/** The typed events of the masters other services read, by kind. */
const typed: ReadonlyMap<string, MasterEvents> = new Map([
  [
    vehicleMaster.kind,
    typedEvents(vehicleMaster, VehicleChangedSchema, (record, change) => ({
      ...change,
      vehicle: vehicleToProto(record),
    })),
  ],
  [
    driverMaster.kind,
    typedEvents(driverMaster, DriverChangedSchema, (record, change) => ({
      ...change,
      driver: driverToProto(record),
    })),
  ],
  [
    customerMaster.kind,
    typedEvents(customerMaster, CustomerChangedSchema, (record, change) => ({
      ...change,
      customer: customerToProto(record),
    })),
  ],
  [
    supplierMaster.kind,
    typedEvents(supplierMaster, SupplierChangedSchema, (record, change) => ({
      ...change,
      supplier: supplierToProto(record),
    })),
  ],
  [
    dutyTypeMaster.kind,
    typedEvents(dutyTypeMaster, DutyTypeChangedSchema, (record, change) => ({
      ...change,
      dutyType: dutyTypeToProto(record),
    })),
  ],
  [
    rateCardMaster.kind,
    typedEvents(rateCardMaster, RateCardChangedSchema, (record, change) => ({
      ...change,
      rateCard: rateCardToProto(record),
    })),
  ],
  [
    companyMaster.kind,
    typedEvents(companyMaster, CompanyChangedSchema, (record, change) => ({
      ...change,
      company: companyToProto(record),
    })),
  ],
  [
    companyProfileMaster.kind,
    typedEvents(companyProfileMaster, CompanyProfileChangedSchema, (record, change) => ({
      ...change,
      companyProfile: companyProfileToProto(record),
    })),
  ],
  [
    taxMaster.kind,
    typedEvents(taxMaster, TaxChangedSchema, (record, change) => ({
      ...change,
      tax: taxToProto(record),
    })),
  ],
  [
    billingItemMaster.kind,
    typedEvents(billingItemMaster, BillingItemChangedSchema, (record, change) => ({
      ...change,
      billingItem: billingItemToProto(record),
    })),
  ],
  [
    bankAccountMaster.kind,
    typedEvents(bankAccountMaster, BankAccountChangedSchema, (record, change) => ({
      ...change,
      bankAccount: bankAccountToProto(record),
    })),
  ],
  [
    businessSettingsMaster.kind,
    typedEvents(businessSettingsMaster, BusinessSettingsChangedSchema, (record, change) => ({
      ...change,
      businessSettings: businessSettingsToProto(record),
    })),
  ],
  [
    fuelStationMaster.kind,
    typedEvents(fuelStationMaster, FuelStationChangedSchema, (record, change) => ({
      ...change,
      fuelStation: fuelStationToProto(record),
    })),
  ],
  [
    vehicleGroupMaster.kind,
    typedEvents(vehicleGroupMaster, VehicleGroupChangedSchema, (record, change) => ({
      ...change,
      vehicleGroup: vehicleGroupToProto(record),
    })),
  ],
  [
    labelMaster.kind,
    typedEvents(labelMaster, LabelChangedSchema, (record, change) => ({
      ...change,
      label: labelToProto(record),
    })),
  ],
]);
const generic = new Map<string, MasterEvents>();

/**
 * The masters published with typed events: vehicle, driver, customer, supplier, duty_type, rate_card,
 * company, company_profile, tax, billing_item, bank_account, business_settings, fuel_station,
 * vehicle_group and label.
 */
export const TYPED_EVENT_KINDS: readonly string[] = [...typed.keys()];

/** The events of a master: its typed events if other services read it, else the generic ones. */
export function eventsOf(definition: MasterDefinition): MasterEvents {
  const known = typed.get(definition.kind) ?? generic.get(definition.kind);
  if (known) return known;
  const events = genericEvents(definition);
  generic.set(definition.kind, events);
  return events;
}

/**
 * The event a change of the master called `kind` is published as: its subject,
 * fleet.masters.<kind>.<change> (e.g. fleet.masters.vehicle.created), and its message type.
 * Consumers filter on fleet.masters.vehicle.> or fleet.masters.*.updated.
 */
export function masterEvent(kind: string, change: MasterChange): EventType<DescMessage> {
  return eventsOf(masterOf(kind)).types[change];
}
