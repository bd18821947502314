import { useQuery } from '@tanstack/react-query';
import { trpc } from '../lib/trpc';

/** The permission list (spec §7 user.permissions) as a set; undefined until it has loaded. */
export function usePermissions(): ReadonlySet<string> | undefined {
  const { data } = useQuery(trpc.user.permissions.queryOptions());
  return data ? new Set(data.permissions) : undefined;
}

export function useMe() {
  return useQuery(trpc.user.me.queryOptions());
}
