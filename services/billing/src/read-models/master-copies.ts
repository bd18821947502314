// Billing's copies of the masters invoicing reads — customers (billing details, tax registration, terms),
// the operator's companies and their profiles (GSTIN, state, invoice prefix), taxes, billing items, bank
// accounts and business settings (the GST option on car hire), and the vehicles, fuel stations and drivers
// the fuel log and vehicle expenses name — kept from masters' typed events and
// filled in from GetTypedRecords when an invoice names one no event has brought yet. Invoicing never
// waits on masters once a copy is here.
import type { Client } from '@connectrpc/connect';
import {
  createMastersCopies,
  type Database,
  type EventBus,
  type Logger,
  type MasterCopiesOf,
  type MasterCopy,
} from '@fleet/platform';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { SCHEMA } from '../storage/migrations';

const KINDS = [
  'customer',
  'company',
  'company_profile',
  'tax',
  'billing_item',
  'bank_account',
  'business_settings',
  'supplier',
  'vehicle',
  'fuel_station',
  'driver',
] as const;
type Kind = (typeof KINDS)[number];
/** The typed record of a copied kind: `Copy<'company'>` is masters' Company message. */
export type Copy<K extends Kind> = MasterCopy<K>;
export type Copies = MasterCopiesOf<Kind>;

export function createMasterCopies(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}) {
  return createMastersCopies({ service: 'billing', schema: SCHEMA, kinds: KINDS, ...deps });
}

export type MasterCopies = ReturnType<typeof createMasterCopies>;
