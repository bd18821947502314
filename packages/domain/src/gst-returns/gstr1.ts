// GSTR-1 for a month, in the shape the GST portal's JSON upload takes (the offline tool's schema:
// b2b, b2cl, b2cs, cdnr, cdnur, hsn, doc_issue), from a billing company's approved invoices and live
// credit and debit notes of the month. Pure: billing reads the documents, this sorts them into sections.
//
// Sections (CGST rules, form GSTR-1):
// - B2B (table 4): invoices to a GSTIN. Zero-rated ones (an SEZ under LUT) are SEWOP, reverse charge Y.
// - B2CL (table 5): invoices to the unregistered, inter-state, of more than ₹1,00,000 (the limit since
//   1 August 2024; it was ₹2,50,000).
// - B2CS (table 7): every other invoice to the unregistered, summed by supply type, place of supply and
//   rate; notes on them are netted in here (the portal takes no note of a B2CS invoice).
// - CDNR (table 9B): notes to a GSTIN; CDNUR: notes on B2CL invoices.
// - HSN (table 12): by SAC and rate, split B2B / B2C, notes netted (credit notes lower it).
// - Documents issued (table 13): each invoice series' first and last number of the month, how many, and
//   how many cancelled; credit and debit notes the same.
import Decimal from 'decimal.js';

export const B2CL_LIMIT = new Decimal(100_000);

export interface Gstr1Tax {
  /** The GST rate, e.g. 5. */
  gstRate: Decimal;
  taxableValue: Decimal;
  igst: Decimal;
  cgst: Decimal;
  sgst: Decimal;
}

/** One taxable row's SAC, for the HSN summary. */
export interface Gstr1Line {
  sac: string;
  gstRate: Decimal;
  taxableValue: Decimal;
}

export interface Gstr1Invoice {
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  /** '' for an unregistered buyer. */
  buyerGstin: string;
  buyerName: string;
  /** The place of supply's GST state code, e.g. 27. */
  placeOfSupply: string;
  supplierStateCode: string;
  reverseCharge: boolean;
  /** Zero-rated under an LUT (an SEZ unit): IGST at nil. */
  zeroRated: boolean;
  /** The invoice's total. */
  value: Decimal;
  taxes: Gstr1Tax[];
  lines: Gstr1Line[];
}

export interface Gstr1Note extends Omit<Gstr1Invoice, 'lines'> {
  type: 'CREDIT' | 'DEBIT';
  invoiceNumber: string;
  /** The note's own value before GST, by SAC (a note is one row). */
  lines: Gstr1Line[];
  /** The invoice it changes was a B2CL invoice (inter-state, unregistered, above the limit). */
  onB2cl: boolean;
}

/** A series' documents of the month, cancelled ones too (table 13). */
export interface Gstr1Series {
  kind: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';
  /** Numbers in their series' order. */
  numbers: { number: string; cancelled: boolean }[];
}

/** A GSTR-1 value: money as Decimal (two places in the file), text as text. */
export type Gstr1Value = Decimal | string | number | Gstr1Value[] | { [key: string]: Gstr1Value };
type Value = Gstr1Value;

/** One SAC and rate of the summary (table 12). */
export interface Gstr1HsnRow {
  sac: string;
  description: string;
  rate: Decimal;
  taxableValue: Decimal;
  igst: Decimal;
  cgst: Decimal;
  sgst: Decimal;
}

export interface Gstr1 {
  /** The return as the portal takes it; `gstr1JsonText` writes it with numbers, never through a JS number. */
  json: { [key: string]: Value };
  /** The SAC summary as the json's hsn section has it, typed, for a sheet. */
  hsn: { b2b: Gstr1HsnRow[]; b2c: Gstr1HsnRow[] };
  /** Taxable value and tax of each section, and of the month's documents, to reconcile. */
  reconciliation: Gstr1Reconciliation;
}

export interface Gstr1Totals {
  documents: number;
  taxableValue: Decimal;
  igst: Decimal;
  cgst: Decimal;
  sgst: Decimal;
  value: Decimal;
}

export interface Gstr1Reconciliation {
  invoices: Gstr1Totals;
  b2b: Gstr1Totals;
  b2cl: Gstr1Totals;
  /** B2CS invoices before notes. */
  b2cs: Gstr1Totals;
  creditNotes: Gstr1Totals;
  debitNotes: Gstr1Totals;
  cdnr: Gstr1Totals;
  cdnur: Gstr1Totals;
  /** Notes netted into B2CS (debits less credits). */
  b2csNotes: Gstr1Totals;
  hsn: Gstr1Totals;
}

