import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { ExportColumn } from './export-columns';
import { writeXlsxExport, writeXlsxWorkbook, xlsxSheet } from './xlsx-export';

interface Duty {
  slip: string;
  note: string | null;
  kilometres: number;
  amount: Decimal | null;
  hours: Decimal | null;
  date: string | null;
  startedAt: Date | null;
  billed: boolean;
}

const columns: ExportColumn<Duty>[] = [
  { key: 'slip', header: 'Duty slip', kind: 'text', value: (d) => d.slip },
  { key: 'note', header: 'Note', kind: 'text', value: (d) => d.note },
  { key: 'kilometres', header: 'Kilometres', kind: 'integer', value: (d) => d.kilometres },
  { key: 'amount', header: 'Amount', kind: 'money', value: (d) => d.amount },
  { key: 'hours', header: 'Hours', kind: 'decimal', value: (d) => d.hours },
  { key: 'date', header: 'Duty date', kind: 'date', value: (d) => d.date },
  { key: 'startedAt', header: 'Started at (garage out)', kind: 'datetime', value: (d) => d.startedAt },
  { key: 'billed', header: 'Billed', kind: 'boolean', value: (d) => d.billed },
];

function duty(i: number, overrides: Partial<Duty> = {}): Duty {
  return {
    slip: `DS-${i}`,
    note: i % 7 === 0 ? '=HYPERLINK("http://evil.example","Click")' : `Airport drop ${i}`,
    kilometres: 40 + (i % 300),
    amount: new Decimal(i).times('123.45'),
    hours: new Decimal('7.25'),
    date: '2026-04-30',
    startedAt: new Date('2026-04-30T01:15:00Z'),
    billed: i % 2 === 0,
    ...overrides,
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xlsx-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function exportToFile(name: string, rows: Iterable<Duty> | AsyncIterable<Duty>, progress?: number[]) {
  const path = join(dir, `${name}.xlsx`);
  const result = await writeXlsxExport({
    sheetName: 'Duties',
    columns,
    rows,
    out: createWriteStream(path),
    ...(progress ? { onProgress: (n: number) => progress.push(n) } : {}),
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return { result, sheet: workbook.getWorksheet('Duties')! };
}

function* duties(count: number): Generator<Duty> {
  for (let i = 1; i <= count; i++) yield duty(i);
}

describe('writeXlsxExport', () => {
  it('writes 25,000 rows that Excel can total, sort and filter', async () => {
    const progress: number[] = [];
    const { result, sheet } = await exportToFile('duties', duties(25_000), progress);

    expect(result.rows).toBe(25_000);
    expect(result.bytes).toBeGreaterThan(0);
    expect(sheet.actualRowCount).toBe(25_001);
    expect(progress).toEqual(Array.from({ length: 25 }, (_, i) => (i + 1) * 1000));

    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, ...columns.map((c) => c.header)]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:H25001');
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(7).width).toBe('Started at (garage out)'.length + 4);

    const row = sheet.getRow(1001); // duty 1000
    expect(row.getCell('A').value).toBe('DS-1000');
    expect(row.getCell('C').value).toBe(40 + (1000 % 300));
    expect(row.getCell('D').value).toBe(123450);
    expect(row.getCell('D').numFmt).toBe('#,##,##0.00');
    expect(row.getCell('E').value).toBe(7.25);
    expect(row.getCell('F').value).toEqual(new Date('2026-04-30T00:00:00Z'));
    expect(row.getCell('F').numFmt).toBe('dd/mm/yyyy');
    // 01:15 UTC is 06:45 in Kolkata: Excel shows the wall clock, which exceljs reads back as UTC.
    expect(row.getCell('G').value).toEqual(new Date('2026-04-30T06:45:00Z'));
    expect(row.getCell('G').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(row.getCell('H').value).toBe(true);

    const injected = sheet.getRow(8); // duty 7
    expect(injected.getCell('B').value).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(injected.getCell('B').formula).toBeUndefined();
    expect(sheet.getRow(25_001).getCell('A').value).toBe('DS-25000');
  });

  it('keeps paise exact up to ₹10 trillion, negative amounts numeric, and empty cells empty', async () => {
    const amounts = ['9999999999999.99', '12345678901.23', '-12.50', '0.10', '2.005'];
    const rows = amounts.map((amount, i) => duty(i, { amount: new Decimal(amount) }));
    rows.push(duty(99, { note: null, amount: null, hours: null, date: null, startedAt: null }));
    const { sheet } = await exportToFile('amounts', rows);
    const written = amounts.map((_, i) => sheet.getRow(i + 2).getCell('D').value);
    expect(written).toEqual([9999999999999.99, 12345678901.23, -12.5, 0.1, 2.01]);
    expect(written.map((n) => new Decimal(String(n)).toFixed(2))).toEqual([
      '9999999999999.99',
      '12345678901.23',
      '-12.50',
      '0.10',
      '2.01',
    ]);
    const empty = sheet.getRow(amounts.length + 2);
    expect(['B', 'D', 'E', 'F', 'G'].map((c) => empty.getCell(c).value)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it.each([
    [
      'an amount of ₹10 trillion',
      { amount: new Decimal('10000000000000') },
      'amount',
      'beyond what Excel holds',
    ],
    // Below 2^53 paise yet a JS number would write it as 80000000000000.02.
    [
      'an amount a JS number changes',
      { amount: new Decimal('80000000000000.01') },
      'amount',
      'beyond what Excel',
    ],
    [
      'a decimal of 16 digits',
      { hours: new Decimal('1.234567890123456') },
      'hours',
      'more digits than Excel',
    ],
    ['a text longer than a cell holds', { note: 'x'.repeat(32_768) }, 'note', "longer than Excel's 32767"],
  ])(
    'refuses %s, naming the row and column, and destroys the destination',
    async (_case, overrides, key, message) => {
      const out = new Writable({ write: (_chunk, _encoding, done) => done() });
      const rows = [duty(1), duty(2, overrides)];
      await expect(writeXlsxExport({ sheetName: 'Duties', columns, rows, out })).rejects.toThrow(
        new RegExp(`^Export row 2, column "${key}": .*${message}`),
      );
      expect(out.destroyed).toBe(true);
    },
  );

  it.each(['', 'Duties: April', 'a'.repeat(32), "'quoted'", 'A/B'])(
    'refuses the sheet name %j',
    async (sheetName) => {
      const out = new Writable({ write: (_chunk, _encoding, done) => done() });
      await expect(writeXlsxExport({ sheetName, columns, rows: [], out })).rejects.toThrow(RangeError);
    },
  );

  it('writes a header-only workbook for no rows, with progress 0', async () => {
    const progress: number[] = [];
    const { result, sheet } = await exportToFile('empty', [], progress);
    expect(result.rows).toBe(0);
    expect(sheet.actualRowCount).toBe(1);
    expect(progress).toEqual([0]);
  });

  it('stops reading rows while the destination is full, and finishes the workbook once it drains', async () => {
    const total = 30_000;
    let pulled = 0;
    async function* rows() {
      for (let i = 1; i <= total; i++) {
        pulled++;
        yield duty(i);
      }
    }
    const { out: slow, chunks, open } = valve();
    const exported = writeXlsxExport({ sheetName: 'Duties', columns, rows: rows(), out: slow });
    await settled(() => pulled);
    // A sheet's XML is about 250 bytes a row before deflate; without back-pressure all of it is read.
    expect(pulled).toBeLessThan(total / 2);

    open();
    const result = await exported;
    expect(result.rows).toBe(total);
    expect(result.bytes).toBe(Buffer.concat(chunks).length);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([Buffer.concat(chunks)]));
    expect(workbook.getWorksheet('Duties')!.actualRowCount).toBe(total + 1);
  });

  it('keeps deflate in step with rows that come faster than it, so memory stays flat', async () => {
    let delivered = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        delivered += chunk.length;
        done();
      },
    });
    const deliveredAt = new Map<number, number>();
    const result = await writeXlsxExport({
      sheetName: 'Duties',
      columns,
      rows: duties(25_000),
      out,
      onProgress: (rows) => deliveredAt.set(rows, delivered),
    });
    // Rows read from an array never give the event loop a turn: were the workbook not waiting for the
    // zip to take each sheet's XML, nothing would reach the destination before the last row.
    expect(deliveredAt.get(20_000)).toBeGreaterThan(result.bytes / 2);
  });

  it('destroys the destination when the rows fail', async () => {
    async function* rows() {
      yield duty(1);
      throw new Error('database went away');
    }
    const out = new Writable({ write: (_chunk, _encoding, done) => done() });
    await expect(writeXlsxExport({ sheetName: 'Duties', columns, rows: rows(), out })).rejects.toThrow(
      'database went away',
    );
    expect(out.destroyed).toBe(true);
  });
});

/** A destination that takes one chunk and then nothing more until opened. */
function valve() {
  const chunks: Buffer[] = [];
  let opened = false;
  let waiting: (() => void) | undefined;
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      if (opened) done();
      else waiting = done;
    },
  });
  const open = () => {
    opened = true;
    waiting?.();
  };
  return { out, chunks, open };
}

