// Vehicle fuel and expenses (spec §1, §6): the fuel a vehicle takes and what else it costs, and the
// mileage its fills measure. Quantities are held as BigInt thousandths (millilitres; grams of CNG; Wh of
// an electric charge) and money as BigInt paise while worked out; decimal text at the edges.
//
// Mileage is measured full to full: the kilometres between two full-tank fills, over the fuel put in
// after the first up to and including the second (the first fill only tops the tank up to the mark the
// second fill returns it to). Partial fills between them count their fuel and money in that stretch.
import Decimal from 'decimal.js';
import { divideHalfUp, fromPaise, fromScaled, scaled } from '../invoicing/paise';
import type { FuelType } from '../vocabulary';

/** What a vehicle expense is for. */
export const VEHICLE_EXPENSE_CATEGORIES = [
  'SERVICE',
  'REPAIR',
  'TYRES',
  'BATTERY',
  'INSURANCE',
  'PERMIT_TAX',
  'FITNESS_PUC',
  'FINE_CHALLAN',
  'CLEANING',
  'PARKING_TOLL',
  'OTHER',
] as const;
export type VehicleExpenseCategory = (typeof VEHICLE_EXPENSE_CATEGORIES)[number];
export const VEHICLE_EXPENSE_CATEGORY_LABELS: Record<VehicleExpenseCategory, string> = {
  SERVICE: 'Service',
  REPAIR: 'Repair',
  TYRES: 'Tyres',
  BATTERY: 'Battery',
  INSURANCE: 'Insurance',
  PERMIT_TAX: 'Permit and tax',
  FITNESS_PUC: 'Fitness and PUC',
  FINE_CHALLAN: 'Fine / challan',
  CLEANING: 'Cleaning',
  PARKING_TOLL: 'Parking and toll',
  OTHER: 'Other',
};

/**
 * How a fill or an expense was paid: spec §9's payment modes, and for a fill STATION_CREDIT, filled on
 * the station's credit account and paid against its monthly bill.
 */
export const FUEL_PAYMENT_MODES = [
  'CASH',
  'CHEQUE',
  'NEFT',
  'CREDIT_CARD',
  'OTHER',
  'STATION_CREDIT',
] as const;
export type FuelPaymentMode = (typeof FUEL_PAYMENT_MODES)[number];
export const FUEL_PAYMENT_MODE_LABELS: Record<FuelPaymentMode, string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  NEFT: 'NEFT',
  CREDIT_CARD: 'Card',
  OTHER: 'Other',
  STATION_CREDIT: "On the station's credit",
};

/** The unit a fuel is sold in: litres of petrol and diesel, kg of CNG, kWh of a charge. */
export const FUEL_UNITS: Record<FuelType, string> = {
  PETROL: 'L',
  DIESEL: 'L',
  CNG: 'kg',
  ELECTRIC: 'kWh',
};

/** The odometer is read in whole kilometres, at most this many. */
export const MAX_ODOMETER_KM = 9_999_999;
/** A fill is at most this much fuel (a bus's tank, with room): 2,000.000. */
const MAX_QUANTITY = 2_000_000n;

/**
 * A vehicle's mileage over a period is low when it is below this share of its own mileage over the
 * 90 days before the period (LOW_MILEAGE_BASELINE_DAYS), measured over at least LOW_MILEAGE_MIN_KM then.
 */
export const LOW_MILEAGE_SHARE = '0.85';
export const LOW_MILEAGE_BASELINE_DAYS = 90;
export const LOW_MILEAGE_MIN_KM = 300;

/** What is wrong with a fill or an expense, named by the field the person typed it in. */
export class VehicleCostError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'VehicleCostError';
  }
}

function decimalOf(value: string, field: string, example: string): Decimal {
  try {
    return new Decimal(value.trim());
  } catch {
    throw new VehicleCostError(field, `Give a number, e.g. ${example}.`);
  }
}

/** Fuel typed by a person: more than 0, at most three decimals, as thousandths. */
export function quantityOf(value: string, field: string): bigint {
  if (value.trim() === '') throw new VehicleCostError(field, 'Give how much fuel was filled.');
  const units = scaled(decimalOf(value, field, '42.5'), 3);
  if (units === undefined) throw new VehicleCostError(field, 'Give the quantity to at most three decimals.');
  if (units <= 0n) throw new VehicleCostError(field, 'The quantity is more than 0.');
  if (units > MAX_QUANTITY) throw new VehicleCostError(field, 'That is more than one fill holds.');
  return units;
}

export const quantityText = (units: bigint) => fromScaled(units, 3).toFixed(3);

/** Money typed by a person: at most two decimals, not negative, at most ₹99,99,99,99,999.99. */
export function amountOf(value: string, field: string, required = true): bigint {
  if (value.trim() === '') {
    if (required) throw new VehicleCostError(field, 'Give the amount.');
    return 0n;
  }
  const paise = scaled(decimalOf(value, field, '3450.50'), 2);
  if (paise === undefined)
    throw new VehicleCostError(field, 'Give the amount to the paisa, at most two decimals.');
  if (paise < 0n) throw new VehicleCostError(field, 'An amount cannot be negative.');
  if (paise > 99_999_999_999_99n) throw new VehicleCostError(field, 'That amount is too large.');
  if (required && paise === 0n) throw new VehicleCostError(field, 'The amount is more than 0.');
  return paise;
}

