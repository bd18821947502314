import { DomainError } from '../errors';
import { type CursorShape, decodeCursor, encodeCursor, pageSize, toPage } from './paging';

const ID = '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e';
const shape = (type: CursorShape['sort']['type'], nullable = false, id?: 'code'): CursorShape => ({
  sort: { type, nullable },
  ...(id ? { id } : {}),
});
/** A cursor as anyone could write one: any JSON, base64url. */
const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refusal = (cursor: string, as: CursorShape) => {
  try {
    decodeCursor(cursor, as);
  } catch (error) {
    return error instanceof DomainError ? error.fieldViolations : error;
  }
  throw new Error('accepted');
};
const REFUSED = [
  { field: 'cursor', message: 'This page link is no longer valid; reload the list from the start.' },
];

describe('cursor paging', () => {
  it('round-trips a cursor', () => {
    expect(decodeCursor(encodeCursor('ravi', ID), shape('text'))).toEqual({ value: 'ravi', id: ID });
  });

  it('refuses a tampered cursor with a message about the page link', () => {
    expect(() => decodeCursor('not-a-cursor', shape('text'))).toThrow(DomainError);
    expect(() => decodeCursor(made(['only one']), shape('text'))).toThrow(/page link/);
    expect(refusal(made({ value: 'a', id: ID }), shape('text'))).toEqual(REFUSED);
  });

  it('takes as the id a UUID only, or a reference code where the list is keyed by codes', () => {
    for (const id of ['abc', 'x', 42, null, `${ID}'`])
      expect(refusal(made(['a', id]), shape('text'))).toEqual(REFUSED);
    expect(decodeCursor(made(['Maharashtra', 'MH']), shape('text', false, 'code')).id).toBe('MH');
    expect(refusal(made(['Maharashtra', "MH'--"]), shape('text', false, 'code'))).toEqual(REFUSED);
  });

  it.each<[CursorShape['sort']['type'], string[], unknown[]]>([
    ['text', ['ravi', '', 'रवि'], [5, true, ['a'], 'a\u0000b', 'x'.repeat(1001)]],
    ['integer', ['5', '-12', '2147483647'], ['garbage', '1.5', '0x10', '2147483648', '1e3', 5, '']],
    ['decimal', ['12.50', '-3', '0.0001'], ['garbage', '1e5', 'NaN', '0x10', '1,000', 12.5]],
    ['date', ['2026-04-01', '0001-01-01'], ['garbage', '2026-02-30', '2026-4-1', '2026-04-01 00:00:00+00']],
    [
      'timestamp',
      ['2026-04-01 09:30:00+00', '2026-04-01 09:30:00.123456+05:30', '1999-12-31 23:59:59-03:30:15'],
      ['garbage', '2026-04-01', '2026-13-01 00:00:00+00', '2026-04-01 24:00:00+00', '2026-04-01T09:30:00Z'],
    ],
  ])('takes as a %s sort key what PostgreSQL writes for one, and nothing else', (type, good, bad) => {
    for (const value of good) expect(decodeCursor(made([value, ID]), shape(type))).toEqual({ value, id: ID });
    for (const value of bad) expect(refusal(made([value, ID]), shape(type))).toEqual(REFUSED);
  });

  it('takes an empty sort key only where the sort may be empty', () => {
    expect(refusal(made([null, ID]), shape('date'))).toEqual(REFUSED);
    expect(decodeCursor(made([null, ID]), shape('date', true))).toEqual({ value: null, id: ID });
  });

  it('keeps page sizes within 1..1000 and defaults to 50', () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize(1000)).toBe(1000);
    expect(() => pageSize(1001)).toThrow(/between 1 and 1000/);
  });

  it('returns a continuation cursor only when more rows exist', () => {
    const ids = ['1', '2', '3'].map((n) => ID.replace(/^0/, n));
    const rows = [
      { k: 'a', id: ids[0]! },
      { k: 'b', id: ids[1]! },
      { k: 'c', id: ids[2]! },
    ];
    const page = toPage(rows, 2, (r) => [r.k, r.id]);
    expect(page.items).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(decodeCursor(page.nextCursor, shape('text'))).toEqual({ value: 'b', id: ids[1] });
    expect(toPage(rows, 3, (r) => [r.k, r.id]).nextCursor).toBe('');
  });
});
