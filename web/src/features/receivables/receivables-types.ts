import type { AppRouter } from '@fleet/gateway';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** What each customer owes, aged, and the total of them all (receipt.outstanding). */
export type Outstanding = Outputs['receipt']['outstanding'];
export type CustomerOutstanding = Outstanding['customers'][number];
/** A customer's statement of account between two dates (receipt.statement). */
export type Statement = Outputs['receipt']['statement'];
export type StatementEntry = Statement['entries'][number];
