// A worker's claim-and-send pass; the loop that runs it is the platform's (createPollingLoop). The
// delivery worker (texts and emails) and the chat worker each run one.
import type { Database, Tx } from '@fleet/platform';
import { inTurns, SEND_CONCURRENCY } from './in-turns';

export { createPollingLoop, type PollingLoop } from '@fleet/platform';

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
