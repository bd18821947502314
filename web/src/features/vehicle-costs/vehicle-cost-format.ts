// How fuel and vehicle expenses read on screen: quantities with their unit, km per unit, the labels of
// categories and payment modes.
import {
  FUEL_PAYMENT_MODE_LABELS,
  FUEL_TYPES,
  FUEL_UNITS,
  VEHICLE_EXPENSE_CATEGORIES,
  VEHICLE_EXPENSE_CATEGORY_LABELS,
} from '@fleet/domain';
import type Decimal from 'decimal.js';

const unitOf = (fuelType: string) => FUEL_UNITS[FUEL_TYPES.find((t) => t === fuelType) ?? 'DIESEL'];

/** 42.5 L, 8.2 kg, 30 kWh: at most three decimals, none trailing. */
export const quantityText = (quantity: Decimal, fuelType: string) =>
  `${quantity.toDecimalPlaces(3).toString()} ${unitOf(fuelType)}`;

/** 15.42 km/L; — when nothing was measured. */
export const kmPerUnitText = (value: Decimal | null, fuelType: string) =>
  value ? `${value.toFixed(2)} km/${unitOf(fuelType)}` : '—';

export const paymentModeText = (mode: string) =>
  Object.entries(FUEL_PAYMENT_MODE_LABELS).find(([key]) => key === mode)?.[1] ?? mode;

export const categoryText = (category: string) =>
  Object.entries(VEHICLE_EXPENSE_CATEGORY_LABELS).find(([key]) => key === category)?.[1] ?? category;

export const CATEGORY_CHOICES = VEHICLE_EXPENSE_CATEGORIES.map((value) => ({
  value,
  label: VEHICLE_EXPENSE_CATEGORY_LABELS[value],
}));

export const km = (value: number) => `${value.toLocaleString('en-IN')} km`;

export type MileageSort = 'vehicle' | 'kmPerUnit' | 'costPerKm' | 'km';

interface MileageFigures {
  vehicleNo: string;
  fuelType: string;
  km: number;
  kmPerUnit: Decimal | null;
  costPerKm: Decimal | null;
}

/** The units of fuel in the vocabulary's order of fuels: litres, then kilograms, then kilowatt-hours. */
const UNIT_RANK = [...new Set(FUEL_TYPES.map((t) => FUEL_UNITS[t]))];
const unitRank = (fuelType: string) => UNIT_RANK.indexOf(unitOf(fuelType));

/** Least first, as Decimals (never JavaScript numbers); nothing measured last. */
const byDecimal = (x: Decimal | null, y: Decimal | null) => (x && y ? x.cmp(y) : x ? -1 : y ? 1 : 0);

/**
 * The mileage screen's order: by vehicle number, km run, cost per km, or km per unit of fuel, least
 * first. Km per unit is compared within its unit (km/L apart from km/kg and km/kWh), litres first.
 */
export function compareMileage(sort: MileageSort, a: MileageFigures, b: MileageFigures): number {
  if (sort === 'vehicle') return a.vehicleNo.localeCompare(b.vehicleNo);
  if (sort === 'km') return a.km - b.km;
  if (sort === 'costPerKm') return byDecimal(a.costPerKm, b.costPerKm);
  return unitRank(a.fuelType) - unitRank(b.fuelType) || byDecimal(a.kmPerUnit, b.kmPerUnit);
}
