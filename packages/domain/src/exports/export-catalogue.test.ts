import { getPermission } from '../permissions/closure';
import {
  EXPORT_CATALOGUES,
  EXPORT_RECORD_KINDS,
  exportColumnsOf,
  exportColumnsProblem,
  isExportRecordKind,
} from './export-catalogue';

describe('the export catalogues', () => {
  it.each(EXPORT_RECORD_KINDS)(
    '%s: unique keys, headers, and a default selection of its own columns',
    (kind) => {
      const catalogue = EXPORT_CATALOGUES[kind];
      const keys = catalogue.columns.map((c) => c.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(catalogue.columns.map((c) => c.header)).size).toBe(keys.length);
      expect(catalogue.defaultColumns.length).toBeGreaterThan(0);
      expect(exportColumnsProblem(kind, catalogue.defaultColumns)).toBeUndefined();
    },
  );

  it('guards profiles and exports with the permissions of the catalogue of permissions', () => {
    const guards = Object.fromEntries(
      EXPORT_RECORD_KINDS.map((kind) => {
        const c = EXPORT_CATALOGUES[kind];
        return [kind, [c.viewProfilePermission, c.editProfilePermission, c.exportPermission]];
      }),
    );
    expect(guards).toEqual({
      INVOICES: ['view_invoice_export_profile', 'edit_invoice_export_profile', 'export_invoice'],
      INVOICE_DUTIES: ['view_invoice_export_profile', 'edit_invoice_export_profile', 'export_invoice'],
      DUTIES: ['view_duty_export_profile', 'edit_duty_export_profile', 'export_booking'],
      PURCHASE_INVOICES: ['view_purchase_export_profile', 'edit_purchase_export_profile', 'export_purchase'],
      CHANNEL_DUTIES: ['view_duty_export_profile', 'edit_duty_export_profile', 'export_booking'],
      RECEIPTS: ['view_invoice_export_profile', 'edit_invoice_export_profile', 'export_receipt'],
      CREDIT_DEBIT_NOTES: [
        'view_invoice_export_profile',
        'edit_invoice_export_profile',
        'export_credit_debit_note',
      ],
    });
    for (const id of Object.values(guards).flat()) expect(getPermission(id)).toBeDefined();
  });

  it('exports invoices, invoice duties, duties and purchase invoices now, and says why not channel duties', () => {
    const unavailable = EXPORT_RECORD_KINDS.filter((kind) => EXPORT_CATALOGUES[kind].unavailable);
    expect(unavailable).toEqual(['CHANNEL_DUTIES']);
    expect(EXPORT_CATALOGUES.CHANNEL_DUTIES.unavailable).toMatch(/channel integration/);
  });

  it('lists an invoice duty with the invoice, the duty, the vehicle, the amounts and the tax share', () => {
    expect(EXPORT_CATALOGUES.INVOICE_DUTIES.defaultColumns).toEqual([
      'invoice_no',
      'invoice_date',
      'booking_no',
      'duty_date',
      'vehicle_no',
      'car_hire',
      'billing_items',
      'taxable',
      'tax_share',
    ]);
  });

  it.each([
    [[], 'Choose at least one column.'],
    [['invoice_no', 'vehicle_no'], '“vehicle_no” is not a column of invoices.'],
    [['total', 'total'], 'The column “total” is chosen twice.'],
    [Array.from({ length: 61 }, () => 'total'), 'Choose at most 60 columns.'],
  ])('refuses the invoice columns %j', (keys, problem) => {
    expect(exportColumnsProblem('INVOICES', keys)).toBe(problem);
  });

  it('gives the chosen columns in the order chosen', () => {
    expect(exportColumnsOf('INVOICES', ['total', 'invoice_no']).map((c) => c.header)).toEqual([
      'Total (₹)',
      'Invoice no.',
    ]);
    expect(() => exportColumnsOf('DUTIES', ['total'])).toThrow('Not a column of DUTIES: total');
  });

  it('knows its kinds and nothing else', () => {
    expect(isExportRecordKind('INVOICES')).toBe(true);
    expect(isExportRecordKind('invoices')).toBe(false);
    expect(isExportRecordKind('BOOKINGS')).toBe(false);
  });
});
