// Bookings' copies of the masters it reads (customers, suppliers, vehicles, drivers, duty types, rate
// cards), kept from masters' typed events and filled in from masters' GetTypedRecords when a booking
// names a record no event has brought yet (the platform's record copies). A booking is never refused
// because an event is late, and never waits on masters once a copy is here.
import type { DescMessage } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import {
  type CopiedKind,
  type CopiesOf,
  type CopyFacts,
  type CopyOf,
  type CopyRequestOf,
  callAs,
  createRecordCopies,
  type Database,
  type EventBus,
  type Logger,
} from '@fleet/platform';
import {
  type Connection,
  type Customer,
  CustomerSchema,
  type Supplier,
  SupplierSchema,
} from '@fleet/proto/fleet/masters/v1/connection_pb';
import { DriverSchema } from '@fleet/proto/fleet/masters/v1/driver_pb';
import { DutyTypeSchema } from '@fleet/proto/fleet/masters/v1/duty_type_pb';
import {
  CustomerChangedSchema,
  DriverChangedSchema,
  DutyTypeChangedSchema,
  RateCardChangedSchema,
  SupplierChangedSchema,
  VehicleChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import type {
  GetTypedRecordsResponse,
  MastersService,
} from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { RateCardSchema } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { VehicleSchema } from '@fleet/proto/fleet/masters/v1/vehicle_pb';
import { SCHEMA } from '../storage/migrations';

const copied = <S extends DescMessage, E extends DescMessage>(
  kind: CopiedKind<S, E, GetTypedRecordsResponse>,
) => kind;

const at = (stamp: Timestamp | undefined) => (stamp ? timestampDate(stamp) : new Date(0));
const ofConnection = (c: Connection | undefined): CopyFacts => ({
  id: c?.id ?? '',
  name: c?.name ?? '',
  isActive: c?.isActive ?? false,
  updatedAt: at(c?.updatedAt),
});

export const COPIED_KINDS = {
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
    facts: (d) => ({ id: d.id, name: d.name, isActive: d.isActive, updatedAt: at(d.updatedAt) }),
  }),
  customer: copied({
    schema: CustomerSchema,
    event: CustomerChangedSchema,
    fromEvent: (e) => e.customer,
    fromAnswer: (a) => a.customers,
    facts: (c: Customer) => ofConnection(c.connection),
  }),
  supplier: copied({
    schema: SupplierSchema,
    event: SupplierChangedSchema,
    fromEvent: (e) => e.supplier,
    fromAnswer: (a) => a.suppliers,
    facts: (s: Supplier) => ofConnection(s.connection),
  }),
  duty_type: copied({
    schema: DutyTypeSchema,
    event: DutyTypeChangedSchema,
    fromEvent: (e) => e.dutyType,
    fromAnswer: (a) => a.dutyTypes,
    facts: (d) => ({ id: d.id, name: d.name, isActive: d.isActive, updatedAt: at(d.updatedAt) }),
  }),
  rate_card: copied({
    schema: RateCardSchema,
    event: RateCardChangedSchema,
    fromEvent: (e) => e.rateCard,
    fromAnswer: (a) => a.rateCards,
    facts: (r) => ({ id: r.id, name: r.name, isActive: r.isActive, updatedAt: at(r.updatedAt) }),
  }),
};

type Kinds = typeof COPIED_KINDS;
export type CopiedKindName = keyof Kinds;
/** The typed record of a copied kind: `Copy<'vehicle'>` is masters' Vehicle message. */
export type Copy<K extends CopiedKindName> = CopyOf<Kinds, K>;
/** Which records of which kinds a use case needs: `{ customer: [id], duty_type: [id] }`. */
export type CopyRequest = CopyRequestOf<Kinds>;
/** The copies found, by kind and id; an id masters does not know (or not for this operator) is absent. */
export type Copies = CopiesOf<Kinds>;

export interface MasterCopiesDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}

export function createMasterCopies(deps: MasterCopiesDeps) {
  return createRecordCopies({
    service: 'bookings',
    schema: SCHEMA,
    subjects: 'fleet.masters',
    kinds: COPIED_KINDS,
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    fetch: (kind, ids, caller) => deps.masters.getTypedRecords({ kind, ids: [...ids] }, callAs(caller)),
  });
}

export type MasterCopies = ReturnType<typeof createMasterCopies>;
