import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { isNoWaitPath } from '../lib/paths';
import { trpc } from '../lib/trpc';

/**
 * The permission list (spec §7 user.permissions) as a set; undefined until it has loaded. Spec §7: it
 * is never asked for on the pages of the excluded prefixes (the public pages), even if something there
 * should ask.
 */
export function usePermissions(): ReadonlySet<string> | undefined {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { data } = useQuery(trpc.user.permissions.queryOptions(undefined, { enabled: !isNoWaitPath(path) }));
  return data ? new Set(data.permissions) : undefined;
}

export function useMe() {
  return useQuery(trpc.user.me.queryOptions());
}
