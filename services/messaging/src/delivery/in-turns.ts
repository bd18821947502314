/**
 * Runs `work` on every item, at most `concurrency` at once. A claimed batch is sent a few at a time, not
 * all together: each send ends in a transaction, and twenty of them queued at once (on the embedded
 * product's single database connection) made every screen wait behind the whole batch.
 */
export async function inTurns<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/** How many messages a worker sends at once. */
export const SEND_CONCURRENCY = 4;
