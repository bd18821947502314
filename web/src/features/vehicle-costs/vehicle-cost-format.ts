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
