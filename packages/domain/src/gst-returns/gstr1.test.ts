import Decimal from 'decimal.js';
import fc from 'fast-check';
import { buildGstr1, type Gstr1Invoice, type Gstr1Note, gstr1JsonText } from './gstr1';

const d = (value: string | number) => new Decimal(value);

/** An invoice of `taxable` at 5%: CGST + SGST within Maharashtra (27), IGST to another state. */
function invoice(number: string, taxable: string, over: Partial<Gstr1Invoice> = {}): Gstr1Invoice {
  const pos = over.placeOfSupply ?? '27';
  const inter = pos !== '27';
  const tax = d(taxable).times('0.05');
  const half = d(taxable).times('0.025');
  return {
    number,
    date: '2026-11-10',
    buyerGstin: '27AAACH7409R1Z1',
    buyerName: 'Harbour Logistics',
    placeOfSupply: pos,
    supplierStateCode: '27',
    reverseCharge: false,
    zeroRated: false,
    value: d(taxable).plus(tax).toDecimalPlaces(0),
    taxes: [
      {
        gstRate: d(5),
        taxableValue: d(taxable),
        igst: inter ? tax : d(0),
        cgst: inter ? d(0) : half,
        sgst: inter ? d(0) : half,
      },
    ],
    lines: [{ sac: '9966', gstRate: d(5), taxableValue: d(taxable) }],
    ...over,
  };
}

const note = (
  number: string,
  type: 'CREDIT' | 'DEBIT',
  of: Gstr1Invoice,
  taxable: string,
  onB2cl = false,
): Gstr1Note => ({
  ...invoice(number, taxable, { buyerGstin: of.buyerGstin, placeOfSupply: of.placeOfSupply }),
  type,
  invoiceNumber: of.number,
  onB2cl,
});

const month = () => {
  const b2b = invoice('KC/0001', '10000');
  const b2bOther = invoice('KC/0002', '4000', { buyerGstin: '29AAACB1234C1Z5', placeOfSupply: '29' });
  const b2cl = invoice('KC/0003', '120000', { buyerGstin: '', placeOfSupply: '29' });
  const b2csIntra = invoice('KC/0004', '2000', { buyerGstin: '' });
  const b2csInter = invoice('KC/0005', '150000', { buyerGstin: '', placeOfSupply: '27' });
  const invoices = [b2b, b2bOther, b2cl, b2csIntra, b2csInter];
  const notes = [
    note('CN/0001', 'CREDIT', b2b, '1000'),
    note('DN/0001', 'DEBIT', b2cl, '500', true),
    note('CN/0002', 'CREDIT', b2csIntra, '200'),
  ];
  return { invoices, notes };
};

