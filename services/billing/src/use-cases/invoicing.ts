// Making invoices and moving them through their life (spec §4): created as drafts numbered at once in
// their company's series, edited while drafts, approved (locked), dispatched, discarded, cancelled, and
// reissued in another company's series. Every change is written with its history and its event in one
// transaction.
import { randomUUID } from 'node:crypto';
import { type MessageInitShape, toJson } from '@bufbuild/protobuf';
import {
  addCalendarDays,
  defaultInvoicePrefix,
  expandPrefix,
  financialYearOf,
  formatIsoDate,
  GstRegimeError,
  gstRegime,
  INVOICE_LINE_TYPES,
  InvoiceLineError,
  InvoiceNumberError,
  invoiceNumber,
  isIsoDate,
  operatorDate,
  PERMISSION,
  type RentACabGst,
  shownBookingNo,
  stateById,
  stateOfCity,
  TAX_TYPES,
  type TaxType,
} from '@fleet/domain';
import {
  invalid,
  invalidField,
  notFound,
  preconditionFailed,
  requireId,
  requireIds,
  requirePermission,
  type Tx,
} from '@fleet/platform';
import type { InvoiceChangedSchema } from '@fleet/proto/fleet/billing/v1/events_pb';
import { InvoiceSchema, InvoiceTotalsSchema } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import type { Company } from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import type { BillingDetail, Customer } from '@fleet/proto/fleet/masters/v1/connection_pb';
import Decimal from 'decimal.js';
import { billToOf, madeOutTo } from '../domain/bill-to';
import type { DutyRecord } from '../domain/duty';
import {
  type InvoiceParties,
  invoiceDocument,
  percentOrNull,
  type StaffLine,
} from '../domain/invoice-document';
import { BillingEvents, billingOutbox, type InvoiceEventName } from '../events/published';
import { invoiceToProto } from '../mappers';
import type { Copies, Copy } from '../read-models/master-copies';
import { holdDuties, holdDutiesOn, lockDuties, readDuties } from '../storage/duties-store';
import {
  addActivities,
  addActivity,
  attachDuties,
  attachDutiesToInvoices,
  bookingIdsOf,
  getInvoice,
  getInvoices,
  type InvoiceRecord,
  insertInvoices,
  markInvoice,
  type NewActivity,
  type NewInvoice,
  registrationOf,
  releaseDuties,
  rewriteInvoice,
  takeSequences,
} from '../storage/invoices-store';
import { hasLiveNotes } from '../storage/notes-store';
import { isSettled } from '../storage/receipts-store';
import { boundedDate, latestInvoiceDate } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

/** A row as staff send it (InvoiceLineInput). */
export interface LineInput {
  type: string;
  description?: string;
  sacCode?: string;
  quantity?: string;
  rate?: string;
  percentage?: string;
  amount?: string;
  isTaxable?: boolean;
  taxId?: string;
  billingItemId?: string;
}

/** What staff decide about an invoice (InvoiceDraft). */
export interface DraftInput {
  customerId: string;
  companyId?: string;
  companyProfileId?: string;
  bookingIds: readonly string[];
  invoiceDate?: string;
  dueDate?: string;
  lines: readonly LineInput[];
  notes?: string;
  billingDetailIndex?: number;
}

export const GROUPINGS = ['PER_CUSTOMER', 'PER_CUSTOMER_DAY', 'PER_DUTY'] as const;
export type Grouping = (typeof GROUPINGS)[number];

const STAFF_LINE_TYPES = INVOICE_LINE_TYPES.filter((type) => type !== 'BOOKING');
const MAX_DUTIES_PER_REQUEST = 5000;

/** An invoice being made: who for, from which company, which duties, and the staff's rows. */
interface Plan {
  /** The invoice's id when it must be known before it is made (a reissue); a new one otherwise. */
  id?: string;
  customerId: string;
  companyId: string | undefined;
  companyProfileId: string | undefined;
  bookingIds: string[];
  invoiceDate: string;
  dueDate: string | undefined;
  lines: LineInput[];
  notes: string;
  billingDetailIndex: number | undefined;
  /** Whether the customer's standing discount and surcharge are added (a new invoice) or the rows are as given. */
  withCustomerTerms: boolean;
}

/** What masters say that invoicing reads, gathered before the transaction opens. */
interface Known {
  copies: Copies;
  companies: Copy<'company'>[];
  profiles: Copy<'company_profile'>[];
  settings: Copy<'business_settings'> | undefined;
}

