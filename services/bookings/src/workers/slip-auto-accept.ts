// Slips whose passenger did not answer by the due time count as accepted (DOMAIN.md "Duty slip"). A
// worker looks for them every minute across operators, leases a batch (two processes never take the same
// slip), and for each, in its operator's transaction, locks it and — still pending — records it
// AUTO_ACCEPTED at its due time with the fingerprint of its content then.

import { randomUUID } from 'node:crypto';
import { createPollingLoop, type Database, type Logger } from '@fleet/platform';
import { getBookingDetail } from '../storage/booking-record-store';
import { claimDueApprovals, getSlipApproval } from '../storage/passenger-pages-store';
import type { PassengerFacts } from '../use-cases/passenger-facts';
import { finishSlipApproval } from '../use-cases/slip-approval';

export interface SlipAutoAcceptOptions {
  db: Database;
  logger: Logger;
  clock: () => Date;
  facts: PassengerFacts;
  /** How often it looks for slips falling due (1 minute). */
  pollMs?: number;
  /** How long a claimed slip is this worker's before another may take it (1 minute). */
  leaseMs?: number;
  batchSize?: number;
}

export interface SlipAutoAccept {
  start(): void;
  stop(): Promise<void>;
  /** Accepts every slip due now; answers how many it accepted. */
  drain(): Promise<number>;
}

export function createSlipAutoAccept(options: SlipAutoAcceptOptions): SlipAutoAccept {
  const { db, logger, clock, facts } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;

  async function accept(due: { bookingId: string; tenantId: string }): Promise<boolean> {
    const booking = await db.read(due.tenantId, (tx) => getBookingDetail(tx, due.bookingId));
    if (!booking) return false;
    const { showCharges } = await facts.customer(due.tenantId, booking.customerId);
    return db.withTenant(due.tenantId, async (tx) => {
      const approval = await getSlipApproval(tx, due.bookingId, { lock: true });
      const current = await getBookingDetail(tx, due.bookingId);
      if (!approval || !current || approval.state !== 'PENDING' || new Date(approval.dueAt) > clock()) {
        return false;
      }
      await finishSlipApproval(
        tx,
        { tenantId: due.tenantId, requestId: randomUUID(), actor: 'SYSTEM' },
        {
          booking: current,
          state: 'AUTO_ACCEPTED',
          answeredAt: new Date(approval.dueAt),
          reason: '',
          signatureFileId: null,
          chargesShown: showCharges,
        },
      );
      return true;
    });
  }

  async function drain(running: () => boolean = () => true): Promise<number> {
    let accepted = 0;
    while (running()) {
      const now = clock();
      const claimed = await db.asSystem(
        (tx) =>
          claimDueApprovals(tx, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize }),
        { quiet: true },
      );
      if (claimed.length === 0) return accepted;
      for (const due of claimed) {
        try {
          if (await accept(due)) accepted++;
        } catch (error) {
          // Left leased: it is tried again once the lease runs out.
          logger.error({ err: error, bookingId: due.bookingId }, 'a due slip could not be auto-accepted');
        }
      }
      if (claimed.length < batchSize) return accepted;
    }
    return accepted;
  }

  const loop = createPollingLoop({
    db,
    logger,
    pollMs: options.pollMs ?? 60_000,
    pass: drain,
    failure: 'the slip auto-accept pass failed; trying again',
    wakeOnCommit: false,
  });
  return { start: loop.start, stop: loop.stop, drain: () => drain() };
}
