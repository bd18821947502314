import { csvRowCounter, downloadExport, exportUrl, fileNameOf } from './export-download';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('exportUrl', () => {
  it('names the kind and format and carries the filters, lists joined and blanks left out', () => {
    expect(
      exportUrl({
        kind: 'INVOICE_DUTIES',
        format: 'xlsx',
        profileId: '0b1c1c1e-0000-4000-8000-000000000001',
        filters: {
          statuses: ['DRAFT', 'APPROVED'],
          search: '',
          dateFrom: '2026-04-01',
          customerIds: [],
          dispatched: false,
        },
      }),
    ).toBe(
      '/api/exports/invoice-duties.xlsx?profileId=0b1c1c1e-0000-4000-8000-000000000001&statuses=DRAFT%2CAPPROVED&dateFrom=2026-04-01&dispatched=false',
    );
    expect(exportUrl({ kind: 'DUTIES', format: 'csv' })).toBe('/api/exports/duties.csv');
  });
});

describe('csvRowCounter', () => {
  it('counts data rows by their line ends as chunks arrive, however the chunks split them', () => {
    const count = csvRowCounter(3);
    expect(count(bytes('\uFEFFInvoice no.,Total\r'))).toBe(0);
    expect(count(bytes('\nA/1,10.00\r\nA/2,'))).toBe(1);
    expect(count(bytes('20.00\r\nA/3,30.00\r\n'))).toBe(3);
  });

  it('never counts past the total when a quoted field holds a line break', () => {
    const count = csvRowCounter(1);
    expect(count(bytes('Notes\r\n"two\nlines"\r\n'))).toBe(1);
  });
});

describe('fileNameOf', () => {
  it('reads the encoded name, else falls back', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''invoices_2026-04-01_2026-04-30.csv", 'x.csv')).toBe(
      'invoices_2026-04-01_2026-04-30.csv',
    );
    expect(fileNameOf(null, 'duties.xlsx')).toBe('duties.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4", 'duties.xlsx')).toBe('duties.xlsx');
  });
});

describe('downloadExport', () => {
  const answer = (chunks: string[], headers: Record<string, string>, status = 200) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(bytes(chunk));
          controller.close();
        },
      }),
      { status, headers },
    );

  it('reports rows of a CSV as they arrive, then gives the whole file under its name', async () => {
    const seen: (number | undefined)[] = [];
    const fetchImpl = async () =>
      answer(['Invoice no.\r\nA/1\r\n', 'A/2\r\n'], {
        'x-export-rows': '2',
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': "attachment; filename*=UTF-8''invoices_2026-11-24_2026-11-24.csv",
      });
    const file = await downloadExport({ kind: 'INVOICES', format: 'csv' }, (p) => seen.push(p.rows), {
      fetchImpl,
    });
    expect(seen).toEqual([0, 1, 2]);
    expect(file.fileName).toBe('invoices_2026-11-24_2026-11-24.csv');
    expect(await file.blob.text()).toBe('Invoice no.\r\nA/1\r\nA/2\r\n');
  });

  it('reports bytes of an Excel file beside the row count', async () => {
    const seen: [number, number | undefined, number][] = [];
    const fetchImpl = async () => answer(['PK..', '....'], { 'x-export-rows': '120' });
    await downloadExport(
      { kind: 'DUTIES', format: 'xlsx' },
      (p) => seen.push([p.totalRows, p.rows, p.bytes]),
      {
        fetchImpl,
      },
    );
    expect(seen).toEqual([
      [120, undefined, 0],
      [120, undefined, 4],
      [120, undefined, 8],
    ]);
  });

  it('fails with the gateway’s message', async () => {
    const fetchImpl = async () =>
      new Response(JSON.stringify({ error: { message: 'You need the “Export Invoices” permission.' } }), {
        status: 403,
      });
    await expect(
      downloadExport({ kind: 'INVOICES', format: 'csv' }, () => undefined, { fetchImpl }),
    ).rejects.toThrow('You need the “Export Invoices” permission.');
  });
});
