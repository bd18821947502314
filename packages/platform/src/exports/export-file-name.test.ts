import { exportFileName } from './export-file-name';

describe('exportFileName', () => {
  it('names the kind and the period', () => {
    expect(exportFileName('invoices', '2026-04-01', '2026-04-30', 'xlsx')).toBe(
      'invoices_2026-04-01_2026-04-30.xlsx',
    );
    expect(exportFileName('duties', '2026-04-01', '2026-04-01', 'csv')).toBe(
      'duties_2026-04-01_2026-04-01.csv',
    );
  });

  it('says so when the export was not filtered by date, or only on one side', () => {
    expect(exportFileName('invoices', undefined, undefined, 'xlsx')).toBe('invoices_all.xlsx');
    expect(exportFileName('invoices', '2026-04-01', undefined, 'csv')).toBe('invoices_from_2026-04-01.csv');
    expect(exportFileName('invoices', undefined, '2026-04-30', 'csv')).toBe('invoices_to_2026-04-30.csv');
  });

  it.each([
    ['Channel duties', 'channel-duties'],
    ['invoice_duties', 'invoice-duties'],
    ['../../etc/passwd', 'etc-passwd'],
    ['Purchase invoices (GST) ', 'purchase-invoices-gst'],
    ['बिल invoices', 'invoices'],
  ])('keeps only safe characters of the kind %j', (kind, safe) => {
    expect(exportFileName(kind, '2026-04-01', '2026-04-30', 'csv')).toBe(`${safe}_2026-04-01_2026-04-30.csv`);
  });

  it.each([
    ['a kind with no letter or digit', '—', '2026-04-01', '2026-04-30'],
    ['a date that is not YYYY-MM-DD', 'invoices', '01/04/2026', '2026-04-30'],
    ['a date not in the calendar', 'invoices', '2026-04-01', '2026-04-31'],
    ['a period ending before it starts', 'invoices', '2026-04-30', '2026-04-01'],
  ])('refuses %s', (_case, kind, from, to) => {
    expect(() => exportFileName(kind, from, to, 'csv')).toThrow(RangeError);
  });
});
