// The demo's supplier payments, seeded through billing's own use cases over purchase invoices written by
// SQL as the demo's purchases seed leaves them: nothing without approved purchase invoices, then payments
// in full, a part-payment, a stopped cheque and an advance applied — each invoice owing what was paid of
// it — and nothing again on a second run.
import { randomUUID } from 'node:crypto';
import { PERMISSION } from '@fleet/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { seedDemoSupplierPayments } from '../../product/src/demo/seed-supplier-payments';
import { type BillingHarness, bootBilling, operatorMasters } from '../../services/billing/test/support';

const TODAY = '2026-11-24';
let h: BillingHarness;
const T = randomUUID();

beforeAll(async () => {
  h = await bootBilling({ clock: () => new Date('2026-11-24T06:30:00Z') });
}, 60_000);
afterAll(() => h?.close());

it('pays some of the demo’s purchase invoices, and nothing when there are none or it already has', async () => {
  const m = await operatorMasters(h, T);
  const caller = { ...h.callerFor(T, Object.values(PERMISSION)), tenantId: T, userId: randomUUID() };
  expect(await seedDemoSupplierPayments(h.module, caller, TODAY)).toBe(0);

  const suppliers = await Promise.all(
    ['Sahyadri Travels', 'Deccan Cabs', 'Konkan Fleet'].map((name) =>
      m.create('supplier', { name, supplier_type: 'COMPANY' }),
    ),
  );
  let n = 0;
  for (const [s, supplierId] of suppliers.entries()) {
    for (const [date, payable] of [
      ['2026-10-05', '4200.00'],
      ['2026-10-20', '2950.50'],
      ['2026-11-22', '1800.00'],
    ]) {
      n += 1;
      await h.database.db.withTenant(T, (tx) =>
        tx.execute(sql`insert into billing.purchase_invoices (id, tenant_id, purchase_no, sequence, financial_year,
            company_id, supplier_id, supplier_name, supplier_invoice_no, supplier_invoice_date, received_date, status,
            taxable, total, payable)
          values (gen_random_uuid(), ${T}, ${`PUR/26-27/000${n}`}, ${n}, '2026-27', ${m.company}, ${supplierId},
            ${`Supplier ${s}`}, ${`S-${n}`}, ${date}, ${date}, 'APPROVED', ${payable}, ${payable}, ${payable})`),
      );
    }
  }
  const payments = h.module.useCases.supplierPayments;
  const before = await payments.outstanding(caller, {});
  expect(before.total.outstanding).toBe('26851.50');

  expect(await seedDemoSupplierPayments(h.module, caller, TODAY)).toBe(4);
  const made = (await payments.list(caller, { includeCancelled: true, limit: 50 })).items;
  expect(made.map((p) => [p.type, p.paymentMode, p.isCancelled]).sort()).toEqual([
    ['ADVANCE', 'NEFT', false],
    ['INVOICE', 'CHEQUE', false],
    ['INVOICE', 'CHEQUE', true],
    ['INVOICE', 'NEFT', false],
  ]);
  // What the live payments applied is exactly what the suppliers are owed less.
  const applied = made.filter((p) => !p.isCancelled).reduce((sum, p) => sum.plus(p.applied), new Decimal(0));
  const after = await payments.outstanding(caller, {});
  expect(new Decimal(before.total.outstanding).minus(after.total.outstanding).toFixed(2)).toBe(
    applied.toFixed(2),
  );
  expect(after.total.advances).toBe('2000.00');
  // Nothing is dated after today, and nothing is paid twice.
  expect(made.every((p) => p.paymentDate <= TODAY)).toBe(true);
  expect(await seedDemoSupplierPayments(h.module, caller, TODAY)).toBe(0);
}, 60_000);
