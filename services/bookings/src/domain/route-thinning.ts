// A route drawn on a map needs no more than some thousands of points: a longer one is thinned evenly,
// keeping its first and last point, so the line keeps its shape and its ends.

/** Up to `max` of `items`, evenly spaced, the first and the last always among them. */
export function thinEvenly<T>(items: readonly T[], max: number): T[] {
  if (!Number.isInteger(max) || max < 2) throw new RangeError('max must be a whole number of at least 2');
  if (items.length <= max) return [...items];
  const last = items.length - 1;
  return Array.from({ length: max }, (_, k) => items[Math.round((k * last) / (max - 1))]!);
}
