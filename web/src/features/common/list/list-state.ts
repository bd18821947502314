import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';

/** What every list keeps in the URL, so a filtered, sorted list deep-links and survives a reload. */
export const baseListSearch = z.object({
  search: z.string().catch('').default(''),
  active: z.enum(['active', 'inactive', 'all']).catch('active').default('active'),
  sortBy: z.string().optional().catch(undefined),
  order: z.enum(['asc', 'desc']).catch('asc').default('asc'),
});

export type ListSearch = z.infer<typeof baseListSearch>;

/** The chosen values of a list's filters by key, as the URL keeps them (a bad one reads as none). */
export const listFiltersSearch = z.record(z.string(), z.array(z.string())).catch({}).default({});
export type ListFilters = Record<string, string[]>;

/** The filters with one key's values replaced; a key left with no values is dropped (the URL stays short). */
export function withFilter(filters: ListFilters, key: string, values: string[]): ListFilters {
  const next: ListFilters = { ...filters, [key]: values };
  if (values.length === 0) delete next[key];
  return next;
}

/** Whether any filter has a value chosen. */
export const hasFilters = (filters: ListFilters): boolean =>
  Object.values(filters).some((values) => values.length > 0);

/** A day as the URL keeps it (YYYY-MM-DD); anything else reads as none. */
export const listDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** "shown" while the list also shows what was cancelled (or voided); absent otherwise. */
export const listShown = z.enum(['shown']).optional().catch(undefined);

export const listOrder = z.enum(['asc', 'desc']).optional().catch(undefined);
export type ListOrder = 'asc' | 'desc';

const isSet = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : value != null;

/**
 * A list's filters against their cleared values: whether any of them is set (`narrowed`), and `clear`,
 * which sets them all back at once.
 */
export function filterReset<S extends object>(
  state: S,
  update: (patch: Partial<S>) => void,
  cleared: Partial<S>,
) {
  const keys = Object.keys(cleared).filter((key): key is Extract<keyof S, string> => key in state);
  return { narrowed: keys.some((key) => isSet(state[key])), clear: () => update(cleared) };
}

/** The list's state from the URL, and a way to change part of it (which starts the paging over). */
export function useListState<S extends z.ZodObject>(schema: S) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = useMemo(() => schema.parse(raw) as z.infer<S>, [schema, raw]);
  const update = useCallback(
    (patch: Partial<z.infer<S>>) => {
      navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous, ...patch };
          for (const [key, value] of Object.entries(next)) {
            if (value === '' || value === undefined || (Array.isArray(value) && value.length === 0))
              delete next[key];
          }
          return next;
        },
      } as never);
    },
    [navigate],
  );
  return [state, update] as const;
}
