// The loop a worker runs: a pass now, then another when a transaction commits (new work may be queued)
// or after `pollMs` (retries fall due), until stopped. The delivery worker (texts and emails) and the
// chat worker each run one around their own claim-and-send pass.
import type { Database, Logger, Tx } from '@fleet/platform';
import { inTurns, SEND_CONCURRENCY } from './in-turns';

export interface PollingLoop {
  start(): void;
  stop(): Promise<void>;
}

export function createPollingLoop(options: {
  db: Database;
  logger: Logger;
  pollMs: number;
  /** One pass over the work due now; `running` turns false once the loop is stopping. */
  pass(running: () => boolean): Promise<unknown>;
  /** What the log says when a pass fails (the loop goes on). */
  failure: string;
}): PollingLoop {
  const { db, logger, pollMs } = options;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let woken = false;
  let unsubscribe: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        woken = false;
        resolve();
      }
      wake = done;
    });

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = db.onCommit(() => {
        if (wake) setImmediate(() => wake?.());
        else woken = true;
      });
      loop = (async () => {
        while (running) {
          try {
            await options.pass(() => running);
          } catch (error) {
            logger.error({ err: error }, options.failure);
          }
          if (running) await sleep();
        }
      })();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      wake?.();
      await loop;
    },
  };
}

/**
 * A worker's pass: claims what is due (as the system, quietly: a claim is no news to the other loops)
 * and sends it a few at a time, batch after batch, until nothing is due. A stopping loop finishes the
 * batch it holds and leaves the rest for the next start: a backlog must not hold up shutdown. Answers
 * how many it tried.
 */
export async function claimAndSend<Row>(
  db: Database,
  claim: (tx: Tx) => Promise<Row[]>,
  send: (row: Row) => Promise<unknown>,
  running: () => boolean = () => true,
): Promise<number> {
  let tried = 0;
  while (running()) {
    const claimed = await db.asSystem(claim, { quiet: true });
    if (claimed.length === 0) return tried;
    await inTurns(claimed, SEND_CONCURRENCY, send);
    tried += claimed.length;
  }
  return tried;
}
