import Decimal from 'decimal.js';
import fc from 'fast-check';
import { buildGstin } from '../validation/gstin';
import { type GstRegimeInput, gstRegime, gstRegimeInputSchema, lutDeclaration } from './gst-regime';
import { computeInvoice } from './invoice-totals';
import { GstRegimeError } from './invoicing-errors';
import { placeOfSupply } from './place-of-supply';

const MAHARASHTRA = { stateId: 'MH', gstStateCode: '27' };
const KARNATAKA = { stateId: 'KA', gstStateCode: '29' };
const GOA = { stateId: 'GA', gstStateCode: '30' };

/** A proprietorship's PAN (fourth letter P) and a company's (C). */
const PROPRIETOR_PAN = 'ABCPE1234F';
const COMPANY_PAN = 'AAACR5055K';

const input = (more: {
  supplier?: Partial<GstRegimeInput['supplier']>;
  recipient?: Partial<GstRegimeInput['recipient']>;
  boarding?: GstRegimeInput['boarding'];
  rentACabGst?: GstRegimeInput['rentACabGst'];
}): GstRegimeInput => ({
  supplier: {
    ...MAHARASHTRA,
    gstNo: buildGstin('27', PROPRIETOR_PAN),
    businessType: 'PRIVATE_LIMITED',
    lutNo: '',
    ...more.supplier,
  },
  recipient: { ...MAHARASHTRA, taxType: 'GSTIN', gstNo: buildGstin('27', COMPANY_PAN), ...more.recipient },
  boarding: more.boarding === undefined ? MAHARASHTRA : more.boarding,
  rentACabGst: more.rentACabGst ?? 'GST_5_NO_ITC',
});

