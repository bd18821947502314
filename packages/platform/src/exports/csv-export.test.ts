import { PassThrough, Writable } from 'node:stream';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { writeCsvExport } from './csv-export';
import type { ExportColumn } from './export-columns';

interface Invoice {
  number: string;
  customer: string | null;
  duties: number;
  amount: Decimal | null;
  rate: Decimal | null;
  date: string | null;
  sentAt: Date | null;
  paid: boolean;
}

const columns: ExportColumn<Invoice>[] = [
  { key: 'number', header: 'Invoice no.', kind: 'text', value: (r) => r.number },
  { key: 'customer', header: 'Customer', kind: 'text', value: (r) => r.customer },
  { key: 'duties', header: 'Duties', kind: 'integer', value: (r) => r.duties },
  { key: 'amount', header: 'Amount (₹)', kind: 'money', value: (r) => r.amount },
  { key: 'rate', header: 'Rate', kind: 'decimal', value: (r) => r.rate },
  { key: 'date', header: 'Invoice date', kind: 'date', value: (r) => r.date },
  { key: 'sentAt', header: 'Sent at', kind: 'datetime', value: (r) => r.sentAt },
  { key: 'paid', header: 'Paid', kind: 'boolean', value: (r) => r.paid },
];

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    number: 'INV/2026/0001',
    customer: 'Shree Travels',
    duties: 3,
    amount: new Decimal('2579.50'),
    rate: new Decimal('12.5'),
    date: '2026-04-01',
    sentAt: new Date('2026-04-01T04:00:00Z'),
    paid: false,
    ...overrides,
  };
}

/** A destination that keeps what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks), text: () => Buffer.concat(chunks).toString('utf8') };
}

async function csvOf<Row>(cols: ExportColumn<Row>[], rows: Row[], timeZone?: string): Promise<string> {
  const { out, text } = collector();
  await writeCsvExport({ columns: cols, rows, out, ...(timeZone ? { timeZone } : {}) });
  return text();
}

/** The records after the header, without the byte-order mark. */
function bodyOf(csv: string): string[] {
  return csv.slice(1).split('\r\n').slice(1, -1);
}

