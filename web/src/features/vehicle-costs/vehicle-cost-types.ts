import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type FuelLog = Outputs['fuelLog']['get'];
export type FuelLogInput = Inputs['fuelLog']['record'];
export type VehicleMileage = Outputs['fuelLog']['mileage']['vehicles'][number];
export type VehicleExpense = Outputs['vehicleExpense']['get'];
export type VehicleExpenseInput = Inputs['vehicleExpense']['record'];
export type VehicleCost = Outputs['vehicleExpense']['costs']['vehicles'][number];