describe('the GST an invoice carries', () => {
  it('within the company state: CGST + SGST at the car-hire rate the business settings choose', () => {
    expect(gstRegime(input({}))).toEqual({
      placeOfSupplyStateId: 'MH',
      placeOfSupplyStateCode: '27',
      kind: 'INTRA',
      carHireRate: new Decimal(5),
      withoutPayment: false,
      reverseCharge: false,
    });
    expect(gstRegime(input({ rentACabGst: 'GST_18_WITH_ITC' })).carHireRate).toEqual(new Decimal(18));
  });

  it('a registered customer is supplied in the state of its GSTIN, wherever the passenger boards', () => {
    const regime = gstRegime(
      input({ recipient: { ...KARNATAKA, gstNo: buildGstin('29', COMPANY_PAN) }, boarding: MAHARASHTRA }),
    );
    expect([regime.kind, regime.placeOfSupplyStateId]).toEqual(['INTER', 'KA']);
  });

  it('an unregistered customer is supplied where the passenger boards: boarding in another state is IGST', () => {
    const unregistered = { ...MAHARASHTRA, taxType: 'UNREGISTRED' as const, gstNo: '' };
    const elsewhere = gstRegime(input({ recipient: unregistered, boarding: GOA }));
    expect([elsewhere.kind, elsewhere.placeOfSupplyStateId, elsewhere.placeOfSupplyStateCode]).toEqual([
      'INTER',
      'GA',
      '30',
    ]);
    const billedElsewhereBoardingHere = gstRegime(
      input({ recipient: { ...unregistered, ...GOA }, boarding: MAHARASHTRA }),
    );
    expect(billedElsewhereBoardingHere.kind).toBe('INTRA');
    // Without a boarding state (an invoice with no bookings): the customer's billing state.
    expect(gstRegime(input({ recipient: { ...unregistered, ...GOA }, boarding: null })).kind).toBe('INTER');
    // A VAT customer, or a GSTIN customer that gave no GSTIN, is unregistered for GST.
    expect(
      gstRegime(input({ recipient: { ...MAHARASHTRA, taxType: 'VAT', gstNo: '' }, boarding: GOA })).kind,
    ).toBe('INTER');
    expect(
      gstRegime(input({ recipient: { ...MAHARASHTRA, taxType: 'GSTIN', gstNo: '' }, boarding: GOA })).kind,
    ).toBe('INTER');
  });

  it('an unregistered company charges no GST at all', () => {
    const regime = gstRegime(input({ supplier: { gstNo: '' } }));
    expect([regime.kind, regime.carHireRate.toFixed(), regime.reverseCharge]).toEqual(['NONE', '0', false]);
  });

  it('SEZ and LUT customers are zero-rated, always IGST: 0% under the company LUT with its declaration', () => {
    const sez = { ...MAHARASHTRA, taxType: 'SEZ' as const, gstNo: buildGstin('27', COMPANY_PAN) };
    const underLut = gstRegime(input({ supplier: { lutNo: 'AD270325012345X' }, recipient: sez }));
    expect(underLut).toMatchObject({ kind: 'ZERO_RATED', withoutPayment: true, reverseCharge: false });
    expect(underLut.declaration).toBe(
      'Supply meant for SEZ/export under LUT without payment of IGST (LUT AD270325012345X)',
    );
    const withPayment = gstRegime(input({ recipient: sez }));
    expect(withPayment).toMatchObject({ kind: 'ZERO_RATED', withoutPayment: false });

    const invoice = (regime: typeof underLut) =>
      computeInvoice(
        [
          {
            type: 'BILLING_ITEM',
            name: 'Hire',
            amount: new Decimal(1000),
            taxable: true,
            sac: '',
            taxRate: null,
          },
        ],
        regime,
      ).taxes.map((t) => `${t.kind} ${t.rate.toFixed()}% ${t.amount.toFixed(2)}`);
    expect(invoice(underLut)).toEqual(['IGST 0% 0.00']);
    expect(invoice(withPayment)).toEqual(['IGST 5% 50.00']);
    const lutCustomer = gstRegime(
      input({ recipient: { ...GOA, taxType: 'LUT', gstNo: '' }, supplier: { lutNo: 'L1' } }),
    );
    expect(lutCustomer).toMatchObject({
      kind: 'ZERO_RATED',
      withoutPayment: true,
      declaration: lutDeclaration('L1'),
    });
  });

  it('reverse charge: a proprietorship or partnership at 5% without credit, to a company registered for GST', () => {
    const proprietor = { businessType: 'PROPRIETORSHIP' as const };
    const regime = gstRegime(input({ supplier: proprietor }));
    expect(regime).toMatchObject({ kind: 'INTRA', reverseCharge: true });
    expect(regime.declaration).toContain('reverse charge');
    expect(gstRegime(input({ supplier: { businessType: 'PARTNERSHIP' } })).reverseCharge).toBe(true);

    const invoice = computeInvoice(
      [
        {
          type: 'BILLING_ITEM',
          name: 'Hire',
          amount: new Decimal(10_000),
          taxable: true,
          sac: '',
          taxRate: null,
        },
      ],
      regime,
    );
    expect([invoice.taxTotal, invoice.reverseChargeTax, invoice.total].map((v) => v.toFixed(2))).toEqual([
      '0.00',
      '500.00',
      '10000.00',
    ]);

    // Not when the company is a body corporate, charges 18% with credit, or the customer is not a company.
    expect(gstRegime(input({ supplier: { businessType: 'LLP' } })).reverseCharge).toBe(false);
    expect(gstRegime(input({ supplier: { businessType: '' } })).reverseCharge).toBe(false);
    expect(gstRegime(input({ supplier: proprietor, rentACabGst: 'GST_18_WITH_ITC' })).reverseCharge).toBe(
      false,
    );
    const firm = { gstNo: buildGstin('27', 'AAAFR5055K') };
    expect(gstRegime(input({ supplier: proprietor, recipient: firm })).reverseCharge).toBe(false);
    const unregisteredCompany = { taxType: 'UNREGISTRED' as const };
    expect(gstRegime(input({ supplier: proprietor, recipient: unregisteredCompany })).reverseCharge).toBe(
      false,
    );
  });

  it('refuses a GSTIN registered in another state than the one it is billed in', () => {
    expect(() => gstRegime(input({ recipient: { ...KARNATAKA } }))).toThrow(GstRegimeError);
    expect(() => gstRegime(input({ recipient: { ...KARNATAKA } }))).toThrow(/customer's GSTIN .* state 27/);
    expect(() => gstRegime(input({ supplier: { ...KARNATAKA } }))).toThrow(
      /billing company's GSTIN .* state 27/,
    );
  });

  it('is intra-state exactly when the place of supply is the company state, for any pair of states', () => {
    const codes = fc.constantFrom('07', '27', '29', '30', '33');
    fc.assert(
      fc.property(codes, codes, fc.boolean(), (supplierCode, customerCode, registered) => {
        const customer = { stateId: `S${customerCode}`, gstStateCode: customerCode };
        const regime = gstRegime(
          input({
            supplier: {
              stateId: `S${supplierCode}`,
              gstStateCode: supplierCode,
              gstNo: buildGstin(supplierCode, COMPANY_PAN),
            },
            recipient: registered
              ? { ...customer, taxType: 'GSTIN', gstNo: buildGstin(customerCode, COMPANY_PAN) }
              : { ...customer, taxType: 'UNREGISTRED', gstNo: '' },
            boarding: null,
          }),
        );
        expect(regime.kind).toBe(supplierCode === customerCode ? 'INTRA' : 'INTER');
        expect(regime.placeOfSupplyStateCode).toBe(customerCode);
      }),
    );
  });
});

describe('place of supply', () => {
  it('names the registered customer state by its billing state id', () => {
    const customer = { ...KARNATAKA, taxType: 'SEZ' as const, gstNo: buildGstin('29', COMPANY_PAN) };
    expect(placeOfSupply(customer, GOA)).toEqual(KARNATAKA);
  });
});

describe('the regime input schema', () => {
  it('trims and upper-cases GSTINs, defaults what may be absent, and refuses bad codes and GSTINs', () => {
    const parsed = gstRegimeInputSchema.parse({
      supplier: { ...MAHARASHTRA, gstNo: ` ${buildGstin('27', COMPANY_PAN).toLowerCase()} ` },
      recipient: { ...MAHARASHTRA, taxType: 'UNREGISTRED' },
      boarding: null,
      rentACabGst: 'GST_5_NO_ITC',
    });
    expect(parsed.supplier).toEqual({
      ...MAHARASHTRA,
      gstNo: buildGstin('27', COMPANY_PAN),
      businessType: '',
      lutNo: '',
    });
    expect(parsed.recipient.gstNo).toBe('');

    const refused = gstRegimeInputSchema.safeParse({
      supplier: { stateId: 'MH', gstStateCode: '45', gstNo: '27AAACR5055K1Z0', lutNo: 'L\u0000' },
      recipient: { ...MAHARASHTRA, taxType: 'UNREGISTERED' },
      boarding: null,
      rentACabGst: 'GST_12',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'recipient.taxType',
      'rentACabGst',
      'supplier.gstNo',
      'supplier.gstStateCode',
      'supplier.lutNo',
    ]);
  });
});