describe('writeCsvExport', () => {
  it('starts with a byte-order mark and a header row, ends every record with CRLF, and writes each kind as programs read it', async () => {
    const { out, bytes } = collector();
    const result = await writeCsvExport({
      columns,
      rows: [invoice(), invoice({ number: 'INV/2026/0002', paid: true, duties: 0 })],
      out,
    });
    const written = bytes();
    expect([...written.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(written.toString('utf8')).toBe(
      '\uFEFFInvoice no.,Customer,Duties,Amount (₹),Rate,Invoice date,Sent at,Paid\r\n' +
        'INV/2026/0001,Shree Travels,3,2579.50,12.5,2026-04-01,2026-04-01T09:30:00+05:30,false\r\n' +
        'INV/2026/0002,Shree Travels,0,2579.50,12.5,2026-04-01,2026-04-01T09:30:00+05:30,true\r\n',
    );
    expect(result).toEqual({ rows: 2, bytes: written.length });
  });

  it('quotes commas, quotes and line breaks of any kind', async () => {
    const csv = await csvOf(columns.slice(0, 2), [
      invoice({ number: 'A, B', customer: 'Say "hello"' }),
      invoice({ number: 'line\nbreak', customer: 'carriage\rreturn' }),
      invoice({ number: 'both\r\nends', customer: 'plain' }),
    ]);
    expect(bodyOf(csv.replace('both\r\nends', 'both<CRLF>ends'))).toEqual([
      '"A, B","Say ""hello"""',
      '"line\nbreak","carriage\rreturn"',
      '"both<CRLF>ends",plain',
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+91 98450 12345', "'+91 98450 12345"],
    ['-12.50', "'-12.50"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['a=b', 'a=b'],
    ['', ''],
  ])('keeps the text %j from being read as a formula', async (text, field) => {
    const csv = await csvOf([columns[0]!], [invoice({ number: text })]);
    expect(bodyOf(csv)).toEqual([field]);
  });

  it('leaves negative numbers in number columns as numbers', async () => {
    const csv = await csvOf(columns.slice(2, 5), [
      invoice({ duties: -2, amount: new Decimal('-12.5'), rate: new Decimal('-0.75') }),
    ]);
    expect(bodyOf(csv)).toEqual(['-2,-12.50,-0.75']);
  });

  it('writes amounts exactly, beyond what a JS number holds, rounded to the paisa half away from zero', async () => {
    const amounts = [
      '12345678901234.56',
      '90071992547409.93',
      '123456789012345678.91',
      '2.005',
      '-2.005',
      '-0.004',
    ];
    const csv = await csvOf(
      [columns[3]!],
      amounts.map((amount) => invoice({ amount: new Decimal(amount) })),
    );
    expect(bodyOf(csv)).toEqual([
      '12345678901234.56',
      '90071992547409.93',
      '123456789012345678.91',
      '2.01',
      '-2.01',
      '0.00',
    ]);
  });

  it('writes any amount in paise as its exact decimal text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), async (paise) => {
        const amount = new Decimal(`${paise}e-2`);
        const csv = await csvOf([columns[3]!], [invoice({ amount })]);
        const sign = paise < 0n ? '-' : '';
        const digits = (paise < 0n ? -paise : paise).toString().padStart(3, '0');
        expect(bodyOf(csv)).toEqual([`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`]);
      }),
      { numRuns: 200 },
    );
  });

  it('writes decimals with every digit and never an exponent', async () => {
    const csv = await csvOf(
      [columns[4]!],
      ['0.0000001', '123456789012345678901234.5', '3'].map((rate) => invoice({ rate: new Decimal(rate) })),
    );
    expect(bodyOf(csv)).toEqual(['0.0000001', '123456789012345678901234.5', '3']);
  });

  it('writes instants on the wall clock of the time zone asked for, with its offset', async () => {
    const at = new Date('2026-07-01T04:00:00Z');
    const kolkata = await csvOf([columns[6]!], [invoice({ sentAt: at })]);
    const newYork = await csvOf([columns[6]!], [invoice({ sentAt: at })], 'America/New_York');
    expect(bodyOf(kolkata)).toEqual(['2026-07-01T09:30:00+05:30']);
    expect(bodyOf(newYork)).toEqual(['2026-07-01T00:00:00-04:00']);
  });

  it('leaves empty cells for nulls', async () => {
    const csv = await csvOf(columns, [
      invoice({ customer: null, amount: null, rate: null, date: null, sentAt: null }),
    ]);
    expect(bodyOf(csv)).toEqual(['INV/2026/0001,,3,,,,,false']);
  });

  it('reports progress every 1,000 rows and once at the end', async () => {
    const seen: number[][] = [];
    for (const count of [2500, 2000, 0]) {
      const progress: number[] = [];
      await writeCsvExport({
        columns,
        rows: Array.from({ length: count }, () => invoice()),
        out: collector().out,
        onProgress: (rows) => progress.push(rows),
      });
      seen.push(progress);
    }
    expect(seen).toEqual([[1000, 2000, 2500], [1000, 2000], [0]]);
  });

  it('stops reading rows while the destination is full, and writes every byte once it drains', async () => {
    const total = 5_000;
    let pulled = 0;
    async function* rows() {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield invoice({ number: `INV/${i}` });
      }
    }
    const { out: slow, chunks, open } = valve();
    const exported = writeCsvExport({ columns, rows: rows(), out: slow });
    await settled(() => pulled);
    expect(pulled).toBeLessThan(100);

    open();
    const result = await exported;

    const expected = await csvOf(
      columns,
      Array.from({ length: total }, (_, i) => invoice({ number: `INV/${i}` })),
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
    expect(result).toEqual({ rows: total, bytes: Buffer.byteLength(expected) });
  });

  it('stops reading rows and fails when the destination goes away mid-export', async () => {
    let closedSource = false;
    async function* rows() {
      try {
        for (let i = 0; ; i++) yield invoice({ number: `INV/${i}` });
      } finally {
        closedSource = true;
      }
    }
    const out = new PassThrough({ highWaterMark: 1024 });
    const exported = writeCsvExport({ columns, rows: rows(), out });
    setImmediate(() => out.destroy());
    await expect(exported).rejects.toThrow('closed before the export finished');
    expect(closedSource).toBe(true);
  });

  it('destroys the destination when a row cannot be written, so a half file is never taken for a whole one', async () => {
    const { out } = collector();
    const rows = [invoice(), invoice({ date: '2026-02-30' })];
    await expect(writeCsvExport({ columns, rows, out })).rejects.toThrow(
      'Export row 2, column "date": not a YYYY-MM-DD date: "2026-02-30"',
    );
    expect(out.destroyed).toBe(true);
    expect(out.writableFinished).toBe(false);
  });

  it('destroys the destination when the rows fail', async () => {
    async function* rows() {
      yield invoice();
      throw new Error('database went away');
    }
    const { out } = collector();
    await expect(writeCsvExport({ columns, rows: rows(), out })).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });

  it.each([
    ['no columns', [], 'Asia/Kolkata', 'at least one column'],
    ['a key used twice', [columns[0]!, { ...columns[1]!, key: 'number' }], 'Asia/Kolkata', 'appears twice'],
    ['a blank header', [{ ...columns[0]!, header: ' ' }], 'Asia/Kolkata', 'has no header'],
    ['an unknown time zone', columns, 'Asia/Bangalore', 'Not an IANA time zone'],
  ])('refuses %s before writing anything', async (_case, cols, timeZone, message) => {
    const { out, bytes } = collector();
    await expect(writeCsvExport({ columns: cols, rows: [invoice()], out, timeZone })).rejects.toThrow(
      message,
    );
    expect(bytes().length).toBe(0);
  });

  it.each([
    ['an integer that is not whole', { duties: 1.5 }, 'not a safe integer'],
    ['an amount that is not finite', { amount: new Decimal(Number.NaN) }, 'not a finite amount'],
    ['an invalid instant', { sentAt: new Date('nope') }, 'not a valid instant'],
  ])('refuses %s, naming the row and column', async (_case, overrides, message) => {
    const { out } = collector();
    await expect(writeCsvExport({ columns, rows: [invoice(overrides)], out })).rejects.toThrow(
      new RegExp(`^Export row 1, column "\\w+": ${message}`),
    );
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
