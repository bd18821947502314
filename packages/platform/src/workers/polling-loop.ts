// The loop a worker runs: a pass now, then another when a transaction commits (new work may be queued)
// or after `pollMs` (work falls due with time), until stopped. Messaging's delivery and chat workers and
// bookings' slip auto-accept each run one around their own pass.
import type { Database } from '../db/database';
import type { Logger } from '../logger';

export interface PollingLoop<Result = unknown> {
  start(): void;
  stop(): Promise<void>;
  /**
   * Waits out the pass under way, if any, then runs one more now. A caller that must see the work done
   * (a drain) calls this: a pass of its own alone could find the loop's claimed rows leased and answer
   * before the loop has recorded them.
   */
  passNow(): Promise<Result>;
}

export function createPollingLoop<Result = unknown>(options: {
  db: Database;
  logger: Logger;
  pollMs: number;
  /** One pass over the work due now; `running` turns false once the loop is stopping. */
  pass(running: () => boolean): Promise<Result>;
  /** What the log says when a pass fails (the loop goes on). */
  failure: string;
  /** Whether a commit wakes it (work may be queued); false for work that falls due only with time. */
  wakeOnCommit?: boolean;
}): PollingLoop<Result> {
  const { db, logger, pollMs } = options;
  const wakeOnCommit = options.wakeOnCommit ?? true;
  let running = false;
  let loop: Promise<void> | undefined;
  let underWay: Promise<Result> | undefined;
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
      if (wakeOnCommit) {
        unsubscribe = db.onCommit(() => {
          if (wake) setImmediate(() => wake?.());
          else woken = true;
        });
      }
      loop = (async () => {
        while (running) {
          try {
            underWay = options.pass(() => running);
            await underWay;
          } catch (error) {
            logger.error({ err: error }, options.failure);
          } finally {
            underWay = undefined;
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
    async passNow() {
      await underWay?.catch(() => undefined);
      return options.pass(() => true);
    },
  };
}
