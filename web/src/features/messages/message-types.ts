import type { AppRouter } from '@fleet/gateway';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** A message as the log lists it. */
export type MessageRow = Outputs['message']['list']['messages'][number];
/** A message opened: everything the log holds of it. */
export type MessageDetail = Outputs['message']['get']['message'];
