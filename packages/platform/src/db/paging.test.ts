import { DomainError } from '../errors';
import { decodeCursor, encodeCursor, pageSize, toPage } from './paging';

describe('cursor paging', () => {
  it('round-trips a cursor', () => {
    expect(decodeCursor(encodeCursor(['ravi', 'b7c1']), 2)).toEqual(['ravi', 'b7c1']);
  });

  it('refuses a tampered cursor with a message about the page link', () => {
    expect(() => decodeCursor('not-a-cursor', 2)).toThrow(DomainError);
    expect(() => decodeCursor(encodeCursor(['only one']), 2)).toThrow(/page link/);
  });

  it('keeps page sizes within 1..1000 and defaults to 50', () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize(1000)).toBe(1000);
    expect(() => pageSize(1001)).toThrow(/between 1 and 1000/);
  });

  it('returns a continuation cursor only when more rows exist', () => {
    const rows = [
      { k: 'a', id: '1' },
      { k: 'b', id: '2' },
      { k: 'c', id: '3' },
    ];
    const page = toPage(rows, 2, (r) => [r.k, r.id]);
    expect(page.items).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(decodeCursor(page.nextCursor, 2)).toEqual(['b', '2']);
    expect(toPage(rows, 3, (r) => [r.k, r.id]).nextCursor).toBe('');
  });
});
