import type { VehicleCost, VehicleExpense } from '@fleet/proto/fleet/billing/v1/vehicle_costs_pb';
import Decimal from 'decimal.js';

const money = (value: string) => new Decimal(value || 0);
const orNull = (value: string) => (value ? new Decimal(value) : null);

export function expenseToJson(e: VehicleExpense) {
  return {
    id: e.id,
    expenseDate: e.expenseDate,
    vehicleId: e.vehicleId,
    vehicleNo: e.vehicleNo,
    category: e.category,
    amount: money(e.amount),
    gstAmount: money(e.gstAmount),
    total: money(e.total),
    odometerKm: e.hasOdometer ? e.odometerKm : null,
    vendor: e.vendor,
    billNo: e.billNo,
    paymentMode: e.paymentMode,
    notes: e.notes,
    version: e.version,
  };
}

export function costToJson(c: VehicleCost) {
  return {
    vehicleId: c.vehicleId,
    vehicleNo: c.vehicleNo,
    fills: c.fills,
    fuelQuantity: money(c.fuelQuantity),
    fuelAmount: money(c.fuelAmount),
    expenses: c.expenses,
    expenseTotal: money(c.expenseTotal),
    byCategory: c.byCategory.map((b) => ({ category: b.category, total: money(b.total) })),
    total: money(c.total),
    km: c.km,
    fuelPerKm: orNull(c.fuelPerKm),
    costPerKm: orNull(c.costPerKm),
  };
}
