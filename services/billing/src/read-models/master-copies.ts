// Billing's copies of the masters invoicing reads — customers (billing details, tax registration, terms),
// the operator's companies and their profiles (GSTIN, state, invoice prefix), taxes, billing items, bank
// accounts and business settings (the GST option on car hire) — kept from masters' typed events and
// filled in from GetTypedRecords when an invoice names one no event has brought yet. Invoicing never
// waits on masters once a copy is here.
import type { DescMessage } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import {
  type CopiedKind,
  type CopiesOf,
  type CopyOf,
  type CopyRequestOf,
  callAs,
  createRecordCopies,
  type Database,
  type EventBus,
  type Logger,
} from '@fleet/platform';
import {
  BankAccountSchema,
  BillingItemSchema,
  BusinessSettingsSchema,
  CompanyProfileSchema,
  CompanySchema,
  TaxSchema,
} from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import { CustomerSchema } from '@fleet/proto/fleet/masters/v1/connection_pb';
import {
  BankAccountChangedSchema,
  BillingItemChangedSchema,
  BusinessSettingsChangedSchema,
  CompanyChangedSchema,
  CompanyProfileChangedSchema,
  CustomerChangedSchema,
  TaxChangedSchema,
} from '@fleet/proto/fleet/masters/v1/events_pb';
import type {
  GetTypedRecordsResponse,
  MastersService,
} from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { SCHEMA } from '../storage/migrations';

const copied = <S extends DescMessage, E extends DescMessage>(
  kind: CopiedKind<S, E, GetTypedRecordsResponse>,
) => kind;

const at = (stamp: Timestamp | undefined) => (stamp ? timestampDate(stamp) : new Date(0));
const facts = (r: { id: string; name: string; isActive: boolean; updatedAt?: Timestamp }) => ({
  id: r.id,
  name: r.name,
  isActive: r.isActive,
  updatedAt: at(r.updatedAt),
});

export const COPIED_KINDS = {
  customer: copied({
    schema: CustomerSchema,
    event: CustomerChangedSchema,
    fromEvent: (e) => e.customer,
    fromAnswer: (a) => a.customers,
    facts: (c) => ({
      id: c.connection?.id ?? '',
      name: c.connection?.name ?? '',
      isActive: c.connection?.isActive ?? false,
      updatedAt: at(c.connection?.updatedAt),
    }),
  }),
  company: copied({
    schema: CompanySchema,
    event: CompanyChangedSchema,
    fromEvent: (e) => e.company,
    fromAnswer: (a) => a.companies,
    facts,
  }),
  company_profile: copied({
    schema: CompanyProfileSchema,
    event: CompanyProfileChangedSchema,
    fromEvent: (e) => e.companyProfile,
    fromAnswer: (a) => a.companyProfiles,
    facts,
  }),
  tax: copied({
    schema: TaxSchema,
    event: TaxChangedSchema,
    fromEvent: (e) => e.tax,
    fromAnswer: (a) => a.taxes,
    facts,
  }),
  billing_item: copied({
    schema: BillingItemSchema,
    event: BillingItemChangedSchema,
    fromEvent: (e) => e.billingItem,
    fromAnswer: (a) => a.billingItems,
    facts,
  }),
  bank_account: copied({
    schema: BankAccountSchema,
    event: BankAccountChangedSchema,
    fromEvent: (e) => e.bankAccount,
    fromAnswer: (a) => a.bankAccounts,
    facts,
  }),
  business_settings: copied({
    schema: BusinessSettingsSchema,
    event: BusinessSettingsChangedSchema,
    fromEvent: (e) => e.businessSettings,
    fromAnswer: (a) => a.businessSettings,
    facts: (s) => ({ id: s.id, name: s.businessName, isActive: true, updatedAt: at(s.updatedAt) }),
  }),
};

type Kinds = typeof COPIED_KINDS;
export type CopiedKindName = keyof Kinds;
/** The typed record of a copied kind: `Copy<'company'>` is masters' Company message. */
export type Copy<K extends CopiedKindName> = CopyOf<Kinds, K>;
export type CopyRequest = CopyRequestOf<Kinds>;
export type Copies = CopiesOf<Kinds>;

export interface MasterCopiesDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}

export function createMasterCopies(deps: MasterCopiesDeps) {
  return createRecordCopies({
    service: 'billing',
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
