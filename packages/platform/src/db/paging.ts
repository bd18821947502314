import {
  hasNul,
  isIsoDate,
  isReferenceCode,
  isUuid,
  type SortKeyShape,
  type SortKeyType,
} from '@fleet/domain';
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

/**
 * What a list's page links carry, declared by the list that owns the sort: the sort key's type (and
 * whether it may be null), and whether rows are keyed by UUID (every operator's records) or by a
 * readable code (the shared states and cities).
 */
export interface CursorShape {
  sort: SortKeyShape;
  id?: 'uuid' | 'code';
}

/** A cursor's content: the last row's sort key as PostgreSQL wrote it as text, and the row's id. */
export interface CursorPosition {
  value: string | null;
  id: string;
}

export function encodeCursor(value: string | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };
const TIMESTAMP_TEXT =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?$/;

/** Whether `text` is what PostgreSQL writes as text for a sort key of this type, and reads back. */
function isSortKeyText(type: SortKeyType, text: string): boolean {
  switch (type) {
    case 'text':
      return text.length <= 1000 && !hasNul(text);
    case 'integer': {
      if (!/^-?\d{1,10}$/.test(text)) return false;
      const value = Number(text);
      return value >= INT4.min && value <= INT4.max;
    }
    case 'decimal':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(text);
    case 'date':
      return isIsoDate(text);
    case 'timestamp': {
      const match = TIMESTAMP_TEXT.exec(text);
      if (!match) return false;
      const [, date = '', hour, minute, second, , zoneHour, zoneMinute = '0', zoneSecond = '0'] = match;
      return (
        isIsoDate(date) &&
        Number(hour) <= 23 &&
        Number(minute) <= 59 &&
        Number(second) <= 59 &&
        Number(zoneHour) <= 15 &&
        Number(zoneMinute) <= 59 &&
        Number(zoneSecond) <= 59
      );
    }
  }
}

const INVALID_CURSOR = 'This page link is no longer valid; reload the list from the start.';

/**
 * A page link read back and checked against the list's declared shape: a sort key of the sort's type
 * (null only where the sort allows it) and an id as the list keys its rows. Anything else — made up,
 * tampered with, or kept across a change of sort — is INVALID_ARGUMENT on `cursor`, before any query.
 */
export function decodeCursor(cursor: string, shape: CursorShape): CursorPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidField('cursor', INVALID_CURSOR);
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw invalidField('cursor', INVALID_CURSOR);
  const [value, id] = decoded;
  const idOk = shape.id === 'code' ? isReferenceCode(id) : isUuid(id);
  const valueOk =
    value === null ? shape.sort.nullable : typeof value === 'string' && isSortKeyText(shape.sort.type, value);
  if (!idOk || !valueOk) throw invalidField('cursor', INVALID_CURSOR);
  return { value, id };
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined || limit === 0) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw invalidField('limit', `Ask for between 1 and ${MAX_PAGE_SIZE} rows at a time.`);
  }
  return limit;
}

const SQL_TYPE: Record<SortKeyType, SQL> = {
  text: sql.raw('text'),
  integer: sql.raw('integer'),
  decimal: sql.raw('numeric'),
  date: sql.raw('date'),
  timestamp: sql.raw('timestamptz'),
};

/**
 * Keyset paging on (sort key, id): the SQL for "after the cursor" and the matching ORDER BY. Pages stay
 * as fast on the thousandth page as on the first, given an index on (tenant_id, sort key, id). The
 * cursor is decoded against `shape` (decodeCursor) and its values are cast to the declared types. A
 * nullable sort pages through its empty keys too, where PostgreSQL puts them: last going up, first
 * going down.
 */
export function keyset(options: {
  sortKey: SQL;
  id: SQL;
  direction: SortDirection;
  cursor?: string;
  shape: CursorShape;
}): {
  after: SQL | undefined;
  orderBy: SQL;
} {
  const { sortKey, id, direction, shape } = options;
  const descending = direction === 'desc';
  const dir = descending ? sql.raw('desc') : sql.raw('asc');
  const orderBy = sql`${sortKey} ${dir}, ${id} ${dir}`;
  if (!options.cursor) return { after: undefined, orderBy };
  const position = decodeCursor(options.cursor, shape);
  const op = descending ? sql.raw('<') : sql.raw('>');
  const lastId = sql`${position.id}::${sql.raw(shape.id === 'code' ? 'text' : 'uuid')}`;
  if (position.value === null) {
    const after = descending
      ? sql`(${sortKey} is not null or ${id} < ${lastId})`
      : sql`(${sortKey} is null and ${id} > ${lastId})`;
    return { after, orderBy };
  }
  const past = sql`(${sortKey}, ${id}) ${op} (${position.value}::${SQL_TYPE[shape.sort.type]}, ${lastId})`;
  const after = shape.sort.nullable && !descending ? sql`(${past} or ${sortKey} is null)` : past;
  return { after, orderBy };
}

/** Turns limit+1 fetched rows into a page and the cursor that continues after it. */
export function toPage<T>(
  fetched: T[],
  limit: number,
  cursorOf: (row: T) => [value: string | null, id: string],
): Page<T> {
  const hasMore = fetched.length > limit;
  const items = hasMore ? fetched.slice(0, limit) : fetched;
  const last = items.at(-1);
  return { items, hasMore, nextCursor: hasMore && last ? encodeCursor(...cursorOf(last)) : '' };
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
