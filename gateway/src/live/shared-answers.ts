import { BoundedCache } from '@fleet/platform';

/**
 * Answers that every reader asking the same question within a moment shares: the first asks, the others
 * (at the same time, or within `ttlMs`) get its answer. For screens many people keep open on data that
 * moves in steps coarser than the moment (the live map: a driver's position is announced at most every
 * 10 seconds). The key must hold everything that decides the answer, fences included.
 */
export interface SharedAnswers<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export function createSharedAnswers<T>(options: {
  ttlMs: number;
  capacity: number;
  now?: () => number;
}): SharedAnswers<T> {
  const now = options.now ?? Date.now;
  const answers = new BoundedCache<string, { until: number; answer: Promise<T> }>(options.capacity);
  return {
    get(key, load) {
      const held = answers.get(key);
      if (held && held.until > now()) return held.answer;
      const answer = load();
      answers.set(key, { until: now() + options.ttlMs, answer });
      // A failed answer is not shared: the next reader asks again.
      answer.catch(() => answers.delete(key));
      return answer;
    },
  };
}