const ZERO = new Decimal(0);
const money = (value: Decimal) => value.toDecimalPlaces(2);
/** The portal's dates: DD-MM-YYYY. */
export const portalDate = (date: string) => date.split('-').reverse().join('-');

const emptyTotals = (): Gstr1Totals => ({
  documents: 0,
  taxableValue: ZERO,
  igst: ZERO,
  cgst: ZERO,
  sgst: ZERO,
  value: ZERO,
});

function add(totals: Gstr1Totals, document: Pick<Gstr1Invoice, 'taxes' | 'value'>, sign = 1): Gstr1Totals {
  const sum = (pick: (t: Gstr1Tax) => Decimal) =>
    document.taxes.reduce((s, t) => s.plus(pick(t)), ZERO).times(sign);
  return {
    documents: totals.documents + 1,
    taxableValue: totals.taxableValue.plus(sum((t) => t.taxableValue)),
    igst: totals.igst.plus(sum((t) => t.igst)),
    cgst: totals.cgst.plus(sum((t) => t.cgst)),
    sgst: totals.sgst.plus(sum((t) => t.sgst)),
    value: totals.value.plus(document.value.times(sign)),
  };
}

const isInterState = (d: Pick<Gstr1Invoice, 'placeOfSupply' | 'supplierStateCode'>) =>
  d.placeOfSupply !== d.supplierStateCode;

/** The items of a document: one per GST rate, with the tax heads its supply type has. */
function itemsOf(document: Pick<Gstr1Invoice, 'taxes'>, heads: 'all' | 'igst'): Value[] {
  return document.taxes.map((t, i) => {
    const detail: { [key: string]: Value } =
      heads === 'igst'
        ? { txval: money(t.taxableValue), rt: t.gstRate, iamt: money(t.igst), csamt: ZERO }
        : {
            txval: money(t.taxableValue),
            rt: t.gstRate,
            iamt: money(t.igst),
            camt: money(t.cgst),
            samt: money(t.sgst),
            csamt: ZERO,
          };
    return { num: i + 1, itm_det: detail };
  });
}

function grouped<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const SAC_NAMES: Record<string, string> = {
  '9966': 'Rental services of transport vehicles with operators',
  '996601': 'Rental services of road vehicles with operators',
  '998596': 'Event management services',
};

