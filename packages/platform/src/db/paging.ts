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
  /** A second sort key that breaks the first's ties before the id (never null; the first not either). */
  tieBreak?: SortKeyType;
  id?: 'uuid' | 'code';
}

/** A cursor's content: the last row's sort key as PostgreSQL wrote it as text, and the row's id. */
export interface CursorPosition {
  value: string | null;
  id: string;
  /** The second sort key's value, for a sort that has one. */
  tieBreak?: string;
}

export function encodeCursor(value: string | null, id: string, tieBreak?: string): string {
  return Buffer.from(JSON.stringify(tieBreak === undefined ? [value, id] : [value, id, tieBreak])).toString(
    'base64url',
  );
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
  const parts = shape.tieBreak ? 3 : 2;
  if (!Array.isArray(decoded) || decoded.length !== parts) throw invalidField('cursor', INVALID_CURSOR);
  const [value, id, tieBreak] = decoded;
  const idOk = shape.id === 'code' ? isReferenceCode(id) : isUuid(id);
  const valueOk =
    value === null ? shape.sort.nullable : typeof value === 'string' && isSortKeyText(shape.sort.type, value);
  const tieBreakOk =
    !shape.tieBreak || (typeof tieBreak === 'string' && isSortKeyText(shape.tieBreak, tieBreak));
  if (!idOk || !valueOk || !tieBreakOk) throw invalidField('cursor', INVALID_CURSOR);
  return shape.tieBreak ? { value, id, tieBreak } : { value, id };
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
 * Keyset paging on (sort key, id), or (sort key, second key, id) for a sort with `tieBreak` (its shape
 * declaring the second key's type): the SQL for "after the cursor" and the matching ORDER BY. Pages stay
 * as fast on the thousandth page as on the first, given an index on (tenant_id, sort key[, tieBreak], id). The
 * cursor is decoded against `shape` (decodeCursor) and its values are cast to the declared types. A
 * nullable sort pages through its empty keys too, where PostgreSQL puts them: last going up, first
 * going down.
 */
export function keyset(options: {
  sortKey: SQL;
  /** The second sort key, as the shape's `tieBreak` declares it. */
  tieBreak?: SQL;
  id: SQL;
  direction: SortDirection;
  cursor?: string;
  shape: CursorShape;
}): {
  after: SQL | undefined;
  orderBy: SQL;
} {
  const { sortKey, tieBreak, id, direction, shape } = options;
  if (Boolean(tieBreak) !== Boolean(shape.tieBreak))
    throw new Error('A second sort key needs its type in the shape');
  if (tieBreak && shape.sort.nullable)
    throw new Error('A second sort key follows a first that is never null');
  const descending = direction === 'desc';
  const dir = descending ? sql.raw('desc') : sql.raw('asc');
  const orderBy = tieBreak
    ? sql`${sortKey} ${dir}, ${tieBreak} ${dir}, ${id} ${dir}`
    : sql`${sortKey} ${dir}, ${id} ${dir}`;
  if (!options.cursor) return { after: undefined, orderBy };
  const position = decodeCursor(options.cursor, shape);
  const op = descending ? sql.raw('<') : sql.raw('>');
  const lastId = sql`${position.id}::${sql.raw(shape.id === 'code' ? 'text' : 'uuid')}`;
  if (tieBreak && shape.tieBreak) {
    const value = sql`${position.value}::${SQL_TYPE[shape.sort.type]}`;
    const tieBreakValue = sql`${position.tieBreak}::${SQL_TYPE[shape.tieBreak]}`;
    return {
      after: sql`(${sortKey}, ${tieBreak}, ${id}) ${op} (${value}, ${tieBreakValue}, ${lastId})`,
      orderBy,
    };
  }
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
  cursorOf: (
    row: T,
  ) => [value: string | null, id: string] | [value: string | null, id: string, tieBreak: string],
): Page<T> {
  const hasMore = fetched.length > limit;
  const items = hasMore ? fetched.slice(0, limit) : fetched;
  const last = items.at(-1);
  if (!hasMore || !last) return { items, hasMore, nextCursor: '' };
  const [value, id, tieBreak] = cursorOf(last);
  return { items, hasMore, nextCursor: encodeCursor(value, id, tieBreak) };
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