/** An odometer reading: whole kilometres from 0 to MAX_ODOMETER_KM. */
export function odometerOf(value: number | string, field: string): number {
  const km = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  if (!Number.isInteger(km)) throw new VehicleCostError(field, 'Give the odometer in whole kilometres.');
  if (km < 0 || km > MAX_ODOMETER_KM)
    throw new VehicleCostError(
      field,
      `The odometer reads from 0 to ${MAX_ODOMETER_KM.toLocaleString('en-IN')} km.`,
    );
  return km;
}

/** The rate a fill was bought at: its amount over its quantity, to the paisa (half up). */
export function ratePerUnit(amountPaise: bigint, units: bigint): string {
  if (units <= 0n) return '0.00';
  return fromPaise(divideHalfUp(amountPaise * 1000n, units)).toFixed(2);
}

/** Where a fill sits among the vehicle's fills by time: the readings just before and just after it. */
export interface OdometerNeighbours {
  previous?: { odometerKm: number; at: string };
  next?: { odometerKm: number; at: string };
}

/** A fill's odometer never goes backwards against the vehicle's previous fill, nor past its next. */
export function checkOdometer(odometerKm: number, around: OdometerNeighbours): void {
  const { previous, next } = around;
  if (previous && odometerKm < previous.odometerKm) {
    throw new VehicleCostError(
      'odometerKm',
      `The odometer cannot go back: the fill of ${previous.at} read ${previous.odometerKm} km.`,
    );
  }
  if (next && odometerKm > next.odometerKm) {
    throw new VehicleCostError(
      'odometerKm',
      `The odometer cannot pass the later fill of ${next.at}, which read ${next.odometerKm} km.`,
    );
  }
}

/** One fill as mileage reads it: in time order within its vehicle. */
export interface Fill {
  odometerKm: number;
  /** Thousandths of a litre (kg, kWh). */
  units: bigint;
  amountPaise: bigint;
  isFullTank: boolean;
}

/** The stretch a full-tank fill closes: from the vehicle's previous full-tank fill to it. */
export interface Stretch {
  /** The index of the full-tank fill that closes it. */
  endsAt: number;
  km: number;
  units: bigint;
  amountPaise: bigint;
}

/**
 * The full-to-full stretches of one vehicle's fills (in time order): each full-tank fill after the first
 * closes one, of the km since the previous full-tank fill and the fuel and money of every fill after
 * that one up to and including it. Fills before the first full-tank fill measure nothing.
 */
export function fullToFull(fills: readonly Fill[]): Stretch[] {
  const stretches: Stretch[] = [];
  let start: number | undefined;
  let units = 0n;
  let amountPaise = 0n;
  fills.forEach((fill, index) => {
    if (start !== undefined) {
      units += fill.units;
      amountPaise += fill.amountPaise;
    }
    if (!fill.isFullTank) return;
    if (start !== undefined) {
      stretches.push({ endsAt: index, km: fill.odometerKm - start, units, amountPaise });
    }
    start = fill.odometerKm;
    units = 0n;
    amountPaise = 0n;
  });
  return stretches;
}

/** What stretches add up to. */
export interface Measured {
  km: number;
  units: bigint;
  amountPaise: bigint;
}

export interface Mileage {
  /** km per litre (kg, kWh) to two places; '' when nothing was measured. */
  kmPerUnit: string;
  /** Fuel rupees per km to two places; '' when no km were run. */
  costPerKm: string;
}

export function mileageOf(measured: Measured): Mileage {
  const litres = fromScaled(measured.units, 3);
  return {
    kmPerUnit: measured.units > 0n ? new Decimal(measured.km).div(litres).toDecimalPlaces(2).toFixed(2) : '',
    costPerKm:
      measured.km > 0 ? fromPaise(measured.amountPaise).div(measured.km).toDecimalPlaces(2).toFixed(2) : '',
  };
}

/**
 * Whether a period's mileage is low against the vehicle's own: below LOW_MILEAGE_SHARE of what it ran
 * over the baseline (the 90 days before), when the baseline measured at least LOW_MILEAGE_MIN_KM.
 * Compared exactly (km × baseline units < share × baseline km × units), not on rounded figures.
 */
export function isLowMileage(period: Measured, baseline: Measured): boolean {
  if (period.units <= 0n || period.km <= 0) return false;
  if (baseline.units <= 0n || baseline.km < LOW_MILEAGE_MIN_KM) return false;
  const share = new Decimal(LOW_MILEAGE_SHARE);
  return new Decimal(period.km)
    .times(baseline.units.toString())
    .lessThan(share.times(baseline.km).times(period.units.toString()));
}

/** A vehicle expense's total: its amount and the GST on it. */
export const expenseTotalPaise = (amountPaise: bigint, gstPaise: bigint) => amountPaise + gstPaise;

/** Money per km over a period, to the paisa; '' when no km were run. */
export function perKm(amountPaise: bigint, km: number): string {
  return km > 0 ? fromPaise(amountPaise).div(km).toDecimalPlaces(2).toFixed(2) : '';
}
