import { readPdf, solidPng } from '@fleet/testing/pdf';
import { createPdfDocument, type PdfDocumentOptions } from './pdf-document';

const ISSUED = new Date('2026-04-01T04:30:00Z');
const OPTIONS: PdfDocumentOptions = {
  title: 'Statement 7',
  author: 'Acme Travels',
  createdAt: ISSUED,
  footerNote: 'Printed on 01/04/2026 10:00',
};

/** Enough two-line rows to fill about three pages. */
function manyRows(count: number): string[][] {
  return Array.from({ length: count }, (_, index) => [
    `Row ${index + 1} first line\nRow ${index + 1} second line`,
    '₹1,00,000.00',
  ]);
}

async function statement(rows: string[][]): Promise<Buffer> {
  const pdf = createPdfDocument(OPTIONS);
  pdf.letterhead({ name: 'Acme Travels', lines: ['12 MG Road, Pune', 'GSTIN 27AAAAA0000A1Z5'] });
  pdf.title({ title: 'Statement', subtitle: 'No. 7', tag: 'Original' });
  pdf.heading('Account');
  pdf.keyValues([
    { label: 'Customer', value: 'Infosys Ltd' },
    { label: 'Order reference', value: '' },
  ]);
  pdf.heading('Lines');
  pdf.table({
    columns: [
      { header: 'Description', share: 3 },
      { header: 'Amount', share: 1, align: 'right' },
    ],
    rows,
    totals: [['Total', '₹12,34,567.00']],
  });
  pdf.paragraph('Thank you.');
  return pdf.render();
}

describe('createPdfDocument', () => {
  it('sets out the letterhead, title, labelled values and a table as a reader sees them', async () => {
    const { pages, title, createdAt } = await readPdf(await statement(manyRows(2)));
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Acme Travels',
        '12 MG Road, Pune',
        'GSTIN 27AAAAA0000A1Z5',
        'Original',
        'Statement',
        'No. 7',
        'Customer Order reference',
        // An empty value is shown as a dash, not left blank.
        'Infosys Ltd —',
        'Description Amount',
        'Row 1 first line ₹1,00,000.00',
        'Row 1 second line',
        'Total ₹12,34,567.00',
        'Thank you.',
        'Printed on 01/04/2026 10:00 Page 1 of 1',
      ]),
    );
    expect(title).toBe('Statement 7');
    expect(createdAt).toEqual(ISSUED);
  });

  it('repeats the table header on every page, keeps each row whole on one page, and numbers the pages', async () => {
    const rowCount = 60;
    const { pages } = await readPdf(await statement(manyRows(rowCount)));
    expect(pages.length).toBeGreaterThanOrEqual(3);

    pages.forEach((page, index) => {
      const lines = page.text.split('\n');
      expect(lines).toContain('Description Amount');
      expect(lines.at(-1)).toBe(`Printed on 01/04/2026 10:00 Page ${index + 1} of ${pages.length}`);
    });
    for (let row = 1; row <= rowCount; row++) {
      const holding = pages.filter((page) => page.text.includes(`Row ${row} first line`));
      expect(holding).toHaveLength(1);
      expect(holding[0]!.text).toContain(`Row ${row} second line`);
    }
    const everyRowInOrder = pages
      .flatMap((page) => page.text.split('\n'))
      .filter((line) => / first line/.test(line))
      .map((line) => Number(/^Row (\d+)/.exec(line)?.[1]));
    expect(everyRowInOrder).toEqual(Array.from({ length: rowCount }, (_, index) => index + 1));
    expect(pages.at(-1)!.text).toContain('Total ₹12,34,567.00');
  });

  it('embeds its own font, so the rupee sign is real text', async () => {
    const bytes = await statement(manyRows(1));
    const raw = bytes.toString('latin1');
    expect(raw).toContain('+DejaVuSans');
    expect(raw).not.toContain('Helvetica');
    const { pages } = await readPdf(bytes);
    expect(pages[0]!.text).toContain('₹1,00,000.00');
  });

  it('renders the same bytes for the same input, and other bytes for another issue date', async () => {
    const first = await statement(manyRows(30));
    const second = await statement(manyRows(30));
    expect(first.equals(second)).toBe(true);

    const reissued = createPdfDocument({ ...OPTIONS, createdAt: new Date('2026-04-02T04:30:00Z') });
    reissued.paragraph('Thank you.');
    const plain = createPdfDocument(OPTIONS);
    plain.paragraph('Thank you.');
    expect((await reissued.render()).equals(await plain.render())).toBe(false);
  });

  it('paints a logo and other images where they are placed', async () => {
    const pdf = createPdfDocument(OPTIONS);
    pdf.letterhead({ name: 'Acme Travels', lines: [], logoPng: solidPng(30, 12, [200, 30, 30]) });
    pdf.image({ png: solidPng(60, 20, [0, 0, 0]), label: 'Signature' });
    const { pages } = await readPdf(await pdf.render());
    expect(pages[0]!.images).toBe(2);
    expect(pages[0]!.text).toContain('Signature');
  });

  it('starts the next block on a new page at a page break, and leaves no page blank', async () => {
    const pdf = createPdfDocument(OPTIONS);
    pdf.pageBreak();
    pdf.title({ title: 'First slip' });
    pdf.paragraph('Short.');
    pdf.pageBreak();
    pdf.pageBreak();
    pdf.title({ title: 'Second slip' });
    const { pages } = await readPdf(await pdf.render());
    expect(pages.map((page) => page.text.split('\n'))).toEqual([
      ['First slip', 'Short.', 'Printed on 01/04/2026 10:00 Page 1 of 2'],
      ['Second slip', 'Printed on 01/04/2026 10:00 Page 2 of 2'],
    ]);
  });

  it('refuses a table row that does not match its columns', () => {
    const pdf = createPdfDocument(OPTIONS);
    expect(() => pdf.table({ columns: [{ header: 'Only', share: 1 }], rows: [['one', 'two']] })).toThrow(
      RangeError,
    );
  });

  it('gives the same finished PDF however often it is asked for', async () => {
    const pdf = createPdfDocument(OPTIONS);
    pdf.paragraph('Once.');
    const first = await pdf.render();
    expect((await pdf.render()).equals(first)).toBe(true);
    expect((await readPdf(first)).pages).toHaveLength(1);
  });
});
