import { FUEL_PAYMENT_MODES, isoDateSchema, MAX_ODOMETER_KM } from '@fleet/domain';
import {
  cursorSchema,
  idSchema,
  limitSchema,
  optionalId,
  optionalText,
  orderSchema,
} from '@fleet/domain/inputs';
import { z } from 'zod';

export const fuelLogInput = z.object({
  fillDate: isoDateSchema,
  fillTime: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the time as HH:MM, e.g. 09:30'),
  vehicleId: idSchema,
  driverId: optionalId,
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, 'Give the litres (kg, kWh) to at most three decimals, e.g. 42.35'),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, 'Give the amount in rupees, to the paisa, e.g. 3850.50'),
  odometerKm: z
    .number()
    .int('Give the odometer in whole kilometres')
    .min(0, 'The odometer cannot read below 0')
    .max(MAX_ODOMETER_KM, 'That is more than an odometer reads'),
  fuelStationId: optionalId,
  stationName: optionalText(120),
  isFullTank: z.boolean(),
  paymentMode: z.enum(FUEL_PAYMENT_MODES),
  billNo: optionalText(40),
  notes: optionalText(1000),
});

export const listInput = z.object({
  vehicleIds: z.array(idSchema).max(100).optional(),
  fuelStationIds: z.array(idSchema).max(100).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  fullTankOnly: z.boolean().optional(),
  sortBy: z.enum(['filled_at', 'created_at']).optional(),
  order: orderSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});

export const periodInput = z.object({
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  vehicleIds: z.array(idSchema).max(100).optional(),
});

export const versionSchema = z.number().int().min(1, 'Reload it: this is not a version it had');
