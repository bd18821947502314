// Customers who ask for an invoice per duty (auto_invoice_on_duty_end) get one as soon as the duty
// closes. A worker looks at newly closed duties across operators, a batch at a time (skipping rows another
// process holds), and for each operator invoices those of such customers, one invoice per duty, as
// billing itself; every duty looked at is marked so it is looked at once.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import {
  createPollingLoop,
  type Database,
  idArray,
  type Logger,
  rows,
  SERVICE_USER_ID,
  serviceCaller,
} from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { MasterCopies } from '../read-models/master-copies';
import type { Invoicing } from '../use-cases/invoicing';

export interface AutoInvoicerOptions {
  db: Database;
  logger: Logger;
  copies: MasterCopies;
  invoicing: Invoicing;
  pollMs?: number;
  batchSize?: number;
}

export interface AutoInvoicer {
  start(): void;
  stop(): Promise<void>;
  /** Looks at every duty closed and not yet looked at; answers how many invoices it made. */
  drain(): Promise<number>;
}

/** Billing as itself for one operator, holding what invoicing asks of a person. */
const asBilling = (tenantId: string) => ({
  ...serviceCaller('billing', { tenantId, permissions: [PERMISSION.create_invoice] }),
  tenantId,
  userId: SERVICE_USER_ID,
});

export function createAutoInvoicer(options: AutoInvoicerOptions): AutoInvoicer {
  const { db, logger, copies, invoicing } = options;
  const batchSize = options.batchSize ?? 200;

  /**
   * One batch of closed duties no one has looked at, marked looked at as they are taken. Quiet: marking
   * writes no event, and a commit heard would wake this very loop (and the outbox relay) again at once —
   * a busy loop, hundreds of passes a second, while there is nothing to do.
   */
  async function takeBatch() {
    return db.asSystem(
      (tx) =>
        rows<{ tenantId: string; bookingId: string; customerId: string; due: boolean }>(
          tx,
          sql`update billing.duties d set auto_invoice_checked = true
            where d.booking_id in (select booking_id from billing.duties
              where not auto_invoice_checked order by closed_at limit ${batchSize} for update skip locked)
            returning d.tenant_id as "tenantId", d.booking_id as "bookingId", d.customer_id as "customerId",
              d.status = 'CLOSED' and d.invoice_id is null as due`,
        ),
      { quiet: true },
    );
  }

  async function invoiceFor(tenantId: string, duties: { bookingId: string; customerId: string }[]) {
    const caller = asBilling(tenantId);
    const known = await copies.load(caller, { customer: duties.map((d) => d.customerId) });
    const wanted = duties.filter((d) => known.customer.get(d.customerId)?.connection?.autoInvoiceOnDutyEnd);
    if (wanted.length === 0) return 0;
    const still = await db.read(tenantId, (tx) =>
      rows<{ bookingId: string }>(
        tx,
        sql`select booking_id as "bookingId" from billing.duties
            where booking_id = any(${idArray(wanted.map((d) => d.bookingId))}) and invoice_id is null
              and status = 'CLOSED' and charges is not null`,
      ),
    );
    if (still.length === 0) return 0;
    const made = await invoicing.createFromDuties(
      { ...caller, requestId: randomUUID() },
      { bookingIds: still.map((d) => d.bookingId), grouping: 'PER_DUTY' },
    );
    return made.length;
  }

  async function pass(running: () => boolean = () => true): Promise<number> {
    let made = 0;
    while (running()) {
      const batch = await takeBatch();
      if (batch.length === 0) break;
      const byTenant = new Map<string, { bookingId: string; customerId: string }[]>();
      for (const duty of batch.filter((d) => d.due)) {
        byTenant.set(duty.tenantId, [...(byTenant.get(duty.tenantId) ?? []), duty]);
      }
      for (const [tenantId, duties] of byTenant) {
        try {
          made += await invoiceFor(tenantId, duties);
        } catch (error) {
          // An invoice that cannot be made (the customer's state missing, say) waits for staff.
          logger.warn({ err: error, tenantId }, 'a closed duty could not be invoiced automatically');
        }
      }
      if (batch.length < batchSize) break;
    }
    return made;
  }

  const loop = createPollingLoop({
    db,
    logger,
    pollMs: options.pollMs ?? 5_000,
    pass,
    failure: 'the auto-invoicer failed a pass',
  });
  return { start: loop.start, stop: loop.stop, drain: () => pass() };
}
