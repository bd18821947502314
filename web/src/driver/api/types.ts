import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['driver'];
type Inputs = inferRouterInputs<AppRouter>['driver'];

/** A duty as the driver app shows it (driver.duty, and each item of driver.duties). */
export type DriverDuty = Outputs['duty'];
export type DutiesWhen = Inputs['duties']['when'];
export type SlipPoint = DriverDuty['slipPoints'][number];
