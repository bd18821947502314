import type { AppRouter } from '@fleet/gateway';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** An entry of the cash book, as its page shows it (with what its person holds now). */
export type PettyCashEntryWithHolding = Outputs['pettyCash']['get'];
export type PettyCashEntry = Outputs['pettyCash']['list']['entries'][number];
export type PettyCashSummary = Outputs['pettyCash']['summary'];
export type PettyCashHolding = PettyCashSummary['holders'][number];
export type PettyCashInput = Inputs['pettyCash']['record'];
