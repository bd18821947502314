// Fuel logs and vehicle expenses as their proto messages.
import { create } from '@bufbuild/protobuf';
import { mileageOf, ratePerUnit } from '@fleet/domain';
import {
  type FuelLog,
  FuelLogSchema,
  type VehicleExpense,
  VehicleExpenseSchema,
} from '@fleet/proto/fleet/billing/v1/vehicle_costs_pb';
import Decimal from 'decimal.js';
import type { ExpenseRow, FuelLogRow } from './storage/vehicle-costs-store';

/** Decimal text as a BigInt count of 10^-places units (the figures PostgreSQL returns are exact). */
export const unitsOf = (text: string, places: number) =>
  BigInt(new Decimal(text).times(new Decimal(10).pow(places)).toFixed(0));

const isoOf = (at: string) => new Date(at).toISOString();

export function fuelLogToProto(row: FuelLogRow): FuelLog {
  const closes = row.stretchKm !== null && row.stretchQuantity !== null && row.stretchAmount !== null;
  return create(FuelLogSchema, {
    id: row.id,
    fillDate: row.fillDate,
    fillTime: row.fillTime,
    vehicleId: row.vehicleId,
    vehicleNo: row.vehicleNo,
    fuelType: row.fuelType,
    driverId: row.driverId ?? '',
    driverName: row.driverName,
    quantity: new Decimal(row.quantity).toFixed(3),
    amount: new Decimal(row.amount).toFixed(2),
    rate: ratePerUnit(unitsOf(row.amount, 2), unitsOf(row.quantity, 3)),
    odometerKm: row.odometerKm,
    fuelStationId: row.fuelStationId ?? '',
    stationName: row.stationName,
    isFullTank: row.isFullTank,
    paymentMode: row.paymentMode,
    billNo: row.billNo,
    notes: row.notes,
    stretchKm: closes ? (row.stretchKm ?? 0) : 0,
    stretchQuantity: closes ? new Decimal(row.stretchQuantity ?? '0').toFixed(3) : '',
    stretchAmount: closes ? new Decimal(row.stretchAmount ?? '0').toFixed(2) : '',
    kmPerUnit: closes
      ? mileageOf({
          km: row.stretchKm ?? 0,
          units: unitsOf(row.stretchQuantity ?? '0', 3),
          amountPaise: unitsOf(row.stretchAmount ?? '0', 2),
        }).kmPerUnit
      : '',
    version: row.version,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  });
}

export function expenseToProto(row: ExpenseRow): VehicleExpense {
  return create(VehicleExpenseSchema, {
    id: row.id,
    expenseDate: row.expenseDate,
    vehicleId: row.vehicleId,
    vehicleNo: row.vehicleNo,
    category: row.category,
    amount: new Decimal(row.amount).toFixed(2),
    gstAmount: new Decimal(row.gstAmount).toFixed(2),
    total: new Decimal(row.total).toFixed(2),
    odometerKm: row.odometerKm ?? 0,
    hasOdometer: row.odometerKm !== null,
    vendor: row.vendor,
    billNo: row.billNo,
    paymentMode: row.paymentMode,
    notes: row.notes,
    version: row.version,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  });
}
