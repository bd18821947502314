// Credit and debit notes: list, one, make against an approved invoice, cancel. Each procedure needs its
// permission; billing checks it again.
import { isoDateSchema, PERMISSION } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import type { Note } from '@fleet/proto/fleet/billing/v1/note_pb';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { dateOrNull, required, textOrNull } from '../shared-mappers';

const NOTE_TYPES = ['CREDIT', 'DEBIT'] as const;

export function noteToJson(note: Note) {
  return {
    id: note.id,
    type: note.type,
    noteNo: note.noteNo,
    companyId: note.companyId,
    customerId: note.customerId,
    customerName: note.customerName,
    invoiceId: note.invoiceId,
    invoiceNo: note.invoiceNo,
    noteDate: note.noteDate,
    reason: note.reason,
    taxableValue: new Decimal(note.taxableValue || 0),
    tax: new Decimal(note.tax || 0),
    roundOff: new Decimal(note.roundOff || 0),
    total: new Decimal(note.total || 0),
    taxes: note.taxes.map((t) => ({
      kind: t.kind,
      rate: new Decimal(t.rate || 0),
      taxableValue: new Decimal(t.taxableValue || 0),
      amount: new Decimal(t.amount || 0),
    })),
    isCancelled: note.isCancelled,
    cancellationReason: textOrNull(note.cancellationReason),
    createdAt: dateOrNull(note.createdAt),
    version: note.version,
  };
}

export const list = procedureNeeding(PERMISSION.view_credit_debit_note)
  .input(
    z.object({
      search: optionalText(100),
      types: z.array(z.enum(NOTE_TYPES)).max(2).optional(),
      customerIds: z.array(idSchema).max(100).optional(),
      invoiceId: optionalId,
      dateFrom: isoDateSchema.optional(),
      dateTo: isoDateSchema.optional(),
      includeCancelled: z.boolean().optional(),
      sortBy: z.enum(['note_date', 'created_at']).optional(),
      order: orderSchema,
      cursor: cursorSchema,
      limit: limitSchema,
    }),
  )
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listNotes(
      {
        search: input.search,
        types: input.types ?? [],
        customerIds: input.customerIds ?? [],
        invoiceId: input.invoiceId,
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        includeCancelled: input.includeCancelled ?? false,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { notes: r.notes.map(noteToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_credit_debit_note)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) =>
    noteToJson(required((await ctx.services.billing.getNote(input, callAs(ctx.caller))).note, 'the note')),
  );

export const create = procedureNeeding(PERMISSION.manage_credit_debit_note)
  .input(
    z.object({
      type: z.enum(NOTE_TYPES),
      invoiceId: idSchema,
      noteDate: isoDateSchema.optional(),
      taxableAmount: z
        .string()
        .trim()
        .regex(/^\d{1,11}(\.\d{1,2})?$/, 'Enter the value before GST in rupees, to the paisa, e.g. 1000.50'),
      reason: z.string().trim().min(1, 'Say why the note is made').max(500),
    }),
  )
  .mutation(async ({ ctx, input }) =>
    noteToJson(required((await ctx.services.billing.createNote(input, callAs(ctx.caller))).note, 'the note')),
  );

export const cancel = procedureNeeding(PERMISSION.cancel_credit_debit_note)
  .input(
    z.object({ id: idSchema, reason: z.string().trim().min(1, 'Say why the note is cancelled').max(500) }),
  )
  .mutation(async ({ ctx, input }) =>
    noteToJson(required((await ctx.services.billing.cancelNote(input, callAs(ctx.caller))).note, 'the note')),
  );