export function createInvoicing(deps: BillingDeps) {
  const { db, copies, clock } = deps;
  const today = () => operatorDate(clock());

  // ── Reading what masters say ──────────────────────────────────────────────────────────────────────

  async function know(caller: TenantCaller, plans: readonly Plan[]): Promise<Known> {
    const staff = plans.flatMap((plan) => plan.lines);
    const [loaded, settings, all] = await Promise.all([
      copies.load(caller, {
        customer: plans.map((p) => p.customerId),
        company: plans.flatMap((p) => (p.companyId ? [p.companyId] : [])),
        company_profile: plans.flatMap((p) => (p.companyProfileId ? [p.companyProfileId] : [])),
        tax: staff.flatMap((l) => (l.taxId ? [l.taxId] : [])),
        billing_item: staff.flatMap((l) => (l.billingItemId ? [l.billingItemId] : [])),
      }),
      copies.loadOne(caller, 'business_settings'),
      // Every active company and profile of the operator (a handful): the primary company, a company's profile.
      Promise.all([copies.loadAll(caller, 'company'), copies.loadAll(caller, 'company_profile')]),
    ]);
    const [companies, profiles] = all;
    return { copies: loaded, settings, companies, profiles };
  }

  // ── Checking input ────────────────────────────────────────────────────────────────────────────────

  function checkedLines(lines: readonly LineInput[]): LineInput[] {
    if (lines.length > 200) throw invalidField('lines', 'An invoice takes at most 200 rows typed in.');
    return lines.map((line, i) => {
      if (!(STAFF_LINE_TYPES as readonly string[]).includes(line.type)) {
        throw invalidField(`lines.${i}.type`, `A row is one of ${STAFF_LINE_TYPES.join(', ')}.`);
      }
      if (line.taxId) requireId(line.taxId, `lines.${i}.taxId`);
      if (line.billingItemId) requireId(line.billingItemId, `lines.${i}.billingItemId`);
      return line;
    });
  }

  function checkedDate(value: string | undefined, field: string): string | undefined {
    if (!value) return undefined;
    if (!isIsoDate(value)) throw invalidField(field, 'Give the date as YYYY-MM-DD.');
    return value;
  }

  function planOf(draft: DraftInput, withCustomerTerms: boolean): Plan {
    requireId(draft.customerId, 'customerId');
    if (draft.companyId) requireId(draft.companyId, 'companyId');
    if (draft.companyProfileId) requireId(draft.companyProfileId, 'companyProfileId');
    const bookingIds = [...new Set(requireIds(draft.bookingIds, 'bookingIds'))];
    if (bookingIds.length > 500) throw invalidField('bookingIds', 'An invoice bills at most 500 duties.');
    const notes = (draft.notes ?? '').trim();
    if (notes.length > 2000) throw invalidField('notes', 'Keep the notes to 2,000 characters or fewer.');
    if (notes.includes('\0')) throw invalidField('notes', 'Notes cannot contain NUL characters.');
    const invoiceDate = boundedDate(checkedDate(draft.invoiceDate, 'invoiceDate') ?? today(), 'invoiceDate', {
      today: today(),
      latest: latestInvoiceDate(today()),
    });
    const dueDate = checkedDate(draft.dueDate, 'dueDate');
    if (dueDate && dueDate < invoiceDate)
      throw invalidField('dueDate', 'An invoice falls due on or after its date.');
    const index = draft.billingDetailIndex;
    if (index !== undefined && (!Number.isInteger(index) || index < 0 || index > 100)) {
      throw invalidField('billingDetailIndex', 'Choose one of the customer’s billing details.');
    }
    const lines = checkedLines(draft.lines);
    if (bookingIds.length === 0) {
      const onCarHire = lines.findIndex((line) => line.type === 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE');
      if (onCarHire >= 0) {
        throw invalidField(
          `lines.${onCarHire}.type`,
          'A discount on car hire needs duties on the invoice: give a discount percentage or amount instead.',
        );
      }
    }
    return {
      customerId: draft.customerId,
      companyId: draft.companyId || undefined,
      companyProfileId: draft.companyProfileId || undefined,
      bookingIds,
      invoiceDate,
      dueDate,
      lines,
      notes,
      billingDetailIndex: index,
      withCustomerTerms,
    };
  }

  // ── Making the document ───────────────────────────────────────────────────────────────────────────

  function customerOf(known: Known, plan: Plan): Customer {
    const customer = known.copies.customer.get(plan.customerId);
    if (!customer?.connection) throw invalidField('customerId', 'There is no such customer.');
    return customer;
  }

  /**
   * The company an invoice is issued from: the one asked for, else its duties' booking's, else the
   * customer's own billed-from company, else the operator's primary.
   */
  function companyOf(known: Known, plan: Plan, duties: readonly DutyRecord[]): Copy<'company'> {
    const id =
      plan.companyId ??
      duties.find((duty) => duty.companyId)?.companyId ??
      (known.copies.customer.get(plan.customerId)?.billedFromCompanyId || undefined);
    const company = id
      ? (known.copies.company.get(id) ?? known.companies.find((c) => c.id === id))
      : (known.companies.find((c) => c.isPrimary) ?? known.companies[0]);
    if (!company) {
      throw invalidField('companyId', 'Choose the company the invoice is from (Masters → My companies).');
    }
    return company;
  }

  function profileOf(known: Known, plan: Plan, company: Company): Copy<'company_profile'> | undefined {
    if (plan.companyProfileId) {
      const chosen =
        known.copies.company_profile.get(plan.companyProfileId) ??
        known.profiles.find((p) => p.id === plan.companyProfileId);
      if (!chosen || chosen.companyId !== company.id) {
        throw invalidField('companyProfileId', 'Choose a profile of the invoice’s company.');
      }
      return chosen;
    }
    return known.profiles.find((p) => p.companyId === company.id);
  }

  function billingDetailOf(customer: Customer, index: number | undefined): BillingDetail | undefined {
    const details = customer.connection?.billingDetails ?? [];
    if (index !== undefined) {
      const chosen = details[index];
      if (!chosen) throw invalidField('billingDetailIndex', 'The customer has no such billing detail.');
      return chosen;
    }
    return details.find((d) => d.isDefault) ?? details[0];
  }

  function stateOf(stateId: string, field: string, what: string) {
    const state = stateId ? stateById(stateId) : undefined;
    if (!state) throw invalidField(field, `Set ${what}'s state first: it decides CGST + SGST or IGST.`);
    return { stateId: state.id, gstStateCode: state.gstCode, name: state.name };
  }

  function build(known: Known, plan: Plan, duties: readonly DutyRecord[]) {
    const customer = customerOf(known, plan);
    const connection = customer.connection!;
    const company = companyOf(known, plan, duties);
    const profile = profileOf(known, plan, company);
    const detail = billingDetailOf(customer, plan.billingDetailIndex);
    const seller = stateOf(company.stateId, 'companyId', `the company ${company.name}`);
    const buyerStateId = detail?.stateId || stateOfCity(connection.cityId)?.id || '';
    const buyer = stateOf(buyerStateId, 'customerId', `the customer ${connection.name}`);
    const boardingState = duties[0] ? stateOfCity(duties[0].fromCityId) : undefined;
    const billTo = billToOf(customer.billTo);
    const party = madeOutTo(
      billTo,
      {
        name: detail?.billingName || connection.name,
        address: detail?.address || connection.address,
        gstNo: detail?.gstNo ?? '',
        panNo: detail?.panNo ?? '',
        taxType: ((TAX_TYPES as readonly string[]).includes(connection.taxType)
          ? connection.taxType
          : 'UNREGISTRED') as TaxType,
        pincode: detail?.pincode ?? '',
      },
      duties,
    );
    const taxType = party.taxType;
    const rentACabGst = (known.settings?.rentACabGst || 'GST_5_NO_ITC') as RentACabGst;
    let regime: ReturnType<typeof gstRegime>;
    try {
      regime = gstRegime({
        supplier: {
          stateId: seller.stateId,
          gstStateCode: seller.gstStateCode,
          gstNo: company.gstNo,
          businessType: (company.businessType || '') as Parameters<
            typeof gstRegime
          >[0]['supplier']['businessType'],
          lutNo: company.lutNo,
        },
        recipient: {
          stateId: buyer.stateId,
          gstStateCode: buyer.gstStateCode,
          taxType,
          gstNo: party.gstNo,
        },
        boarding: boardingState ? { stateId: boardingState.id, gstStateCode: boardingState.gstCode } : null,
        rentACabGst,
      });
    } catch (error) {
      if (error instanceof GstRegimeError) throw invalidField('customerId', error.message);
      throw error;
    }
    const bank = known.copies.bank_account.get(profile?.bankAccountId || company.bankAccountId);
    const parties: InvoiceParties = {
      seller: {
        name: company.name,
        address: [company.address, company.pincode].filter(Boolean).join(' '),
        stateId: seller.stateId,
        stateName: seller.name,
        gstStateCode: seller.gstStateCode,
        gstNo: company.gstNo,
        panNo: company.panNo,
        email: company.email,
        phone: company.phone,
        pincode: company.pincode,
      },
      buyer: {
        name: party.name,
        address: party.address,
        stateId: buyer.stateId,
        stateName: buyer.name,
        gstStateCode: buyer.gstStateCode,
        gstNo: party.gstNo,
        panNo: party.panNo,
        taxType,
        email: detail?.email || connection.email,
        phone: connection.phone,
        pincode: party.pincode,
        billTo,
      },
      bank: bank && {
        accountHolder: bank.accountHolder,
        bankName: bank.bankName,
        accountNo: bank.accountNo,
        ifsc: bank.ifsc,
        branchName: bank.branchName,
        upiId: bank.upiId,
      },
      title: profile?.invoiceTitle || (regime.kind === 'NONE' ? 'Invoice' : 'Tax Invoice'),
      terms: profile?.invoiceTerms ?? '',
      footer: profile?.invoiceFooter ?? '',
    };
    const staff = staffLines(known, plan, connection);
    try {
      const { document, computation } = invoiceDocument({
        duties,
        staff,
        regime,
        rentACabGst,
        taxRateOf: (taxId) => percentOrNull(known.copies.tax.get(taxId)?.percentage),
        parties,
      });
      const dueInDays = connection.invoiceDueInDays ?? known.settings?.invoiceDueInDays ?? 0;
      return {
        company,
        profile,
        document,
        computation,
        dueDate: plan.dueDate ?? addCalendarDays(plan.invoiceDate, dueInDays),
      };
    } catch (error) {
      if (error instanceof InvoiceLineError)
        throw invalid(error.message, [{ field: 'lines', message: error.message }]);
      throw error;
    }
  }

  /** The staff's rows, with the customer's standing discount and surcharge on a new invoice. */
  function staffLines(
    known: Known,
    plan: Plan,
    connection: NonNullable<Customer['connection']>,
  ): StaffLine[] {
    const lines: StaffLine[] = plan.lines.map((line) => {
      const tax = line.taxId ? known.copies.tax.get(line.taxId) : undefined;
      if (line.taxId && !tax) throw invalidField('lines', 'A row names a tax that does not exist.');
      const item = line.billingItemId ? known.copies.billing_item.get(line.billingItemId) : undefined;
      return {
        type: line.type,
        description: line.description || item?.name || '',
        sacCode: line.sacCode || item?.sacCode || '',
        quantity: line.quantity ?? '',
        rate: line.rate ?? '',
        percentage: line.percentage ?? '',
        amount: line.amount ?? '',
        isTaxable: line.isTaxable ?? item?.isTaxable ?? false,
        taxRate: percentOrNull(tax?.percentage),
        billingItemId: line.billingItemId ?? '',
      };
    });
    if (!plan.withCustomerTerms || plan.bookingIds.length === 0) return lines;
    const has = (type: string) => lines.some((line) => line.type === type);
    const term = (type: string, description: string, percentage: string): StaffLine => ({
      type,
      description,
      sacCode: '',
      quantity: '',
      rate: '',
      percentage,
      amount: '',
      isTaxable: false,
      taxRate: null,
      billingItemId: '',
    });
    const discount = percentOrNull(connection.defaultDiscountPercentage);
    if (discount && new Decimal(discount).greaterThan(0) && !has('DISCOUNT_PERCENTAGE_ON_CAR_HIRE')) {
      lines.push(term('DISCOUNT_PERCENTAGE_ON_CAR_HIRE', 'Discount on car hire', discount));
    }
    const surcharge = percentOrNull(connection.surchargePercentage);
    if (surcharge && new Decimal(surcharge).greaterThan(0) && !has('SURCHARGE_PERCENTAGE')) {
      lines.push(term('SURCHARGE_PERCENTAGE', 'Surcharge', surcharge));
    }
    return lines;
  }

  // ── Writing ───────────────────────────────────────────────────────────────────────────────────────

  /** The duties a plan bills, locked: each closed, priced, the customer's, and on no live invoice but `own`. */
  async function billableDuties(tx: Tx, plan: Plan, own?: string): Promise<DutyRecord[]> {
    const [duties] = await billableDutiesOf(tx, [plan], own);
    return duties!;
  }

  /** The duties of each plan, all locked in one statement, each checked as billableDuties checks it. */
  async function billableDutiesOf(tx: Tx, plans: readonly Plan[], own?: string): Promise<DutyRecord[][]> {
    const wanted = plans.flatMap((plan) => plan.bookingIds);
    const locked = wanted.length > 0 ? await lockDuties(tx, wanted) : [];
    const byId = new Map(locked.map((duty) => [duty.bookingId, duty]));
    // In the locked order (start date, booking number), as each invoice lists its duties.
    const order = new Map(locked.map((duty, i) => [duty.bookingId, i]));
    return plans.map((plan) => {
      const duties = plan.bookingIds.flatMap((id) => byId.get(id) ?? []);
      if (duties.length !== plan.bookingIds.length) {
        throw invalidField('bookingIds', 'A duty named is not a closed duty of this operator.');
      }
      for (const duty of duties) {
        if (duty.status !== 'CLOSED' || duty.charges === null) {
          throw preconditionFailed(`Duty ${duty.bookingNo} is not closed and priced yet.`, 'DUTY_NOT_CLOSED');
        }
        if (duty.customerId !== plan.customerId) {
          throw invalidField('bookingIds', `Duty ${duty.bookingNo} is another customer's.`);
        }
        // A duty dated after today was closed before it ran: its slip cannot be true yet.
        if (duty.startDate > today()) {
          throw invalidField(
            'bookingIds',
            `Duty ${shownBookingNo(duty.bookingNo)} is dated ${formatIsoDate(duty.startDate)}, after today: bill it once it has run.`,
          );
        }
        if (plan.invoiceDate < duty.startDate) {
          throw invalidField(
            'invoiceDate',
            `Date the invoice on or after its duties: duty ${shownBookingNo(duty.bookingNo)} ran on ${formatIsoDate(duty.startDate)}.`,
          );
        }
        if (duty.invoiceId && duty.invoiceId !== own) {
          throw preconditionFailed(
            `Duty ${duty.bookingNo} is already on invoice ${duty.invoiceNo}; cancel that invoice first.`,
            'DUTY_ALREADY_INVOICED',
          );
        }
      }
      return duties.sort((x, y) => order.get(x.bookingId)! - order.get(y.bookingId)!);
    });
  }

  /** The event of a change to an invoice: the invoice without its lines and taxes. */
  function eventOf(
    caller: TenantCaller,
    event: InvoiceEventName,
    invoice: InvoiceRecord,
    extra: Pick<MessageInitShape<typeof InvoiceChangedSchema>, 'releasedBookingIds'> = {},
  ): MessageInitShape<typeof InvoiceChangedSchema> {
    const message = invoiceToProto(invoice);
    return {
      tenantId: caller.tenantId,
      invoice: { ...message, lines: [], taxes: [] },
      action: event.replace(/^invoice/, '').toLowerCase(),
      changedByUserId: caller.actorUserId ?? caller.userId,
      ...extra,
    };
  }

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: InvoiceEventName,
    invoice: InvoiceRecord,
    extra: Pick<MessageInitShape<typeof InvoiceChangedSchema>, 'releasedBookingIds'> = {},
  ) {
    await billingOutbox.enqueue(tx, BillingEvents[event], eventOf(caller, event, invoice, extra), caller);
  }

  function activityOf(caller: TenantCaller, invoiceId: string, action: string, note = ''): NewActivity {
    return {
      id: randomUUID(),
      tenantId: caller.tenantId,
      invoiceId,
      userId: caller.userId || null,
      actorUserId: caller.actorUserId ?? (caller.userId || null),
      action,
      note,
    };
  }

  async function history(tx: Tx, caller: TenantCaller, invoiceId: string, action: string, note = '') {
    await addActivity(tx, activityOf(caller, invoiceId, action, note));
  }

  /**
   * Makes the invoices of the plans in one transaction: their numbers, their duties held, their events.
   * Each step is one statement for all the invoices (the month-end run makes hundreds at once), so the
   * series' lock, taken for the numbers, is held for a handful of round trips, not a few per invoice.
   */
  async function insertAll(
    tx: Tx,
    caller: TenantCaller,
    known: Known,
    plans: readonly Plan[],
    reissueOfId: string | null = null,
  ): Promise<InvoiceRecord[]> {
    const dutiesOf = await billableDutiesOf(tx, plans);
    const built = plans.map((plan, i) => ({
      plan,
      duties: dutiesOf[i]!,
      ...build(known, plan, dutiesOf[i]!),
    }));
    // One take of numbers per series (per GST registration, rule 46), in the order the invoices were
    // asked for; the series are locked in one order so that two runs never wait on each other.
    const seriesOf = (b: (typeof built)[number]) =>
      `${registrationOf(b.company)}|${financialYearOf(b.plan.invoiceDate).label}`;
    const series = new Map<
      string,
      { registration: string; financialYear: string; count: number; next?: bigint }
    >();
    for (const b of built) {
      const key = seriesOf(b);
      const entry = series.get(key) ?? {
        registration: registrationOf(b.company),
        financialYear: financialYearOf(b.plan.invoiceDate).label,
        count: 0,
      };
      entry.count += 1;
      series.set(key, entry);
    }
    for (const key of [...series.keys()].sort()) {
      const entry = series.get(key)!;
      entry.next = await takeSequences(tx, { tenantId: caller.tenantId, ...entry }, entry.count);
    }
    const invoices: NewInvoice[] = [];
    const held: { invoiceId: string; bookingIds: string[] }[] = [];
    for (const b of built) {
      const fy = financialYearOf(b.plan.invoiceDate);
      const entry = series.get(seriesOf(b))!;
      const sequence = entry.next!;
      entry.next = sequence + 1n;
      const prefix = b.profile?.invoicePrefix
        ? expandPrefix(b.profile.invoicePrefix, b.plan.invoiceDate)
        : defaultInvoicePrefix(fy);
      let number: string;
      try {
        number = invoiceNumber(prefix, Number(sequence));
      } catch (error) {
        if (error instanceof InvoiceNumberError) throw invalidField('companyProfileId', error.message);
        throw error;
      }
      const id = b.plan.id ?? randomUUID();
      const dates = b.duties.map((d) => d.startDate).sort();
      invoices.push({
        id,
        tenantId: caller.tenantId,
        invoiceNo: number,
        prefix,
        sequence,
        financialYear: fy.label,
        kind: b.duties.length === 0 ? 'MANUAL' : b.duties.length === 1 ? 'BOOKING' : 'BOOKINGS',
        customerId: b.plan.customerId,
        companyId: b.company.id,
        companyProfileId: b.profile?.id ?? null,
        invoiceDate: b.plan.invoiceDate,
        dueDate: b.dueDate,
        startDate: dates[0] ?? null,
        endDate: dates.at(-1) ?? null,
        buyerName: b.document.buyer?.name ?? '',
        buyerGstNo: b.document.buyer?.gstNo ?? '',
        total: b.computation.total.toFixed(2),
        totals: toJson(InvoiceTotalsSchema, b.document.totals!),
        document: toJson(InvoiceSchema, b.document),
        notes: b.plan.notes,
        reissueOfId,
        createdByUserId: caller.userId || null,
      });
      held.push({ invoiceId: id, bookingIds: b.duties.map((d) => d.bookingId) });
    }
    await insertInvoices(tx, invoices);
    await attachDutiesToInvoices(tx, caller.tenantId, held);
    await holdDutiesOn(tx, held);
    const note = reissueOfId ? 'Reissued in another company’s series.' : '';
    await addActivities(
      tx,
      invoices.map((invoice) => activityOf(caller, invoice.id, 'created', note)),
    );
    const made = await getInvoices(
      tx,
      invoices.map((invoice) => invoice.id),
    );
    await billingOutbox.enqueueAll(
      tx,
      BillingEvents.invoiceCreated,
      made.map((invoice) => eventOf(caller, 'invoiceCreated', invoice)),
      caller,
    );
    return made;
  }

  /** An invoice locked for a change, refused unless it is in one of the states given. */
  async function lockedInvoice(tx: Tx, id: string, allowed: readonly string[], doing: string) {
    const invoice = await getInvoice(tx, id, true);
    if (!invoice) throw notFound('The invoice');
    if (!allowed.includes(invoice.status)) {
      throw preconditionFailed(
        `Invoice ${invoice.invoiceNo} is ${invoice.status.toLowerCase()}; only ${allowed
          .map((s) => s.toLowerCase())
          .join(' or ')} invoices can be ${doing}.`,
        `INVOICE_${invoice.status}`,
      );
    }
    return invoice;
  }

  function reasonOf(value: string | undefined, what: string): string {
    const reason = (value ?? '').trim();
    if (!reason) throw invalidField('reason', `Say why the invoice is ${what}.`);
    if (reason.length > 500) throw invalidField('reason', 'Keep the reason to 500 characters or fewer.');
    if (reason.includes('\0')) throw invalidField('reason', 'The reason cannot contain NUL characters.');
    return reason;
  }

  /** Takes an invoice out of use (cancelled or discarded): it keeps its number, its duties are free again. */
  async function retire(
    tx: Tx,
    caller: TenantCaller,
    invoice: InvoiceRecord,
    reason: string,
    reissuedAsId?: string,
  ): Promise<InvoiceRecord> {
    const cancelled = invoice.status === 'APPROVED';
    if (await isSettled(tx, invoice.id)) {
      throw preconditionFailed(
        `Receipts settle invoice ${invoice.invoiceNo}: cancel them first, or it would be paid and not owed.`,
        'INVOICE_SETTLED',
      );
    }
    if (await hasLiveNotes(tx, invoice.id)) {
      throw preconditionFailed(
        `Credit or debit notes change invoice ${invoice.invoiceNo}: cancel them first.`,
        'INVOICE_NOTED',
      );
    }
    const bookingIds = await bookingIdsOf(tx, invoice.id);
    await releaseDuties(tx, invoice.id);
    await holdDuties(tx, bookingIds, null);
    await markInvoice(tx, invoice.id, {
      status: cancelled ? 'CANCELLED' : 'DISCARDED',
      cancellationReason: reason,
      reissuedAsId,
    });
    await history(tx, caller, invoice.id, cancelled ? 'cancelled' : 'discarded', reason);
    const retired = (await getInvoice(tx, invoice.id))!;
    await publish(tx, caller, cancelled ? 'invoiceCancelled' : 'invoiceDiscarded', retired);
    return retired;
  }

  return {
    /** One invoice of the duties named (one customer's), or a manual one of its rows. */
    async create(caller: TenantCaller, draft: DraftInput): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.create_invoice, 'create invoices');
      const plan = planOf(draft, true);
      if (plan.bookingIds.length === 0 && plan.lines.length === 0) {
        throw invalidField('lines', 'Add a duty or a row to invoice.');
      }
      const known = await know(caller, [plan]);
      const [made] = await db.withTenant(caller.tenantId, (tx) => insertAll(tx, caller, known, [plan]));
      return made!;
    },

    /** Invoices of many bill-pending duties at once, grouped by customer and company (and date or duty). */
    async createFromDuties(
      caller: TenantCaller,
      input: { bookingIds: readonly string[]; grouping?: string; invoiceDate?: string },
    ): Promise<InvoiceRecord[]> {
      requirePermission(caller, PERMISSION.create_invoice, 'create invoices');
      const ids = [...new Set(requireIds(input.bookingIds, 'bookingIds'))];
      if (ids.length === 0) throw invalidField('bookingIds', 'Choose the duties to invoice.');
      if (ids.length > MAX_DUTIES_PER_REQUEST) {
        throw invalidField('bookingIds', `Invoice at most ${MAX_DUTIES_PER_REQUEST} duties at a time.`);
      }
      const grouping = (input.grouping || 'PER_CUSTOMER') as Grouping;
      if (!GROUPINGS.includes(grouping)) throw invalidField('grouping', `Group by ${GROUPINGS.join(', ')}.`);
      const invoiceDate = checkedDate(input.invoiceDate, 'invoiceDate') ?? today();
      const duties = await db.read(caller.tenantId, (tx) => readDuties(tx, ids));
      if (duties.length !== ids.length) {
        throw invalidField('bookingIds', 'A duty named is not a closed duty of this operator.');
      }
      const groups = new Map<string, DutyRecord[]>();
      for (const duty of duties) {
        const key = [
          duty.customerId,
          duty.companyId ?? '',
          grouping === 'PER_CUSTOMER_DAY' ? duty.startDate : '',
          grouping === 'PER_DUTY' ? duty.bookingId : '',
        ].join('|');
        groups.set(key, [...(groups.get(key) ?? []), duty]);
      }
      const plans = [...groups.values()].map((group) =>
        planOf(
          {
            customerId: group[0]!.customerId,
            companyId: group[0]!.companyId ?? undefined,
            bookingIds: group.map((d) => d.bookingId),
            invoiceDate,
            lines: [],
          },
          true,
        ),
      );
      const known = await know(caller, plans);
      return db.withTenant(caller.tenantId, (tx) => insertAll(tx, caller, known, plans));
    },

    /** Rewrites a draft from what staff now decide: its duties, rows, dates, notes and billing details. */
    async update(
      caller: TenantCaller,
      id: string,
      draft: DraftInput,
      expectedVersion: number,
    ): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.edit_invoice, 'edit invoices');
      requireId(id, 'id');
      const plan = planOf(draft, false);
      const known = await know(caller, [plan]);
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id, ['DRAFT'], 'edited');
        if (expectedVersion && invoice.version !== expectedVersion) {
          throw preconditionFailed('Someone changed this invoice since you opened it; reload it.', 'STALE');
        }
        if (plan.companyId && plan.companyId !== invoice.companyId) {
          throw invalidField('companyId', 'Change the company with “Move to another company”: it renumbers.');
        }
        if (plan.customerId !== invoice.customerId && (await bookingIdsOf(tx, id)).length > 0) {
          throw invalidField('customerId', 'An invoice of duties stays with their customer.');
        }
        const duties = await billableDuties(tx, plan, id);
        const b = build(known, { ...plan, companyId: invoice.companyId }, duties);
        if (financialYearOf(plan.invoiceDate).label !== invoice.financialYear) {
          throw invalidField(
            'invoiceDate',
            `Keep the date within the invoice's financial year ${invoice.financialYear}.`,
          );
        }
        const before = await bookingIdsOf(tx, id);
        const after = duties.map((d) => d.bookingId);
        const released = before.filter((b2) => !after.includes(b2));
        await releaseDuties(tx, id, released);
        await holdDuties(tx, released, null);
        await attachDuties(tx, caller.tenantId, id, after);
        await holdDuties(tx, after, id);
        const dates = duties.map((d) => d.startDate).sort();
        await rewriteInvoice(tx, id, {
          kind: duties.length === 0 ? 'MANUAL' : duties.length === 1 ? 'BOOKING' : 'BOOKINGS',
          customerId: plan.customerId,
          companyProfileId: b.profile?.id ?? null,
          invoiceDate: plan.invoiceDate,
          dueDate: b.dueDate,
          startDate: dates[0] ?? null,
          endDate: dates.at(-1) ?? null,
          buyerName: b.document.buyer?.name ?? '',
          buyerGstNo: b.document.buyer?.gstNo ?? '',
          total: b.computation.total.toFixed(2),
          totals: toJson(InvoiceTotalsSchema, b.document.totals!),
          document: toJson(InvoiceSchema, b.document),
          notes: plan.notes,
        });
        await history(tx, caller, id, 'updated');
        const updated = (await getInvoice(tx, id))!;
        await publish(tx, caller, 'invoiceUpdated', updated, { releasedBookingIds: released });
        return updated;
      });
    },

    async approve(caller: TenantCaller, id: string): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.approve_invoice, 'approve invoices');
      requireId(id, 'id');
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id, ['DRAFT'], 'approved');
        await markInvoice(tx, invoice.id, { status: 'APPROVED', approved: true });
        await history(tx, caller, id, 'approved');
        const approved = (await getInvoice(tx, id))!;
        await publish(tx, caller, 'invoiceApproved', approved);
        return approved;
      });
    },

    async discard(caller: TenantCaller, id: string, reason: string | undefined): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.manage_invoice, 'discard invoices');
      requireId(id, 'id');
      const why = (reason ?? '').trim() || 'Discarded as a draft.';
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id, ['DRAFT'], 'discarded');
        return retire(tx, caller, invoice, reasonOf(why, 'discarded'));
      });
    },

    async cancel(caller: TenantCaller, id: string, reason: string | undefined): Promise<InvoiceRecord> {
      requirePermission(caller, PERMISSION.cancel_invoice, 'cancel invoices');
      requireId(id, 'id');
      const why = reasonOf(reason, 'cancelled');
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, id, ['APPROVED'], 'cancelled');
        return retire(tx, caller, invoice, why);
      });
    },

    /** Cancels (or discards) an invoice and reissues it, same duties and rows, in another company's series. */
    async changeCompany(
      caller: TenantCaller,
      input: { id: string; companyId: string; companyProfileId?: string; reason?: string },
    ): Promise<{ retired: InvoiceRecord; reissued: InvoiceRecord }> {
      requirePermission(caller, PERMISSION.manage_invoice, 'move invoices to another company');
      requireId(input.id, 'id');
      requireId(input.companyId, 'companyId');
      const reason = reasonOf(input.reason || 'Billed from another company.', 'moved');
      const current = await db.read(caller.tenantId, (tx) => getInvoice(tx, input.id));
      if (!current) throw notFound('The invoice');
      if (current.companyId === input.companyId) {
        throw invalidField('companyId', 'The invoice is already from this company.');
      }
      const document = invoiceToProto(current);
      const plan: Plan = {
        customerId: current.customerId,
        companyId: input.companyId,
        companyProfileId: input.companyProfileId || undefined,
        bookingIds: document.bookingIds,
        invoiceDate: current.invoiceDate,
        dueDate: current.dueDate,
        lines: document.lines
          .filter((line) => line.type !== 'BOOKING' && !(line.type === 'BILLING_ITEM' && line.bookingId))
          .map((line) => ({
            type: line.type,
            description: line.description,
            sacCode: line.sacCode,
            quantity: line.quantity,
            rate: line.rate,
            percentage: line.percentage,
            amount: line.amount,
            isTaxable: line.isTaxable,
            billingItemId: line.billingItemId,
          })),
        notes: current.notes,
        billingDetailIndex: undefined,
        withCustomerTerms: false,
      };
      const known = await know(caller, [plan]);
      return db.withTenant(caller.tenantId, async (tx) => {
        const invoice = await lockedInvoice(tx, input.id, ['DRAFT', 'APPROVED'], 'moved to another company');
        const bookingIds = await bookingIdsOf(tx, invoice.id);
        // Retired first (its duties free, its event first), then reissued holding the same duties.
        const reissueId = randomUUID();
        const retired = await retire(tx, caller, invoice, reason, reissueId);
        const [reissued] = await insertAll(
          tx,
          caller,
          known,
          [{ ...plan, id: reissueId, bookingIds }],
          invoice.id,
        );
        await history(tx, caller, invoice.id, 'reissued', `As ${reissued!.invoiceNo}.`);
        return { retired, reissued: reissued! };
      });
    },
  };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
