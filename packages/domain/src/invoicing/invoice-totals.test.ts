import Decimal from 'decimal.js';
import fc from 'fast-check';
import type { ChargeLine } from '../pricing/duty-charges';
import type { GstRegime, GstRegimeKind } from './gst-regime';
import type {
  BillingItemLine,
  BookingLine,
  CustomLine,
  InvoiceAdjustmentLine,
  InvoiceLine,
} from './invoice-lines';
import { computeInvoice, type InvoiceComputation } from './invoice-totals';
import { InvoiceLineError } from './invoicing-errors';

const d = (value: Decimal.Value) => new Decimal(value);
const BOOKING_ID = '0b6c1c52-3f0e-4d6e-9a57-0d7f3b2a1c11';

const charge = (code: ChargeLine['code'], quantity: Decimal.Value, rate: Decimal.Value): ChargeLine => ({
  code,
  label: code,
  quantity: d(quantity),
  unit: 'duty',
  rate: d(rate),
  amount: d(quantity).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
});

function booking(...charges: (ChargeLine | Decimal.Value)[]): BookingLine {
  const lines = charges.map((c) =>
    c instanceof Decimal || typeof c !== 'object' ? charge('BASE', 1, c) : c,
  );
  return {
    type: 'BOOKING',
    bookingId: BOOKING_ID,
    description: 'Innova, 8 h / 80 km',
    charges: lines,
    total: lines.reduce((sum, c) => sum.plus(c.amount), d(0)),
  };
}

const billingItem = (
  name: string,
  amount: Decimal.Value,
  taxable = false,
  taxRate: Decimal.Value | null = null,
) =>
  ({
    type: 'BILLING_ITEM',
    name,
    amount: d(amount),
    taxable,
    sac: '',
    taxRate: taxRate === null ? null : d(taxRate),
  }) satisfies BillingItemLine;

const custom = (
  quantity: Decimal.Value,
  rate: Decimal.Value,
  taxable = true,
  taxRate: Decimal.Value | null = null,
) =>
  ({
    type: 'CUSTOM',
    description: 'Decoration',
    sac: '',
    quantity: d(quantity),
    rate: d(rate),
    taxable,
    taxRate: taxRate === null ? null : d(taxRate),
  }) satisfies CustomLine;

const regime = (kind: GstRegimeKind, more: Partial<GstRegime> = {}): GstRegime => ({
  placeOfSupplyStateId: 'MH',
  placeOfSupplyStateCode: '27',
  kind,
  carHireRate: d(kind === 'NONE' ? 0 : 5),
  withoutPayment: false,
  reverseCharge: false,
  ...more,
});

const money = (value: Decimal) => value.toFixed(2);
const taxRows = (invoice: InvoiceComputation) =>
  invoice.taxes.map((t) => `${t.kind} ${t.rate.toFixed()}% on ${money(t.taxableValue)} = ${money(t.amount)}`);