/** Waits until a count has stopped changing for a while (what is read before a full destination stops it). */
async function settled(count: () => number): Promise<void> {
  let last = -1;
  while (count() !== last) {
    last = count();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a workbook of several sheets', () => {
  interface Total {
    section: string;
    value: Decimal;
  }
  const totals: ExportColumn<Total>[] = [
    { key: 'section', header: 'Section', kind: 'text', value: (t) => t.section },
    { key: 'value', header: 'Taxable value', kind: 'money', value: (t) => t.value },
  ];

  it('writes each sheet, in order, with its own columns and rows, and counts all the rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xlsx-workbook-'));
    try {
      const path = join(dir, 'book.xlsx');
      const result = await writeXlsxWorkbook({
        sheets: [
          xlsxSheet({ sheetName: 'Duties', columns, rows: duties(3) }),
          xlsxSheet({
            sheetName: 'Totals',
            columns: totals,
            rows: [{ section: 'B2B', value: new Decimal('10000.50') }],
          }),
        ],
        out: createWriteStream(path),
      });
      expect(result.rows).toBe(4);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path);
      expect(workbook.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
        ['Duties', 4],
        ['Totals', 2],
      ]);
      const sheet = workbook.getWorksheet('Totals')!;
      expect([sheet.getCell('A1').value, sheet.getCell('A2').value, sheet.getCell('B2').value]).toEqual([
        'Section',
        'B2B',
        10000.5,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses two sheets of one name, and none', async () => {
    const sheet = () => xlsxSheet({ sheetName: 'Totals', columns: totals, rows: [] });
    await expect(writeXlsxWorkbook({ sheets: [sheet(), sheet()], out: new Writable() })).rejects.toThrow(
      /own name/,
    );
    await expect(writeXlsxWorkbook({ sheets: [], out: new Writable() })).rejects.toThrow(
      /at least one sheet/,
    );
  });
});
