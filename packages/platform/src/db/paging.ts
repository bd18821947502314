import { type SQL, sql } from 'drizzle-orm';
import { invalidField } from '../errors';

export const DEFAULT_PAGE_SIZE = 50;
/** Spec §9: the page/limit constant. */
export const MAX_PAGE_SIZE = 1000;

export type SortDirection = 'asc' | 'desc';

/** Which records a list shows by their active flag; a list given none shows the active ones. */
export const ACTIVE_FILTER_VALUES = ['active', 'inactive', 'all'] as const;
export type ActiveFilterValue = (typeof ACTIVE_FILTER_VALUES)[number];

export interface PageRequest {
  limit?: number;
  cursor?: string;
  direction?: SortDirection;
}

export interface Page<T> {
  items: T[];
  nextCursor: string;
  hasMore: boolean;
}

export function encodeCursor(values: (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): (string | number | null)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === arity) return values;
  } catch {
    // fall through
  }
  throw invalidField('cursor', 'This page link is no longer valid; reload the list from the start.');
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined || limit === 0) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw invalidField('limit', `Ask for between 1 and ${MAX_PAGE_SIZE} rows at a time.`);
  }
  return limit;
}

/**
 * Keyset paging on (sort key, id): the SQL for "after the cursor" and the matching ORDER BY. Pages stay
 * as fast on the thousandth page as on the first, given an index on (tenant_id, sort key, id).
 */
export function keyset(options: { sortKey: SQL; id: SQL; direction: SortDirection; cursor?: string }): {
  after: SQL | undefined;
  orderBy: SQL;
} {
  const dir = options.direction === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const orderBy = sql`${options.sortKey} ${dir}, ${options.id} ${dir}`;
  if (!options.cursor) return { after: undefined, orderBy };
  const [value, id] = decodeCursor(options.cursor, 2);
  const op = options.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  return { after: sql`(${options.sortKey}, ${options.id}) ${op} (${value}, ${id}::uuid)`, orderBy };
}

/** Turns limit+1 fetched rows into a page and the cursor that continues after it. */
export function toPage<T>(
  fetched: T[],
  limit: number,
  cursorOf: (row: T) => [string | number | null, string],
): Page<T> {
  const hasMore = fetched.length > limit;
  const items = hasMore ? fetched.slice(0, limit) : fetched;
  const last = items.at(-1);
  return { items, hasMore, nextCursor: hasMore && last ? encodeCursor(cursorOf(last)) : '' };
}

/**
 * The sort a list was asked for, checked against the ones it offers; absent means the default. An
 * unknown key is INVALID_ARGUMENT on `sortBy`, naming the choices.
 */
export function sortKey<K extends string>(
  requested: string | undefined,
  allowed: readonly K[],
  fallback: K,
  what: string,
): K {
  const key = requested || fallback;
  if (!(allowed as readonly string[]).includes(key)) {
    throw invalidField('sortBy', `${what} sort by ${allowed.join(', ')}.`);
  }
  return key as K;
}
