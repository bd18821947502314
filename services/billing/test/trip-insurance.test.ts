// A duty's trip insurance on its invoice, with masters and bookings booted beside billing on a real
// PostgreSQL and JetStream: the insurance set on the duty in bookings reaches billing's read model by the
// duty's events, and the invoice of the duty bills the premium as its own line — "Trip insurance —
// <insurer>, policy <number>" — taxable at the invoice's GST rate with the car hire. Removed before
// invoicing, it is not billed.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import { callAs, rows } from '@fleet/platform';
import { eventually } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import {
  type BillingHarness,
  bootBilling,
  closedDuty,
  type OperatorMasters,
  operatorMasters,
} from './support';

const NOW = new Date('2026-11-24T06:30:00Z');
let h: BillingHarness;
const T = randomUUID();
let m: OperatorMasters;

beforeAll(async () => {
  h = await bootBilling({ clock: () => NOW });
  m = await operatorMasters(h, T);
}, 60_000);
afterAll(() => h?.close());

const staff = () => callAs(h.callerFor(T, Object.values(PERMISSION)));
const ops = () => callAs(h.bookings.callerFor(T));

const insure = (id: string, premium: string) =>
  h.bookings.client.setTripInsurance(
    {
      id,
      insurance: {
        policyNumber: 'TRV/2026/004211',
        insurer: 'ICICI Lombard',
        premium,
        sumInsured: '500000',
        note: '',
      },
    },
    ops(),
  );

/** Waits until billing has heard the duty at the version bookings last gave it. */
async function heard(id: string, version: number) {
  await eventually(
    () =>
      h.database.db.asSystem((tx) =>
        rows<{ version: number }>(tx, sql`select version from billing.duties where booking_id = ${id}`),
      ),
    (found) => (found[0]?.version ?? 0) >= version,
  );
}

const shown = (
  lines: { type: string; description: string; sacCode: string; amount: string; isTaxable: boolean }[],
) => lines.map((l) => [l.type, l.description, l.sacCode, l.amount, l.isTaxable]);

describe('a duty’s trip insurance on its invoice', () => {
  it('bills the premium as its own line, taxable at the invoice’s GST rate with the car hire', async () => {
    const id = await closedDuty(h, T, m, '2026-11-20');
    const { booking } = await insure(id, '1803');
    await heard(id, booking!.version);

    const { invoices } = await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
    const invoice = invoices[0]!;
    expect(shown(invoice.lines).slice(1)).toEqual([
      ['BILLING_ITEM', 'Trip insurance — ICICI Lombard, policy TRV/2026/004211', '9966', '1803.00', true],
    ]);
    expect(invoice.lines[0]!.amount).toBe('2579.50');
    expect(invoice.lines[1]).toMatchObject({ bookingId: id, taxRate: '5', taxableValue: '1803.00' });
    expect(invoice.taxes.map((t) => [t.kind, t.rate, t.taxableValue, t.amount])).toEqual([
      ['CGST', '2.5', '4382.50', '109.56'],
      ['SGST', '2.5', '4382.50', '109.56'],
    ]);
    expect(invoice.totals).toMatchObject({ taxableValue: '4382.50', tax: '219.12', total: '4602.00' });
  });

  it('bills each duty’s own insurance, and none for a duty without', async () => {
    const insured = await closedDuty(h, T, m, '2026-11-21');
    const plain = await closedDuty(h, T, m, '2026-11-22');
    const { booking } = await insure(insured, '950.50');
    await heard(insured, booking!.version);
    const { invoices } = await h.client.createInvoicesFromDuties(
      { bookingIds: [insured, plain], grouping: 'PER_CUSTOMER' },
      staff(),
    );
    const premiums = invoices[0]!.lines.filter((l) => l.description.startsWith('Trip insurance'));
    expect(premiums.map((l) => [l.bookingId, l.amount])).toEqual([[insured, '950.50']]);
  });

  it('leaves off insurance removed before the duty is invoiced', async () => {
    const id = await closedDuty(h, T, m, '2026-11-23');
    await insure(id, '1803');
    const { booking } = await h.bookings.client.setTripInsurance({ id }, ops());
    await heard(id, booking!.version);
    const { invoices } = await h.client.createInvoicesFromDuties({ bookingIds: [id] }, staff());
    expect(invoices[0]!.lines.map((l) => l.type)).toEqual(['BOOKING']);
    expect(invoices[0]!.totals?.taxableValue).toBe('2579.50');
  });
});