describe('an invoice: worked examples', () => {
  it('₹10,000 of car hire at 5% within the state: CGST ₹250 + SGST ₹250 = ₹10,500', () => {
    const invoice = computeInvoice([booking(10_000)], regime('INTRA'));
    expect(taxRows(invoice)).toEqual(['CGST 2.5% on 10000.00 = 250.00', 'SGST 2.5% on 10000.00 = 250.00']);
    expect(money(invoice.taxTotal)).toBe('500.00');
    expect(money(invoice.total)).toBe('10500.00');
    expect(money(invoice.roundOff)).toBe('0.00');
  });

  it("DOMAIN.md's duty of ₹2,579.50 at 5% across states: IGST ₹128.98, ₹2,708.48, total ₹2,708, round-off −0.48", () => {
    const duty = booking(
      charge('BASE', 1, 2000),
      charge('EXTRA_KM', 28, 14),
      charge('EXTRA_HOURS', '1.25', 150),
    );
    const invoice = computeInvoice([duty], regime('INTER'));
    expect(money(invoice.carHire)).toBe('2579.50');
    expect(taxRows(invoice)).toEqual(['IGST 5% on 2579.50 = 128.98']);
    expect(money(invoice.totalBeforeRounding)).toBe('2708.48');
    expect(money(invoice.total)).toBe('2708.00');
    expect(money(invoice.roundOff)).toBe('-0.48');
  });

  it('rounds 50 paise up to the next rupee', () => {
    const invoice = computeInvoice([booking(10), billingItem('Parking', '0.50')], regime('NONE'));
    expect(money(invoice.totalBeforeRounding)).toBe('10.50');
    expect(money(invoice.roundOff)).toBe('0.50');
    expect(money(invoice.total)).toBe('11.00');
  });

  it('taxes the total of each rate, not each line: three lines of ₹0.10 at 5% owe one half paisa, rounded once', () => {
    const lines = [custom(1, '0.1'), custom(1, '0.1'), custom(1, '0.1')];
    const invoice = computeInvoice(lines, regime('INTER'));
    // 0.30 × 5% = 0.015 → 0.02; per line it would have been 3 × round(0.005) = 0.03.
    expect(taxRows(invoice)).toEqual(['IGST 5% on 0.30 = 0.02']);
  });

  it('a percentage discount on car hire leaves billing items and other rows untouched', () => {
    const lines: InvoiceLine[] = [
      booking(2000),
      billingItem('State permit', 500, true),
      billingItem('Toll', 150),
      { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', description: 'Contract discount', percent: d(10) },
    ];
    const invoice = computeInvoice(lines, regime('INTRA'));
    expect(invoice.lines.map((l) => [l.description, money(l.discount), money(l.taxableValue)])).toEqual([
      ['Innova, 8 h / 80 km', '200.00', '1800.00'],
      ['State permit', '0.00', '500.00'],
      ['Toll', '0.00', '0.00'],
    ]);
    expect(invoice.adjustments).toEqual([
      expect.objectContaining({ index: 3, type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', amount: d(200) }),
    ]);
    expect(money(invoice.taxableValue)).toBe('2300.00');
    expect(money(invoice.taxTotal)).toBe('115.00');
    expect(money(invoice.nonTaxableRows)).toBe('150.00');
    expect(money(invoice.total)).toBe('2565.00');
  });

  it('a discount on every taxable line and a card surcharge: split by value, each rate taxed on its own share', () => {
    const lines: InvoiceLine[] = [
      booking(3000),
      custom(1, 1000, true, 18),
      billingItem('Toll', 200),
      { type: 'DISCOUNT_PERCENTAGE', description: '', percent: d(10) },
      { type: 'SURCHARGE_PERCENTAGE', description: 'Card charges', percent: d(2) },
    ];
    const invoice = computeInvoice(lines, regime('INTER'));
    // 10% of 4,000 = 400, split 300 / 100; 2% of 3,600 = 72, split 54 / 18.
    expect(invoice.lines.map((l) => [money(l.discount), money(l.surcharge), money(l.taxableValue)])).toEqual([
      ['300.00', '54.00', '2754.00'],
      ['100.00', '18.00', '918.00'],
      ['0.00', '0.00', '0.00'],
    ]);
    expect(taxRows(invoice)).toEqual(['IGST 5% on 2754.00 = 137.70', 'IGST 18% on 918.00 = 165.24']);
    expect(money(invoice.taxableValue)).toBe('3672.00');
    expect(money(invoice.total)).toBe('4175.00'); // 3,672 + 302.94 + 200 = 4,174.94
  });

  it('reverse charge: the tax is shown and left to the customer, not added to the total', () => {
    const invoice = computeInvoice([booking(10_000)], regime('INTRA', { reverseCharge: true }));
    expect(taxRows(invoice)).toEqual(['CGST 2.5% on 10000.00 = 250.00', 'SGST 2.5% on 10000.00 = 250.00']);
    expect(money(invoice.taxTotal)).toBe('0.00');
    expect(money(invoice.reverseChargeTax)).toBe('500.00');
    expect(money(invoice.total)).toBe('10000.00');
  });

  it('SEZ under the company LUT: IGST at 0%; without an LUT: IGST at the full rate', () => {
    const withLut = computeInvoice([booking(10_000)], regime('ZERO_RATED', { withoutPayment: true }));
    expect(taxRows(withLut)).toEqual(['IGST 0% on 10000.00 = 0.00']);
    expect(withLut.taxes[0]?.gstRate).toEqual(d(5));
    expect(money(withLut.total)).toBe('10000.00');
    const withoutLut = computeInvoice([booking(10_000)], regime('ZERO_RATED'));
    expect(taxRows(withoutLut)).toEqual(['IGST 5% on 10000.00 = 500.00']);
    expect(money(withoutLut.total)).toBe('10500.00');
  });

  it('an unregistered billing company charges no GST on anything', () => {
    const invoice = computeInvoice([booking(10_000), custom(2, 500, true, 18)], regime('NONE'));
    expect(invoice.taxes).toEqual([]);
    expect(money(invoice.taxableValue)).toBe('11000.00');
    expect(invoice.lines.map((l) => l.rate.toFixed())).toEqual(['0', '0']);
    expect(money(invoice.total)).toBe('11000.00');
  });

  it('custom rows are quantity × rate to the paisa, taxed at their own rate or the car-hire rate', () => {
    const invoice = computeInvoice(
      [custom('2.5', '333.3333'), custom(1, 100, true, 12), custom(3, 10, false)],
      regime('INTRA', { carHireRate: d(18) }),
    );
    expect(invoice.lines.map((l) => [money(l.amount), l.rate.toFixed(), l.taxable])).toEqual([
      ['833.33', '18', true],
      ['100.00', '12', true],
      ['30.00', '0', false],
    ]);
    expect(taxRows(invoice)).toEqual([
      'CGST 6% on 100.00 = 6.00',
      'SGST 6% on 100.00 = 6.00',
      'CGST 9% on 833.33 = 75.00',
      'SGST 9% on 833.33 = 75.00',
    ]);
  });

  it('refuses a discount larger than what it discounts, naming the line', () => {
    const carHireOnly: InvoiceLine[] = [
      booking(1000),
      billingItem('Permit', 5000, true),
      { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', description: '', percent: d(60) },
      { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', description: '', percent: d(50) },
    ];
    expect(() => computeInvoice(carHireOnly, regime('INTRA'))).toThrow(
      new InvoiceLineError(
        3,
        'the discount of ₹500.00 is more than the ₹400.00 of car hire left to discount',
      ),
    );
    const tooMuch: InvoiceLine[] = [booking(1000), billingItem('Toll', 5000), discount('1000.01')];
    expect(() => computeInvoice(tooMuch, regime('INTRA'))).toThrow(
      'Line 3: the discount of ₹1,000.01 is more than the ₹1,000.00 of taxable charges left to discount',
    );
    const exactly = computeInvoice([booking(1000), discount(1000)], regime('INTRA'));
    expect(money(exactly.total)).toBe('0.00');
    expect(exactly.taxes).toEqual([]);
  });

  it('refuses negative amounts, fractions of a paisa, percentages over 100 and a booking whose charges do not add up', () => {
    const cases: [InvoiceLine[], string][] = [
      [[billingItem('Toll', -1)], 'Line 1: the amount cannot be negative'],
      [[billingItem('Toll', '1.005')], 'Line 1: the amount 1.005 is not in whole paise'],
      [[booking(100), { type: 'SURCHARGE_PERCENTAGE', description: '', percent: d('100.01') }], 'Line 2:'],
      [[custom(1, 100, true, -5)], 'Line 1: the tax rate must be from 0 to 100'],
      [
        [{ ...booking(100, 50), total: d(151) }],
        "Line 1: the booking's total ₹151.00 is not the sum of its charges, ₹150.00",
      ],
    ];
    for (const [lines, message] of cases)
      expect(() => computeInvoice(lines, regime('INTRA'))).toThrow(message);
  });
});

function discount(amount: Decimal.Value): InvoiceAdjustmentLine {
  return { type: 'DISCOUNT_AMOUNT', description: '', amount: d(amount) };
}

// ── Properties over random invoices ──────────────────────────────────────────────────────────────

const MAX_PAISE = 99_99_99_999_99n;
/** Paise as an amount; the generators favour values like 0.10 and 0.20 that binary floats cannot hold. */
const amount = (max = MAX_PAISE) =>
  fc
    .oneof(fc.bigInt({ min: 0n, max }), fc.constantFrom(10n, 20n, 30n, 70n, 1n, 5n))
    .map((paise) => new Decimal(paise.toString()).dividedBy(100));
const percent = (max = 10_000) =>
  fc.integer({ min: 0, max }).map((hundredths) => d(hundredths).dividedBy(100));
const gstRate = fc.constantFrom('0', '0.25', '3', '5', '12', '18', '28', '40').map(d);

const bookingArb = fc
  .array(amount(MAX_PAISE / 4n), { minLength: 1, maxLength: 4 })
  .map((amounts) => booking(...amounts.map((a) => ({ ...charge('EXTRA_KM', 1, a), amount: a }))));
const customArb = fc
  .record({
    quantity: fc.integer({ min: 0, max: 10_000_000 }).map((q) => d(q).dividedBy(10_000)),
    rate: fc.bigInt({ min: 0n, max: 9_999_999_999n }).map((r) => d(r.toString()).dividedBy(10_000)),
    taxable: fc.boolean(),
    taxRate: fc.option(gstRate),
  })
  .map(({ quantity, rate, taxable, taxRate }) => ({ ...custom(quantity, rate, taxable), taxRate }));
const billingItemArb = fc
  .record({ value: amount(), taxable: fc.boolean(), taxRate: fc.option(gstRate) })
  .map(({ value, taxable, taxRate }) => ({ ...billingItem('Toll', value, taxable), taxRate }));

const adjustmentArb: fc.Arbitrary<InvoiceAdjustmentLine> = fc.oneof(
  amount(100_000_00n).map((value) => discount(value)),
  percent(3000).map((p) => ({ type: 'DISCOUNT_PERCENTAGE' as const, description: '', percent: p })),
  percent(3000).map((p) => ({
    type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE' as const,
    description: '',
    percent: p,
  })),
  percent(500).map((p) => ({ type: 'SURCHARGE_PERCENTAGE' as const, description: '', percent: p })),
);

const regimeArb: fc.Arbitrary<GstRegime> = fc
  .record({
    kind: fc.constantFrom<GstRegimeKind>('INTRA', 'INTER', 'ZERO_RATED', 'NONE'),
    rate: fc.constantFrom(d(5), d(18)),
    withoutPayment: fc.boolean(),
    reverseCharge: fc.boolean(),
  })
  .map(({ kind, rate, withoutPayment, reverseCharge }) =>
    regime(kind, {
      carHireRate: kind === 'NONE' ? d(0) : rate,
      withoutPayment: kind === 'ZERO_RATED' && withoutPayment,
      reverseCharge: (kind === 'INTRA' || kind === 'INTER') && reverseCharge,
    }),
  );

const invoiceArb = fc
  .tuple(
    fc.array(fc.oneof(bookingArb, customArb, billingItemArb), { minLength: 1, maxLength: 8 }),
    fc.array(adjustmentArb, { maxLength: 4 }),
  )
  .chain(([items, adjustments]) =>
    fc.shuffledSubarray([...items, ...adjustments], { minLength: items.length + adjustments.length }),
  );

/** The invoice, or undefined when a random discount came to more than what it discounts. */
function computed(lines: InvoiceLine[], gst: GstRegime): InvoiceComputation | undefined {
  try {
    return computeInvoice(lines, gst);
  } catch (error) {
    const refusedDiscount =
      error instanceof InvoiceLineError &&
      error.message.includes('left to discount') &&
      lines[error.index]?.type.startsWith('DISCOUNT_');
    if (refusedDiscount) return undefined;
    throw error;
  }
}

const total = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), d(0));
const inPaise = (value: Decimal) => value.decimalPlaces() <= 2;
const halfUp = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

describe('an invoice: properties over random invoices', () => {
  it('adds up to the paisa: totals, line parts, rate groups and round-off', () => {
    fc.assert(
      fc.property(invoiceArb, regimeArb, (lines, gst) => {
        const invoice = computed(lines, gst);
        fc.pre(invoice !== undefined);
        if (!invoice) return;
        const figures = [
          invoice.carHire,
          invoice.taxableRows,
          invoice.nonTaxableRows,
          invoice.discount,
          invoice.surcharge,
          invoice.taxableValue,
          invoice.taxTotal,
          invoice.reverseChargeTax,
          invoice.totalBeforeRounding,
          invoice.roundOff,
          invoice.total,
          ...invoice.lines.flatMap((l) => [l.amount, l.discount, l.surcharge, l.taxableValue]),
          ...invoice.taxes.flatMap((t) => [t.taxableValue, t.amount]),
        ];
        expect(figures.every(inPaise)).toBe(true);

        expect(invoice.taxableValue).toEqual(
          invoice.carHire.plus(invoice.taxableRows).minus(invoice.discount).plus(invoice.surcharge),
        );
        expect(invoice.total).toEqual(
          invoice.taxableValue.plus(invoice.taxTotal).plus(invoice.nonTaxableRows).plus(invoice.roundOff),
        );
        expect(invoice.total.isInteger()).toBe(true);
        expect(
          invoice.roundOff.greaterThanOrEqualTo('-0.49') && invoice.roundOff.lessThanOrEqualTo('0.50'),
        ).toBe(true);

        const items = invoice.lines;
        const taxable = items.filter((l) => l.taxable);
        expect(total(items.filter((l) => l.type === 'BOOKING').map((l) => l.amount))).toEqual(
          invoice.carHire,
        );
        expect(total(taxable.filter((l) => l.type !== 'BOOKING').map((l) => l.amount))).toEqual(
          invoice.taxableRows,
        );
        expect(total(items.filter((l) => !l.taxable).map((l) => l.amount))).toEqual(invoice.nonTaxableRows);
        expect(total(items.map((l) => l.discount))).toEqual(invoice.discount);
        expect(total(items.map((l) => l.surcharge))).toEqual(invoice.surcharge);
        expect(total(items.map((l) => l.taxableValue))).toEqual(invoice.taxableValue);
        const discounts = invoice.adjustments.filter((a) => a.type !== 'SURCHARGE_PERCENTAGE');
        expect(total(discounts.map((a) => a.amount))).toEqual(invoice.discount);
        expect(
          total(invoice.adjustments.filter((a) => a.type === 'SURCHARGE_PERCENTAGE').map((a) => a.amount)),
        ).toEqual(invoice.surcharge);
        for (const line of items) {
          expect(line.discount.lessThanOrEqualTo(line.amount)).toBe(true);
          if (!line.taxable)
            expect([line.discount, line.surcharge, line.taxableValue]).toEqual([d(0), d(0), d(0)]);
        }

        // Percentages are of what they are a percent of, rounded half up once.
        const carHire = invoice.carHire;
        const gross = invoice.carHire.plus(invoice.taxableRows);
        for (const adjustment of invoice.adjustments) {
          const base =
            adjustment.type === 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE'
              ? carHire
              : adjustment.type === 'DISCOUNT_PERCENTAGE'
                ? gross
                : gross.minus(invoice.discount);
          if (adjustment.percent)
            expect(adjustment.amount).toEqual(halfUp(base.times(adjustment.percent).div(100)));
        }

        // Each rate's taxable value is the sum of its lines; each component is rate × that value, rounded once.
        for (const tax of invoice.taxes) {
          const ofRate = taxable.filter((l) => l.rate.equals(tax.gstRate));
          expect(total(ofRate.map((l) => l.taxableValue))).toEqual(tax.taxableValue);
          expect(tax.amount).toEqual(halfUp(tax.taxableValue.times(tax.rate).div(100)));
        }
        const taxedValue = total(invoice.taxes.filter((t) => t.kind !== 'SGST').map((t) => t.taxableValue));
        expect(taxedValue).toEqual(gst.kind === 'NONE' ? d(0) : invoice.taxableValue);

        const cgst = invoice.taxes.filter((t) => t.kind === 'CGST');
        const sgst = invoice.taxes.filter((t) => t.kind === 'SGST');
        expect(cgst.map((t) => [t.gstRate, t.amount])).toEqual(sgst.map((t) => [t.gstRate, t.amount]));
        expect(
          invoice.taxes.every((t) => (gst.kind === 'INTRA' ? t.kind !== 'IGST' : t.kind === 'IGST')),
        ).toBe(true);

        const taxSum = total(invoice.taxes.map((t) => t.amount));
        expect(invoice.taxTotal.plus(invoice.reverseChargeTax)).toEqual(taxSum);
        if (gst.reverseCharge) expect(invoice.taxTotal).toEqual(d(0));
        else expect(invoice.reverseChargeTax).toEqual(d(0));
        if (gst.kind === 'NONE') expect(invoice.taxes).toEqual([]);
        if (gst.kind === 'NONE' || gst.withoutPayment) expect(taxSum).toEqual(d(0));
      }),
      { numRuns: 500 },
    );
  });

  it('a discount on car hire alone never touches another line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(bookingArb, customArb, billingItemArb), { minLength: 1, maxLength: 8 }),
        percent(),
        regimeArb,
        (items, p, gst) => {
          const lines: InvoiceLine[] = [
            ...items,
            { type: 'DISCOUNT_PERCENTAGE_ON_CAR_HIRE', description: '', percent: p },
          ];
          const invoice = computeInvoice(lines, gst);
          for (const line of invoice.lines) {
            if (line.type !== 'BOOKING') expect(line.discount).toEqual(d(0));
          }
          expect(invoice.discount).toEqual(halfUp(invoice.carHire.times(p).div(100)));
        },
      ),
    );
  });
});
