import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';

/** Changes that arrive together are read again once, a moment after the first. */
const COALESCE_MS = 500;

/**
 * Keeps every duty on screen current by server push: one stream of the operator's duty changes per open
 * tab (booking.changes), and on each change the booking queries on screen — the board, its counts, an
 * open duty — are read again (coalesced, so a busy minute is not a storm of reads).
 */
export function useLiveDuties(enabled: boolean): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useSubscription(
    trpc.booking.changes.subscriptionOptions(undefined, {
      enabled,
      onData() {
        if (pending.current) return;
        pending.current = setTimeout(() => {
          pending.current = undefined;
          void queryClient.invalidateQueries({ queryKey: trpc.booking.pathKey() });
        }, COALESCE_MS);
      },
    }),
  );
}
