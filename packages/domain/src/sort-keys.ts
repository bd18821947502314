// What a list is sorted by, as its page links (cursors) carry it. A cursor holds the last row's sort key
// as PostgreSQL writes it as text, and the row's id; the list that owns the sort declares the key's type
// so a cursor made up or kept across a change of sort is refused before it reaches a query
// (@fleet/platform's keyset).

/**
 * text: any text; integer: a whole number within PostgreSQL's integer; decimal: plain decimal text;
 * date: YYYY-MM-DD; timestamp: a timestamptz as PostgreSQL writes it (`2025-04-01 09:30:00.123+05:30`).
 */
export type SortKeyType = 'text' | 'integer' | 'decimal' | 'date' | 'timestamp';

export interface SortKeyShape {
  readonly type: SortKeyType;
  /** Whether rows may have no value (null) to sort by. */
  readonly nullable: boolean;
}
