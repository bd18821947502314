// Petty cash: the cash book, what each box and each person holds, recording, editing, voiding and
// sending an entry. Each procedure needs its permission; billing checks it again (and that whoever only
// adds petty cash voids only their own entry of the day).
import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { namesOf } from '../booking/people-names';
import { required } from '../shared-mappers';
import { entryInput, listInput, sendInput, updateInput, voidInput } from './inputs';
import { entryToJson, holdingToJson } from './mappers';

export const list = procedureNeeding(PERMISSION.view_petty_cash)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listPettyCash(
      {
        search: input.search,
        kinds: input.kinds ?? [],
        categories: input.categories ?? [],
        personKey: input.personKey,
        companyIds: input.companyIds ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        includeVoided: input.includeVoided ?? false,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { entries: r.entries.map(entryToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_petty_cash)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getPettyCash(input, callAs(ctx.caller));
    const entry = required(r.entry, 'the entry');
    const names = entry.recordedByUserId
      ? await namesOf(ctx.services.identity, ctx.caller, [entry.recordedByUserId])
      : new Map<string, string>();
    return {
      ...entryToJson(entry),
      held: new Decimal(r.held || 0),
      /** Who recorded it, as identity names them now; null when identity does not know them. */
      recordedByName: names.get(entry.recordedByUserId) ?? null,
    };
  });

export const summary = procedureNeeding(PERMISSION.view_petty_cash).query(async ({ ctx }) => {
  const r = await ctx.services.billing.getPettyCashSummary({}, callAs(ctx.caller));
  return {
    boxes: r.boxes.map((b) => ({
      companyId: b.companyId,
      companyName: b.companyName,
      balance: new Decimal(b.balance || 0),
    })),
    balance: new Decimal(r.balance || 0),
    holders: r.holders.map(holdingToJson),
    held: new Decimal(r.held || 0),
  };
});

export const record = procedureNeeding(PERMISSION.add_petty_cash)
  .input(entryInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.recordPettyCash({ entry: input }, callAs(ctx.caller));
    return entryToJson(required(r.entry, 'the entry'));
  });

export const update = procedureNeeding(PERMISSION.manage_petty_cash)
  .input(updateInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.updatePettyCash(input, callAs(ctx.caller));
    return entryToJson(required(r.entry, 'the entry'));
  });

/** add_petty_cash voids one's own entry of the day; billing asks manage_petty_cash for any other. */
export const voidEntry = procedureNeeding(PERMISSION.add_petty_cash)
  .input(voidInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.voidPettyCash(input, callAs(ctx.caller));
    return entryToJson(required(r.entry, 'the entry'));
  });

export const send = procedureNeeding(PERMISSION.send_petty_cash_info)
  .input(sendInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.sendPettyCashInfo(input, callAs(ctx.caller));
    return entryToJson(required(r.entry, 'the entry'));
  });
