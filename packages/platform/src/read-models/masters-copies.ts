// The masters other services keep copies of, each as masters publishes it (its typed message and change
// event) and answers it by id (GetTypedRecords): one catalogue, from which each service picks the kinds it
// reads. The copies themselves are the platform's record copies (record-copies.ts).
import type { DescMessage } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import {
  BankAccountSchema,
  BillingItemSchema,
  BusinessSettingsSchema,
  CompanyProfileSchema,
  CompanySchema,
  FuelStationSchema,
  LabelSchema,
  TaxSchema,
} from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import { type Connection, CustomerSchema, SupplierSchema } from '@fleet/proto/fleet/masters/v1/connection_pb';
import { DriverSchema } from '@fleet/proto/fleet/masters/v1/driver_pb';
import { DutyTypeSchema } from '@fleet/proto/fleet/masters/v1/duty_type_pb';
import {
  BankAccountChangedSchema,
  BillingItemChangedSchema,
  BusinessSettingsChangedSchema,
  CompanyChangedSchema,
  CompanyProfileChangedSchema,
  CustomerChangedSchema,
  DriverChangedSchema,
  DutyTypeChangedSchema,
  FuelStationChangedSchema,
  LabelChangedSchema,
  RateCardChangedSchema,
  SupplierChangedSchema,
  TaxChangedSchema,
  VehicleChangedSchema,
  VehicleGroupChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import type {
  GetTypedRecordsResponse,
  MastersService,
} from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { RateCardSchema } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { VehicleGroupSchema, VehicleSchema } from '@fleet/proto/fleet/masters/v1/vehicle_pb';
import type { Database } from '../db/database';
import type { EventBus } from '../events/bus';
import type { Logger } from '../logger';
import { callAs } from '../rpc/client';
import {
  type CopiedKind,
  type CopiesOf,
  type CopyFacts,
  type CopyOf,
  type CopyRequestOf,
  createRecordCopies,
  type RecordCopies,
} from './record-copies';

const copied = <S extends DescMessage, E extends DescMessage>(
  kind: CopiedKind<S, E, GetTypedRecordsResponse>,
) => kind;

const at = (stamp: Timestamp | undefined) => (stamp ? timestampDate(stamp) : new Date(0));
const named = (r: { id: string; name: string; isActive: boolean; updatedAt?: Timestamp }): CopyFacts => ({
  id: r.id,
  name: r.name,
  isActive: r.isActive,
  updatedAt: at(r.updatedAt),
});
const ofConnection = (c: Connection | undefined): CopyFacts => ({
  id: c?.id ?? '',
  name: c?.name ?? '',
  isActive: c?.isActive ?? false,
  updatedAt: at(c?.updatedAt),
});

/** Every master kind masters publishes typed, by its kind name. */
export const MASTER_COPY_KINDS = {
  vehicle: copied({
    schema: VehicleSchema,
    event: VehicleChangedSchema,
    fromEvent: (e) => e.vehicle,
    fromAnswer: (a) => a.vehicles,
    facts: (v) => ({ id: v.id, name: v.vehicleNo, isActive: v.isActive, updatedAt: at(v.updatedAt) }),
  }),
  driver: copied({
    schema: DriverSchema,
    event: DriverChangedSchema,
    fromEvent: (e) => e.driver,
    fromAnswer: (a) => a.drivers,
    facts: named,
  }),
  customer: copied({
    schema: CustomerSchema,
    event: CustomerChangedSchema,
    fromEvent: (e) => e.customer,
    fromAnswer: (a) => a.customers,
    facts: (c) => ofConnection(c.connection),
  }),
  supplier: copied({
    schema: SupplierSchema,
    event: SupplierChangedSchema,
    fromEvent: (e) => e.supplier,
    fromAnswer: (a) => a.suppliers,
    facts: (s) => ofConnection(s.connection),
  }),
  duty_type: copied({
    schema: DutyTypeSchema,
    event: DutyTypeChangedSchema,
    fromEvent: (e) => e.dutyType,
    fromAnswer: (a) => a.dutyTypes,
    facts: named,
  }),
  rate_card: copied({
    schema: RateCardSchema,
    event: RateCardChangedSchema,
    fromEvent: (e) => e.rateCard,
    fromAnswer: (a) => a.rateCards,
    facts: named,
  }),
  company: copied({
    schema: CompanySchema,
    event: CompanyChangedSchema,
    fromEvent: (e) => e.company,
    fromAnswer: (a) => a.companies,
    facts: named,
  }),
  company_profile: copied({
    schema: CompanyProfileSchema,
    event: CompanyProfileChangedSchema,
    fromEvent: (e) => e.companyProfile,
    fromAnswer: (a) => a.companyProfiles,
    facts: named,
  }),
  tax: copied({
    schema: TaxSchema,
    event: TaxChangedSchema,
    fromEvent: (e) => e.tax,
    fromAnswer: (a) => a.taxes,
    facts: named,
  }),
  billing_item: copied({
    schema: BillingItemSchema,
    event: BillingItemChangedSchema,
    fromEvent: (e) => e.billingItem,
    fromAnswer: (a) => a.billingItems,
    facts: named,
  }),
  bank_account: copied({
    schema: BankAccountSchema,
    event: BankAccountChangedSchema,
    fromEvent: (e) => e.bankAccount,
    fromAnswer: (a) => a.bankAccounts,
    facts: named,
  }),
  business_settings: copied({
    schema: BusinessSettingsSchema,
    event: BusinessSettingsChangedSchema,
    fromEvent: (e) => e.businessSettings,
    fromAnswer: (a) => a.businessSettings,
    facts: (s) => ({ id: s.id, name: s.businessName, isActive: true, updatedAt: at(s.updatedAt) }),
  }),
  fuel_station: copied({
    schema: FuelStationSchema,
    event: FuelStationChangedSchema,
    fromEvent: (e) => e.fuelStation,
    fromAnswer: (a) => a.fuelStations,
    facts: named,
  }),
  vehicle_group: copied({
    schema: VehicleGroupSchema,
    event: VehicleGroupChangedSchema,
    fromEvent: (e) => e.vehicleGroup,
    fromAnswer: (a) => a.vehicleGroups,
    facts: named,
  }),
  label: copied({
    schema: LabelSchema,
    event: LabelChangedSchema,
    fromEvent: (e) => e.label,
    fromAnswer: (a) => a.labels,
    facts: named,
  }),
};

export type MasterCopyKind = keyof typeof MASTER_COPY_KINDS;
type KindsOf<N extends MasterCopyKind> = Pick<typeof MASTER_COPY_KINDS, N>;
/** The typed record of a master kind: `MasterCopy<'vehicle'>` is masters' Vehicle message. */
export type MasterCopy<N extends MasterCopyKind> = CopyOf<typeof MASTER_COPY_KINDS, N>;
export type MasterCopyRequest<N extends MasterCopyKind> = CopyRequestOf<KindsOf<N>>;
export type MasterCopiesOf<N extends MasterCopyKind> = CopiesOf<KindsOf<N>>;
export type MastersCopies<N extends MasterCopyKind> = RecordCopies<KindsOf<N>>;

/** A service's copies of the master kinds it reads, kept in its schema's master_copies table. */
export function createMastersCopies<N extends MasterCopyKind>(deps: {
  service: string;
  schema: string;
  kinds: readonly N[];
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}): MastersCopies<N> {
  const kinds = Object.fromEntries(deps.kinds.map((kind) => [kind, MASTER_COPY_KINDS[kind]])) as KindsOf<N>;
  return createRecordCopies({
    service: deps.service,
    schema: deps.schema,
    subjects: 'fleet.masters',
    kinds,
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    fetch: (kind, ids, caller) => deps.masters.getTypedRecords({ kind, ids: [...ids] }, callAs(caller)),
  });
}