/** The month's GSTR-1 of one GSTIN. `period` is YYYY-MM. */
export function buildGstr1(input: {
  gstin: string;
  period: string;
  invoices: readonly Gstr1Invoice[];
  notes: readonly Gstr1Note[];
  series: readonly Gstr1Series[];
}): Gstr1 {
  const [year, month] = input.period.split('-');
  const registered = input.invoices.filter((i) => i.buyerGstin !== '');
  const unregistered = input.invoices.filter((i) => i.buyerGstin === '');
  const b2cl = unregistered.filter((i) => isInterState(i) && i.value.gt(B2CL_LIMIT));
  const b2cs = unregistered.filter((i) => !b2cl.includes(i));
  const cdnr = input.notes.filter((n) => n.buyerGstin !== '');
  const cdnur = input.notes.filter((n) => n.buyerGstin === '' && n.onB2cl);
  const b2csNotes = input.notes.filter((n) => n.buyerGstin === '' && !n.onB2cl);
  const signOf = (n: Gstr1Note) => (n.type === 'CREDIT' ? -1 : 1);

  // B2CS: every rate of every small unregistered invoice, notes netted, by supply type, place and rate.
  type B2csRow = {
    interState: boolean;
    pos: string;
    rate: Decimal;
    txval: Decimal;
    iamt: Decimal;
    camt: Decimal;
    samt: Decimal;
  };
  const b2csRows = new Map<string, B2csRow>();
  const addB2cs = (d: Gstr1Invoice | Gstr1Note, sign: number) => {
    for (const t of d.taxes) {
      const key = `${isInterState(d)}|${d.placeOfSupply}|${t.gstRate.toString()}`;
      const row = b2csRows.get(key) ?? {
        interState: isInterState(d),
        pos: d.placeOfSupply,
        rate: t.gstRate,
        txval: ZERO,
        iamt: ZERO,
        camt: ZERO,
        samt: ZERO,
      };
      b2csRows.set(key, {
        ...row,
        txval: row.txval.plus(t.taxableValue.times(sign)),
        iamt: row.iamt.plus(t.igst.times(sign)),
        camt: row.camt.plus(t.cgst.times(sign)),
        samt: row.samt.plus(t.sgst.times(sign)),
      });
    }
  };
  for (const invoice of b2cs) addB2cs(invoice, 1);
  for (const note of b2csNotes) addB2cs(note, signOf(note));

  // HSN: each SAC and rate, its tax from the document's taxes of that rate shared by taxable value.
  type HsnRow = { sac: string; rate: Decimal; txval: Decimal; iamt: Decimal; camt: Decimal; samt: Decimal };
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  const addHsn = (d: Gstr1Invoice | Gstr1Note, sign: number) => {
    const table = d.buyerGstin ? hsn.b2b : hsn.b2c;
    for (const t of d.taxes) {
      const lines = d.lines.filter((l) => l.gstRate.eq(t.gstRate) && l.taxableValue.gt(0));
      const base = lines.reduce((s, l) => s.plus(l.taxableValue), ZERO);
      const shares =
        lines.length > 0 ? lines : [{ sac: '9966', gstRate: t.gstRate, taxableValue: t.taxableValue }];
      let left = { txval: t.taxableValue, iamt: t.igst, camt: t.cgst, samt: t.sgst };
      shares.forEach((line, i) => {
        const last = i === shares.length - 1;
        const part = (of: Decimal) =>
          last || base.isZero()
            ? of
            : of.times(line.taxableValue).div(base).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        const share = {
          txval: last ? left.txval : part(t.taxableValue),
          iamt: last ? left.iamt : part(t.igst),
          camt: last ? left.camt : part(t.cgst),
          samt: last ? left.samt : part(t.sgst),
        };
        left = {
          txval: left.txval.minus(share.txval),
          iamt: left.iamt.minus(share.iamt),
          camt: left.camt.minus(share.camt),
          samt: left.samt.minus(share.samt),
        };
        const sac = line.sac || '9966';
        const key = `${sac}|${t.gstRate.toString()}`;
        const row = table.get(key) ?? {
          sac,
          rate: t.gstRate,
          txval: ZERO,
          iamt: ZERO,
          camt: ZERO,
          samt: ZERO,
        };
        table.set(key, {
          ...row,
          txval: row.txval.plus(share.txval.times(sign)),
          iamt: row.iamt.plus(share.iamt.times(sign)),
          camt: row.camt.plus(share.camt.times(sign)),
          samt: row.samt.plus(share.samt.times(sign)),
        });
      });
    }
  };
  for (const invoice of input.invoices) addHsn(invoice, 1);
  for (const note of input.notes) addHsn(note, signOf(note));
  const hsnRows = (table: Map<string, HsnRow>): Gstr1HsnRow[] =>
    [...table.values()]
      .sort((a, b) => a.sac.localeCompare(b.sac) || a.rate.comparedTo(b.rate))
      .map((row) => ({
        sac: row.sac,
        description: SAC_NAMES[row.sac] ?? '',
        rate: row.rate,
        taxableValue: money(row.txval),
        igst: money(row.iamt),
        cgst: money(row.camt),
        sgst: money(row.samt),
      }));
  const summary = { b2b: hsnRows(hsn.b2b), b2c: hsnRows(hsn.b2c) };
  const hsnItems = (rows: Gstr1HsnRow[]) =>
    rows.map((row, i) => ({
      num: i + 1,
      hsn_sc: row.sac,
      desc: row.description,
      uqc: 'NA',
      qty: ZERO,
      rt: row.rate,
      txval: row.taxableValue,
      iamt: row.igst,
      camt: row.cgst,
      samt: row.sgst,
      csamt: ZERO,
    }));

  const heads = (row: B2csRow): { [key: string]: Value } =>
    row.interState ? { iamt: money(row.iamt) } : { camt: money(row.camt), samt: money(row.samt) };

  const noteEntry = (n: Gstr1Note) => ({
    ntty: n.type === 'CREDIT' ? 'C' : 'D',
    nt_num: n.number,
    nt_dt: portalDate(n.date),
    val: money(n.value),
    pos: n.placeOfSupply,
    rchrg: n.reverseCharge ? 'Y' : 'N',
    inv_typ: n.zeroRated ? 'SEWOP' : 'R',
    itms: itemsOf(n, 'all'),
  });

  const DOC_TYPES = {
    INVOICE: [1, 'Invoices for outward supply'],
    DEBIT_NOTE: [4, 'Debit Note'],
    CREDIT_NOTE: [5, 'Credit Note'],
  } as const;
  const docDetails = [
    ...grouped(
      input.series.filter((s) => s.numbers.length > 0),
      (s) => s.kind,
    ),
  ].map(([kind, series]) => ({
    doc_num: DOC_TYPES[kind][0],
    doc_typ: DOC_TYPES[kind][1],
    docs: series.map((s, i) => {
      const cancelled = s.numbers.filter((n) => n.cancelled).length;
      return {
        num: i + 1,
        from: s.numbers[0]!.number,
        to: s.numbers.at(-1)!.number,
        totnum: s.numbers.length,
        cancel: cancelled,
        net_issue: s.numbers.length - cancelled,
      };
    }),
  }));

  const json: { [key: string]: Value } = {
    gstin: input.gstin,
    fp: `${month}${year}`,
    version: 'GST3.2.1',
    hash: 'hash',
    b2b: [...grouped(registered, (i) => i.buyerGstin)].map(([ctin, invoices]) => ({
      ctin,
      inv: invoices.map((i) => ({
        inum: i.number,
        idt: portalDate(i.date),
        val: money(i.value),
        pos: i.placeOfSupply,
        rchrg: i.reverseCharge ? 'Y' : 'N',
        inv_typ: i.zeroRated ? 'SEWOP' : 'R',
        itms: itemsOf(i, 'all'),
      })),
    })),
    b2cl: [...grouped(b2cl, (i) => i.placeOfSupply)].map(([pos, invoices]) => ({
      pos,
      inv: invoices.map((i) => ({
        inum: i.number,
        idt: portalDate(i.date),
        val: money(i.value),
        itms: itemsOf(i, 'igst'),
      })),
    })),
    b2cs: [...b2csRows.values()].map((row) => ({
      sply_ty: row.interState ? 'INTER' : 'INTRA',
      pos: row.pos,
      typ: 'OE',
      rt: row.rate,
      txval: money(row.txval),
      ...heads(row),
      csamt: ZERO,
    })),
    cdnr: [...grouped(cdnr, (n) => n.buyerGstin)].map(([ctin, notes]) => ({
      ctin,
      nt: notes.map(noteEntry),
    })),
    cdnur: cdnur.map((n) => ({
      typ: 'B2CL',
      ntty: n.type === 'CREDIT' ? 'C' : 'D',
      nt_num: n.number,
      nt_dt: portalDate(n.date),
      val: money(n.value),
      pos: n.placeOfSupply,
      itms: itemsOf(n, 'igst'),
    })),
    hsn: { hsn_b2b: hsnItems(summary.b2b), hsn_b2c: hsnItems(summary.b2c) },
    doc_issue: { doc_det: docDetails },
  };

  const sumNotes = (notes: readonly Gstr1Note[], sign: (n: Gstr1Note) => number) =>
    notes.reduce((t, n) => add(t, n, sign(n)), emptyTotals());
  const hsnTotals = [...hsn.b2b.values(), ...hsn.b2c.values()].reduce(
    (t, row) => ({
      documents: t.documents,
      taxableValue: t.taxableValue.plus(row.txval),
      igst: t.igst.plus(row.iamt),
      cgst: t.cgst.plus(row.camt),
      sgst: t.sgst.plus(row.samt),
      value: t.value,
    }),
    emptyTotals(),
  );
  return {
    json,
    hsn: summary,
    reconciliation: {
      invoices: input.invoices.reduce((t, i) => add(t, i), emptyTotals()),
      b2b: registered.reduce((t, i) => add(t, i), emptyTotals()),
      b2cl: b2cl.reduce((t, i) => add(t, i), emptyTotals()),
      b2cs: b2cs.reduce((t, i) => add(t, i), emptyTotals()),
      creditNotes: sumNotes(
        input.notes.filter((n) => n.type === 'CREDIT'),
        () => 1,
      ),
      debitNotes: sumNotes(
        input.notes.filter((n) => n.type === 'DEBIT'),
        () => 1,
      ),
      cdnr: sumNotes(cdnr, signOf),
      cdnur: sumNotes(cdnur, signOf),
      b2csNotes: sumNotes(b2csNotes, signOf),
      hsn: hsnTotals,
    },
  };
}

/** The return as JSON text: money with two places and rates as written, numbers never through a JS number. */
export function gstr1JsonText(value: Value): string {
  if (value instanceof Decimal)
    return value.decimalPlaces() > 0 || !value.isInteger() ? value.toFixed(2) : value.toFixed();
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(gstr1JsonText).join(',')}]`;
  return `{${Object.entries(value)
    .map(([key, inner]) => `${JSON.stringify(key)}:${gstr1JsonText(inner)}`)
    .join(',')}}`;
}
