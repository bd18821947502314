import type { FuelLog, VehicleMileage } from '@fleet/proto/fleet/billing/v1/vehicle_costs_pb';
import Decimal from 'decimal.js';
import { textOrNull } from '../shared-mappers';

const money = (value: string) => new Decimal(value || 0);
const orNull = (value: string) => (value ? new Decimal(value) : null);

export function fuelLogToJson(fill: FuelLog) {
  return {
    id: fill.id,
    fillDate: fill.fillDate,
    fillTime: fill.fillTime,
    vehicleId: fill.vehicleId,
    vehicleNo: fill.vehicleNo,
    fuelType: fill.fuelType,
    driverId: textOrNull(fill.driverId),
    driverName: fill.driverName,
    quantity: money(fill.quantity),
    amount: money(fill.amount),
    rate: money(fill.rate),
    odometerKm: fill.odometerKm,
    fuelStationId: textOrNull(fill.fuelStationId),
    stationName: fill.stationName,
    isFullTank: fill.isFullTank,
    paymentMode: fill.paymentMode,
    billNo: fill.billNo,
    notes: fill.notes,
    /** The full-to-full stretch this full tank closes; null when it closes none. */
    stretch: fill.kmPerUnit
      ? {
          km: fill.stretchKm,
          quantity: money(fill.stretchQuantity),
          amount: money(fill.stretchAmount),
          kmPerUnit: money(fill.kmPerUnit),
        }
      : null,
    version: fill.version,
  };
}

export function mileageToJson(v: VehicleMileage) {
  return {
    vehicleId: v.vehicleId,
    vehicleNo: v.vehicleNo,
    fuelType: v.fuelType,
    fills: v.fills,
    quantity: money(v.quantity),
    amount: money(v.amount),
    km: v.km,
    measuredQuantity: money(v.measuredQuantity),
    measuredAmount: money(v.measuredAmount),
    kmPerUnit: orNull(v.kmPerUnit),
    costPerKm: orNull(v.costPerKm),
    baselineKmPerUnit: orNull(v.baselineKmPerUnit),
    isLow: v.isLow,
  };
}

/** A period's mileage of each vehicle, as the mileage screen reads it. */
export interface MileageJson {
  dateFrom: string;
  dateTo: string;
  baselineFrom: string;
  lowRule: string;
  vehicles: ReturnType<typeof mileageToJson>[];
}
