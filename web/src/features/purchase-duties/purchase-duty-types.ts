import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** A duty a supplier ran, as the list shows it. */
export type PurchaseDuty = Outputs['purchaseDuty']['list']['duties'][number];
/** One, with what the supplier is paid line by line (null until priced). */
export type PurchaseDutyDetail = Outputs['purchaseDuty']['get'];
export type SlipDecision = Inputs['purchaseDuty']['reviewSlips']['decision'];