it('sorts a month into the portal’s sections', () => {
  const { invoices, notes } = month();
  const { json } = buildGstr1({
    gstin: '27AABCK1234E1Z1',
    period: '2026-11',
    invoices,
    notes,
    series: [
      {
        kind: 'INVOICE',
        numbers: [
          ...invoices.map((i) => ({ number: i.number, cancelled: false })),
          { number: 'KC/0006', cancelled: true },
        ],
      },
    ],
  });
  const parsed = JSON.parse(gstr1JsonText(json));
  expect([parsed.gstin, parsed.fp]).toEqual(['27AABCK1234E1Z1', '112026']);
  expect(
    parsed.b2b.map((g: { ctin: string; inv: { inum: string }[] }) => [g.ctin, g.inv.map((i) => i.inum)]),
  ).toEqual([
    ['27AAACH7409R1Z1', ['KC/0001']],
    ['29AAACB1234C1Z5', ['KC/0002']],
  ]);
  expect(parsed.b2b[0].inv[0]).toEqual({
    inum: 'KC/0001',
    idt: '10-11-2026',
    val: 10500,
    pos: '27',
    rchrg: 'N',
    inv_typ: 'R',
    itms: [{ num: 1, itm_det: { txval: 10000, rt: 5, iamt: 0, camt: 250, samt: 250, csamt: 0 } }],
  });
  // Inter-state to the unregistered above ₹1,00,000: B2CL; within the state, whatever its value: B2CS.
  expect(parsed.b2cl).toEqual([
    {
      pos: '29',
      inv: [
        {
          inum: 'KC/0003',
          idt: '10-11-2026',
          val: 126000,
          itms: [{ num: 1, itm_det: { txval: 120000, rt: 5, iamt: 6000, csamt: 0 } }],
        },
      ],
    },
  ]);
  // The B2CS credit note is netted in: 2,000 + 1,50,000 − 200.
  expect(parsed.b2cs).toEqual([
    { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 5, txval: 151800, camt: 3795, samt: 3795, csamt: 0 },
  ]);
  expect(parsed.cdnr[0].nt[0]).toMatchObject({ ntty: 'C', nt_num: 'CN/0001', val: 1050 });
  expect(parsed.cdnur).toEqual([
    expect.objectContaining({ typ: 'B2CL', ntty: 'D', nt_num: 'DN/0001', val: 525, pos: '29' }),
  ]);
  expect(parsed.hsn.hsn_b2b).toEqual([
    {
      num: 1,
      hsn_sc: '9966',
      desc: expect.any(String),
      uqc: 'NA',
      qty: 0,
      rt: 5,
      txval: 13000,
      iamt: 200,
      camt: 225,
      samt: 225,
      csamt: 0,
    },
  ]);
  expect(parsed.doc_issue.doc_det).toEqual([
    {
      doc_num: 1,
      doc_typ: 'Invoices for outward supply',
      docs: [{ num: 1, from: 'KC/0001', to: 'KC/0006', totnum: 6, cancel: 1, net_issue: 5 }],
    },
  ]);
});

it('reconciles: the sections add up to the month’s invoices and notes, to the paisa, whatever the month', () => {
  const amount = fc.integer({ min: 1, max: 50_000_000 }).map((p) => new Decimal(p).div(100));
  const document = fc.record({
    taxable: amount,
    registered: fc.boolean(),
    pos: fc.constantFrom('27', '29', '07'),
    note: fc.option(
      fc.record({
        type: fc.constantFrom('CREDIT' as const, 'DEBIT' as const),
        share: fc.integer({ min: 1, max: 100 }),
      }),
    ),
  });
  fc.assert(
    fc.property(fc.array(document, { maxLength: 30 }), (documents) => {
      const invoices = documents.map((doc, i) =>
        invoice(`KC/${i}`, doc.taxable.toFixed(2), {
          buyerGstin: doc.registered ? '29AAACB1234C1Z5' : '',
          placeOfSupply: doc.pos,
        }),
      );
      const notes = documents.flatMap((doc, i) =>
        doc.note
          ? [
              note(
                `N/${i}`,
                doc.note.type,
                invoices[i]!,
                doc.taxable.times(doc.note.share).div(100).toDecimalPlaces(2).toFixed(2),
                !doc.registered && doc.pos !== '27' && invoices[i]!.value.gt(100_000),
              ),
            ]
          : [],
      );
      const { reconciliation: r } = buildGstr1({
        gstin: '27AABCK1234E1Z1',
        period: '2026-11',
        invoices,
        notes,
        series: [],
      });
      const heads = ['taxableValue', 'igst', 'cgst', 'sgst'] as const;
      for (const head of heads) {
        expect(r.b2b[head].plus(r.b2cl[head]).plus(r.b2cs[head]).toFixed(2)).toBe(
          r.invoices[head].toFixed(2),
        );
        const netNotes = r.debitNotes[head].minus(r.creditNotes[head]);
        expect(r.cdnr[head].plus(r.cdnur[head]).plus(r.b2csNotes[head]).toFixed(2)).toBe(netNotes.toFixed(2));
        expect(r.hsn[head].toFixed(2)).toBe(r.invoices[head].plus(netNotes).toFixed(2));
      }
      expect(r.b2b.documents + r.b2cl.documents + r.b2cs.documents).toBe(invoices.length);
    }),
  );
});

it('writes money with two places and never as a JS number', () => {
  expect(gstr1JsonText({ val: d('99999999999.99'), rt: d('2.5'), n: 3, s: 'a"b' })).toBe(
    '{"val":99999999999.99,"rt":2.50,"n":3,"s":"a\\"b"}',
  );
});
