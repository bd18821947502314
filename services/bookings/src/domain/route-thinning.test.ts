import fc from 'fast-check';
import { thinEvenly } from './route-thinning';

describe('thinEvenly', () => {
  it('keeps a short route whole', () => {
    expect(thinEvenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(thinEvenly([], 5)).toEqual([]);
  });

  it('keeps exactly max points of a longer one, evenly, in order, with both ends', () => {
    expect(thinEvenly([0, 1, 2, 3, 4, 5, 6, 7, 8], 5)).toEqual([0, 2, 4, 6, 8]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5000 }), fc.integer({ min: 2, max: 300 }), (n, max) => {
        const route = Array.from({ length: n }, (_, i) => i);
        const kept = thinEvenly(route, max);
        expect(kept.length).toBe(Math.min(n, max));
        expect(kept[0]).toBe(0);
        expect(kept.at(-1)).toBe(n - 1);
        for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
        // Evenly: no gap is more than one point longer than another.
        const gaps = kept.slice(1).map((v, i) => v - kept[i]!);
        expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
