// Vehicle expenses: what a vehicle costs beyond fuel, and each vehicle's cost per km. Each procedure
// needs its permission; billing checks it again and checks every field again.
import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { periodInput, versionSchema } from '../fuel-log/inputs';
import { required } from '../shared-mappers';
import { expenseInput, listInput } from './inputs';
import { costToJson, expenseToJson } from './mappers';

export const list = procedureNeeding(PERMISSION.view_vehicle_expense)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listVehicleExpenses(
      {
        search: input.search,
        vehicleIds: input.vehicleIds ?? [],
        categories: input.categories ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return { expenses: r.expenses.map(expenseToJson), ...pageInfoFromProto(r.page) };
  });

export const get = procedureNeeding(PERMISSION.view_vehicle_expense)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getVehicleExpense(input, callAs(ctx.caller));
    return expenseToJson(required(r.expense, 'the expense'));
  });

export const record = procedureNeeding(PERMISSION.manage_vehicle_expense)
  .input(expenseInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.recordVehicleExpense({ expense: input }, callAs(ctx.caller));
    return expenseToJson(required(r.expense, 'the expense'));
  });

export const update = procedureNeeding(PERMISSION.manage_vehicle_expense)
  .input(z.object({ id: idSchema, version: versionSchema, expense: expenseInput }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.updateVehicleExpense(input, callAs(ctx.caller));
    return expenseToJson(required(r.expense, 'the expense'));
  });

export const remove = procedureNeeding(PERMISSION.manage_vehicle_expense)
  .input(z.object({ id: idSchema, version: versionSchema }))
  .mutation(async ({ ctx, input }) => {
    await ctx.services.billing.deleteVehicleExpense(input, callAs(ctx.caller));
    return { id: input.id };
  });

export const costs = procedureNeeding(PERMISSION.view_vehicle_expense)
  .input(periodInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getVehicleCosts(
      { dateFrom: input.dateFrom, dateTo: input.dateTo, vehicleIds: input.vehicleIds ?? [] },
      callAs(ctx.caller),
    );
    return {
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      vehicles: r.vehicles.map(costToJson),
      total: costToJson(required(r.total, 'the total')),
    };
  });
