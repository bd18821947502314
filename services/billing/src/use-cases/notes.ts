// Credit and debit notes (DOMAIN.md "Receipts, settlements, notes"): a change to what an approved invoice
// asks, taxed under the invoice's own GST regime (the domain's computeInvoice over one row of the value
// before GST, rounded to the rupee like an invoice), numbered in its company's series of its type. A
// credit note credits at most what the invoice still asks; a debit note's cancellation is refused while
// receipts settle what it added. Each change is written with the invoice's history and its event.
import { randomUUID } from 'node:crypto';
import { fromJson } from '@bufbuild/protobuf';
import {
  computeInvoice,
  expandPrefix,
  financialYearOf,
  formatRupees,
  type GstRegime,
  type GstRegimeKind,
  InvoiceNumberError,
  invoiceNumber,
  operatorDate,
  PERMISSION,
  paiseOf,
  rupees,
} from '@fleet/domain';
import {
  invalidField,
  notFound,
  type Page,
  pageSize,
  preconditionFailed,
  requireId,
  requireIds,
  requirePermission,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import { InvoiceSchema } from '@fleet/proto/fleet/billing/v1/invoice_pb';
import Decimal from 'decimal.js';
import { BillingEvents, billingOutbox } from '../events/published';
import { noteToProto } from '../mappers';
import { addActivity, getInvoice, registrationOf, takeSequences } from '../storage/invoices-store';
import {
  cancelNoteRow,
  getNote,
  insertNote,
  listNotes,
  NOTE_SORTS,
  type NoteRow,
  type NoteType,
} from '../storage/notes-store';
import { lockInvoicesToSettle } from '../storage/receipts-store';
import { boundedDate, checkedDate, checkedText } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

const NOTE_TYPES: readonly NoteType[] = ['CREDIT', 'DEBIT'];
const REGIME_KINDS: readonly GstRegimeKind[] = ['INTRA', 'INTER', 'ZERO_RATED', 'NONE'];

export interface NoteInput {
  type: string;
  invoiceId: string;
  noteDate?: string;
  taxableAmount: string;
  reason: string;
}

export interface NoteListInput {
  search?: string;
  types?: readonly string[];
  customerIds?: readonly string[];
  invoiceId?: string;
  dateFrom?: string;
  dateTo?: string;
  includeCancelled?: boolean;
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: 'asc' | 'desc';
}

function typeOf(value: string, field: string): NoteType {
  const found = NOTE_TYPES.find((t) => t === value);
  if (!found) throw invalidField(field, 'A note is CREDIT or DEBIT.');
  return found;
}

/**
 * The number of a note: CN/26-27/0001 or DN/26-27/0001; a credit note takes its invoice's profile's
 * credit note prefix when it sets one ({FY} written as the note date's year). A debit note has no prefix
 * of its own in the profile, and keeps DN/.
 */
export const noteNumber = (type: NoteType, noteDate: string, sequence: number, creditPrefix = '') =>
  invoiceNumber(
    expandPrefix(type === 'CREDIT' ? creditPrefix || 'CN/{FY}/' : 'DN/{FY}/', noteDate),
    sequence,
  );

export function createNotes(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: 'noteCreated' | 'noteCancelled',
    note: NoteRow,
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        note: noteToProto(note),
        action: event === 'noteCreated' ? 'created' : 'cancelled',
        changedByUserId: caller.userId,
      },
      caller,
    );
  }

  async function history(tx: Tx, caller: TenantCaller, invoiceId: string, action: string, note: string) {
    await addActivity(tx, {
      id: randomUUID(),
      tenantId: caller.tenantId,
      invoiceId,
      userId: caller.userId || null,
      actorUserId: caller.actorUserId ?? (caller.userId || null),
      action,
      note,
    });
  }

  return {
    async list(caller: TenantCaller, input: NoteListInput): Promise<Page<NoteRow>> {
      requirePermission(caller, PERMISSION.view_credit_debit_note, 'see credit and debit notes');
      const sortBy = sortKey(input.sortBy, NOTE_SORTS, 'note_date', 'Notes');
      const limit = pageSize(input.limit);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listNotes(
          tx,
          {
            search: checkedText(input.search, 'search', 100) || undefined,
            types: (input.types ?? []).map((t) => typeOf(t, 'types')),
            customerIds: requireIds(input.customerIds ?? [], 'customerIds'),
            invoiceId: input.invoiceId ? requireId(input.invoiceId, 'invoiceId') : undefined,
            dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
            dateTo: checkedDate(input.dateTo, 'dateTo'),
            includeCancelled: input.includeCancelled ?? false,
          },
          { sortBy, direction: input.direction ?? 'desc', cursor: input.cursor, limit },
        ),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<NoteRow> {
      requirePermission(caller, PERMISSION.view_credit_debit_note, 'see credit and debit notes');
      requireId(id, 'id');
      const note = await db.read(caller.tenantId, (tx) => getNote(tx, id));
      if (!note) throw notFound('The note');
      return note;
    },

    async create(caller: TenantCaller, input: NoteInput): Promise<NoteRow> {
      requirePermission(caller, PERMISSION.manage_credit_debit_note, 'make credit and debit notes');
      const type = typeOf(input.type, 'type');
      requireId(input.invoiceId, 'invoiceId');
      const today = operatorDate(clock());
      const noteDate = boundedDate(checkedDate(input.noteDate, 'noteDate') ?? today, 'noteDate', {
        today,
        latest: today,
      });
      const reason = checkedText(input.reason, 'reason', 500);
      if (!reason)
        throw invalidField('reason', `Say why the ${type === 'CREDIT' ? 'credit' : 'debit'} note is made.`);
      let amount: bigint;
      try {
        amount = paiseOf(input.taxableAmount, 'taxableAmount');
      } catch (error) {
        throw invalidField('taxableAmount', error instanceof Error ? error.message : 'Give an amount.');
      }
      if (amount === 0n) throw invalidField('taxableAmount', 'Give the value before GST.');
      const profiles = await copies.loadAll(caller, 'company_profile');
      return db.withTenant(caller.tenantId, async (tx) => {
        const [asking] = await lockInvoicesToSettle(tx, [input.invoiceId]);
        const record = asking ? await getInvoice(tx, input.invoiceId) : undefined;
        if (!asking || !record) throw invalidField('invoiceId', 'There is no such invoice.');
        if (asking.status !== 'APPROVED') {
          throw invalidField(
            'invoiceId',
            `Invoice ${asking.invoiceNo} is not approved: notes change approved invoices only.`,
          );
        }
        if (noteDate < record.invoiceDate) {
          throw invalidField('noteDate', 'A note is dated on or after its invoice.');
        }
        const document = fromJson(InvoiceSchema, record.document, { ignoreUnknownFields: true });
        const regime: GstRegime = {
          placeOfSupplyStateId: document.tax?.placeOfSupplyStateId ?? '',
          placeOfSupplyStateCode: '',
          kind: REGIME_KINDS.find((k) => k === document.tax?.kind) ?? 'NONE',
          carHireRate: new Decimal(document.tax?.carHireRate || 0),
          withoutPayment: document.tax?.kind === 'ZERO_RATED',
          reverseCharge: document.tax?.reverseCharge ?? false,
        };
        const figures = computeInvoice(
          [
            {
              type: 'CUSTOM',
              description: reason,
              sac: '9966',
              quantity: new Decimal(1),
              rate: new Decimal(rupees(amount)),
              taxable: true,
              taxRate: null,
            },
          ],
          regime,
        );
        if (figures.total.lte(0)) {
          throw invalidField(
            'taxableAmount',
            `${formatRupees(rupees(amount))} before GST comes to ₹0.00 once rounded to the rupee; a note moves at least ₹1.`,
          );
        }
        const outstanding = new Decimal(asking.outstanding);
        if (type === 'CREDIT' && figures.total.gt(outstanding)) {
          throw invalidField(
            'taxableAmount',
            `The credit note comes to ${formatRupees(figures.total)} with GST, more than the ${formatRupees(outstanding)} invoice ${asking.invoiceNo} still asks.`,
          );
        }
        const financialYear = financialYearOf(noteDate).label;
        // A note is numbered under the registration its invoice was issued by.
        const registration = registrationOf({
          id: record.companyId,
          gstNo: document.seller?.gstNo ?? '',
        });
        const sequence = await takeSequences(
          tx,
          { tenantId: caller.tenantId, registration, financialYear },
          1,
          type === 'CREDIT' ? 'CREDIT_NOTE' : 'DEBIT_NOTE',
        );
        const id = randomUUID();
        const profile = record.companyProfileId
          ? profiles.find((p) => p.id === record.companyProfileId)
          : undefined;
        let noteNo: string;
        try {
          noteNo = noteNumber(type, noteDate, Number(sequence), profile?.creditNotePrefix ?? '');
        } catch (error) {
          if (error instanceof InvoiceNumberError) throw invalidField('invoiceId', error.message);
          throw error;
        }
        await insertNote(tx, {
          id,
          tenantId: caller.tenantId,
          type,
          noteNo,
          sequence,
          financialYear,
          companyId: record.companyId,
          customerId: record.customerId,
          customerName: record.buyerName,
          invoiceId: record.id,
          noteDate,
          reason,
          taxableValue: figures.taxableValue.toFixed(2),
          tax: figures.taxTotal.toFixed(2),
          roundOff: figures.roundOff.toFixed(2),
          total: figures.total.toFixed(2),
          taxes: figures.taxes.map((t) => ({
            kind: t.kind,
            rate: t.rate.toString(),
            gstRate: t.gstRate.toString(),
            taxableValue: t.taxableValue.toFixed(2),
            amount: t.amount.toFixed(2),
          })),
          createdByUserId: caller.userId,
        });
        await history(
          tx,
          caller,
          record.id,
          type === 'CREDIT' ? 'credit note' : 'debit note',
          `${noteNo}: ${formatRupees(figures.total)}, ${reason}`,
        );
        const made = (await getNote(tx, id))!;
        await publish(tx, caller, 'noteCreated', made);
        return made;
      });
    },

    async cancel(caller: TenantCaller, id: string, reason: string | undefined): Promise<NoteRow> {
      requirePermission(caller, PERMISSION.cancel_credit_debit_note, 'cancel credit and debit notes');
      requireId(id, 'id');
      const why = checkedText(reason, 'reason', 500);
      if (!why) throw invalidField('reason', 'Say why the note is cancelled.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const found = await getNote(tx, id);
        if (!found) throw notFound('The note');
        const [asking] = await lockInvoicesToSettle(tx, [found.invoiceId]);
        const note = (await getNote(tx, id, true))!;
        if (note.isCancelled) throw preconditionFailed('The note is already cancelled.');
        if (note.type === 'DEBIT' && asking && new Decimal(asking.outstanding).lt(note.total)) {
          throw preconditionFailed(
            `Receipts settle what debit note ${note.noteNo} added to invoice ${note.invoiceNo}: cancel them first.`,
          );
        }
        await cancelNoteRow(tx, note, why);
        await history(
          tx,
          caller,
          note.invoiceId,
          `${note.type === 'CREDIT' ? 'credit' : 'debit'} note cancelled`,
          `${note.noteNo}: ${why}`,
        );
        const cancelled = (await getNote(tx, id))!;
        await publish(tx, caller, 'noteCancelled', cancelled);
        return cancelled;
      });
    },
  };
}

export type Notes = ReturnType<typeof createNotes>;
