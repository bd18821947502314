import { z } from 'zod';
import { filterReset, listDay, listOrder, listShown } from './list-state';

describe("a document list's URL state", () => {
  const search = z.object({
    search: z.string().catch('').default(''),
    customerIds: z.array(z.string()).catch([]).default([]),
    dateFrom: listDay,
    cancelled: listShown,
    order: listOrder,
  });

  it('reads a bad day, "shown" or order in the URL as none, and keeps good ones', () => {
    expect(search.parse({ dateFrom: '24/11/2026', cancelled: 'yes', order: 'up' })).toEqual({
      search: '',
      customerIds: [],
      dateFrom: undefined,
      cancelled: undefined,
      order: undefined,
    });
    expect(search.parse({ dateFrom: '2026-11-24', cancelled: 'shown', order: 'asc' })).toMatchObject({
      dateFrom: '2026-11-24',
      cancelled: 'shown',
      order: 'asc',
    });
  });

  const cleared = { search: '', customerIds: [], dateFrom: undefined, cancelled: undefined };

  it('counts the list narrowed while any filter is set, and not for blank search or the sort order', () => {
    const narrowed = (url: Record<string, unknown>) =>
      filterReset(search.parse(url), () => undefined, cleared).narrowed;
    expect(narrowed({})).toBe(false);
    expect(narrowed({ search: '   ', order: 'asc' })).toBe(false);
    expect(narrowed({ search: 'PAY/26' })).toBe(true);
    expect(narrowed({ customerIds: ['c1'] })).toBe(true);
    expect(narrowed({ dateFrom: '2026-11-01' })).toBe(true);
    expect(narrowed({ cancelled: 'shown' })).toBe(true);
  });

  it('clears every filter at once, leaving the sort order alone', () => {
    const patches: unknown[] = [];
    const state = search.parse({ search: 'x', customerIds: ['c1'], dateFrom: '2026-11-01', order: 'asc' });
    filterReset(state, (patch) => patches.push(patch), cleared).clear();
    expect(patches).toEqual([cleared]);
  });
});
