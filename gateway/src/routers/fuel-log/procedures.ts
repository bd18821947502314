// Fuel logs: the fills of each vehicle, and the mileage they measure full to full. Each procedure needs
// its permission; billing checks it again and checks every field again.
import { PERMISSION } from '@fleet/domain';
import { idSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { fuelLogInput, listInput, periodInput, versionSchema } from './inputs';
import { fuelLogToJson, type MileageJson, mileageToJson } from './mappers';

export const list = procedureNeeding(PERMISSION.view_vehicle_fuel)
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.listFuelLogs(
      {
        vehicleIds: input.vehicleIds ?? [],
        fuelStationIds: input.fuelStationIds ?? [],
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        fullTankOnly: input.fullTankOnly ?? false,
        page: pageRequestToProto(input),
      },
      callAs(ctx.caller),
    );
    return {
      fuelLogs: r.fuelLogs.map(fuelLogToJson),
      ...pageInfoFromProto(r.page),
      /** Every fill the filter matches, counted and summed by billing; on the first page only. */
      totals: r.totals ? { fills: Number(r.totals.fills), amount: new Decimal(r.totals.amount || 0) } : null,
    };
  });

export const get = procedureNeeding(PERMISSION.view_vehicle_fuel)
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.billing.getFuelLog(input, callAs(ctx.caller));
    return fuelLogToJson(required(r.fuelLog, 'the fuel log'));
  });

export const record = procedureNeeding(PERMISSION.manage_vehicle_fuel)
  .input(fuelLogInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.recordFuelLog({ fuelLog: input }, callAs(ctx.caller));
    return fuelLogToJson(required(r.fuelLog, 'the fuel log'));
  });

export const update = procedureNeeding(PERMISSION.manage_vehicle_fuel)
  .input(z.object({ id: idSchema, version: versionSchema, fuelLog: fuelLogInput }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.billing.updateFuelLog(input, callAs(ctx.caller));
    return fuelLogToJson(required(r.fuelLog, 'the fuel log'));
  });

export const remove = procedureNeeding(PERMISSION.manage_vehicle_fuel)
  .input(z.object({ id: idSchema, version: versionSchema }))
  .mutation(async ({ ctx, input }) => {
    await ctx.services.billing.deleteFuelLog(input, callAs(ctx.caller));
    return { id: input.id };
  });

/** Every vehicle's mileage over a period: a report heavy enough that one operator's readers of a moment share it. */
export const mileage = procedureNeeding(PERMISSION.view_vehicle_fuel)
  .input(periodInput)
  .query(({ ctx, input }) => {
    const vehicleIds = input.vehicleIds ?? [];
    const key = `${ctx.caller.tenantId}|${input.dateFrom ?? ''}|${input.dateTo ?? ''}|${[...vehicleIds].sort().join(',')}`;
    return ctx.sharedReports.mileage.get(key, async (): Promise<MileageJson> => {
      const r = await ctx.services.billing.getMileageReport(
        { dateFrom: input.dateFrom, dateTo: input.dateTo, vehicleIds },
        callAs(ctx.caller),
      );
      return {
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
        baselineFrom: r.baselineFrom,
        lowRule: r.lowRule,
        vehicles: r.vehicles.map(mileageToJson),
      };
    });
  });
