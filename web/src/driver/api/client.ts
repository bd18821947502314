// The driver app's tRPC clients, over the web package's links (/api/trpc, superjson, the session cookie).
// Every act goes alone (not batched), so each answer or refusal is its own.
import type { AppRouter } from '@fleet/gateway';
import { createTRPCClient } from '@trpc/client';
import { createLinks } from '../../lib/trpc-links';

export const driverClient = createTRPCClient<AppRouter>({ links: createLinks() });

/** Sends a call on its own rather than in a batch. */
export const alone = { context: { skipBatch: true } } as const;
