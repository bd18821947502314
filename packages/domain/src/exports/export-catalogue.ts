// What can be exported (spec §3, "Export profiles"): for each kind of record, the columns one may
// choose, the columns chosen when no profile is, and the permissions that guard its profiles and the
// export itself. Billing writes the files from this; the gateway and the web app show it.
import { PERMISSION, type PermissionId } from '../permissions/catalogue';

export const EXPORT_RECORD_KINDS = [
  'INVOICES',
  'INVOICE_DUTIES',
  'DUTIES',
  'PURCHASE_INVOICES',
  'CHANNEL_DUTIES',
  'RECEIPTS',
  'CREDIT_DEBIT_NOTES',
] as const;
export type ExportRecordKind = (typeof EXPORT_RECORD_KINDS)[number];

/** How a column's values are written (the platform's export writers take the same kinds). */
export type ExportColumnKind = 'text' | 'integer' | 'money' | 'decimal' | 'date' | 'datetime' | 'boolean';

export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ExportFileFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportColumnDefinition {
  readonly key: string;
  readonly header: string;
  readonly kind: ExportColumnKind;
}

export interface ExportCatalogue {
  readonly kind: ExportRecordKind;
  /** What people call it ("Invoice duties"); the file is named after it. */
  readonly label: string;
  readonly columns: readonly ExportColumnDefinition[];
  /** The columns written when neither a profile nor a choice of columns is given, in order. */
  readonly defaultColumns: readonly string[];
  readonly viewProfilePermission: PermissionId;
  readonly editProfilePermission: PermissionId;
  readonly exportPermission: PermissionId;
  /** Why nothing can be exported of this kind yet; absent when it can. */
  readonly unavailable?: string;
}

/** The most columns a profile or an export may name (every catalogue has fewer). */
export const MAX_EXPORT_COLUMNS = 60;

const INVOICE_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'invoice_no', header: 'Invoice no.', kind: 'text' },
  { key: 'invoice_date', header: 'Invoice date', kind: 'date' },
  { key: 'due_date', header: 'Due date', kind: 'date' },
  { key: 'financial_year', header: 'Financial year', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'invoice_kind', header: 'Invoice of', kind: 'text' },
  { key: 'buyer_name', header: 'Customer', kind: 'text' },
  { key: 'buyer_gst_no', header: 'Customer GSTIN', kind: 'text' },
  { key: 'start_date', header: 'Duties from', kind: 'date' },
  { key: 'end_date', header: 'Duties to', kind: 'date' },
  { key: 'duty_count', header: 'Duties', kind: 'integer' },
  { key: 'car_hire', header: 'Car hire (₹)', kind: 'money' },
  { key: 'taxable_rows', header: 'Taxable rows (₹)', kind: 'money' },
  { key: 'non_taxable_rows', header: 'Non-taxable rows (₹)', kind: 'money' },
  { key: 'discount', header: 'Discount (₹)', kind: 'money' },
  { key: 'surcharge', header: 'Surcharge (₹)', kind: 'money' },
  { key: 'taxable_value', header: 'Taxable value (₹)', kind: 'money' },
  { key: 'tax', header: 'Tax (₹)', kind: 'money' },
  { key: 'reverse_charge_tax', header: 'Reverse charge tax (₹)', kind: 'money' },
  { key: 'round_off', header: 'Round off (₹)', kind: 'money' },
  { key: 'total', header: 'Total (₹)', kind: 'money' },
  { key: 'is_dispatched', header: 'Dispatched', kind: 'boolean' },
  { key: 'is_downloaded', header: 'Downloaded', kind: 'boolean' },
  { key: 'created_at', header: 'Created at', kind: 'datetime' },
  { key: 'approved_at', header: 'Approved at', kind: 'datetime' },
  { key: 'dispatched_at', header: 'Dispatched at', kind: 'datetime' },
  { key: 'notes', header: 'Notes', kind: 'text' },
  { key: 'cancellation_reason', header: 'Cancellation reason', kind: 'text' },
];

const INVOICE_DUTY_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'invoice_no', header: 'Invoice no.', kind: 'text' },
  { key: 'invoice_date', header: 'Invoice date', kind: 'date' },
  { key: 'invoice_status', header: 'Invoice status', kind: 'text' },
  { key: 'buyer_name', header: 'Customer', kind: 'text' },
  { key: 'buyer_gst_no', header: 'Customer GSTIN', kind: 'text' },
  { key: 'booking_no', header: 'Duty no.', kind: 'integer' },
  { key: 'duty_date', header: 'Duty date', kind: 'date' },
  { key: 'vehicle_no', header: 'Vehicle', kind: 'text' },
  { key: 'driver_name', header: 'Driver', kind: 'text' },
  { key: 'passenger_names', header: 'Passengers', kind: 'text' },
  { key: 'rate_card', header: 'Rate card', kind: 'text' },
  { key: 'car_hire', header: 'Car hire (₹)', kind: 'money' },
  { key: 'billing_items', header: 'Billing items (₹)', kind: 'money' },
  { key: 'taxable', header: 'Taxable (₹)', kind: 'money' },
  { key: 'tax_rate', header: 'Tax rate (%)', kind: 'decimal' },
  { key: 'tax_share', header: 'Tax share (₹)', kind: 'money' },
];

const DUTY_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'booking_no', header: 'Duty no.', kind: 'integer' },
  { key: 'duty_date', header: 'Duty date', kind: 'date' },
  { key: 'customer_name', header: 'Customer', kind: 'text' },
  { key: 'vehicle_no', header: 'Vehicle', kind: 'text' },
  { key: 'driver_name', header: 'Driver', kind: 'text' },
  { key: 'passenger_names', header: 'Passengers', kind: 'text' },
  { key: 'rate_card', header: 'Rate card', kind: 'text' },
  { key: 'car_hire', header: 'Car hire (₹)', kind: 'money' },
  { key: 'billing_items', header: 'Billing items (₹)', kind: 'money' },
  { key: 'duty_total', header: 'Duty total (₹)', kind: 'money' },
  { key: 'slip_approved', header: 'Slip approved', kind: 'boolean' },
  { key: 'closed_at', header: 'Closed at', kind: 'datetime' },
  { key: 'is_billed', header: 'Billed', kind: 'boolean' },
  { key: 'invoice_no', header: 'Invoice no.', kind: 'text' },
];

const PURCHASE_INVOICE_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'invoice_no', header: 'Purchase invoice no.', kind: 'text' },
  { key: 'supplier_invoice_no', header: 'Supplier’s invoice no.', kind: 'text' },
  { key: 'invoice_date', header: 'Invoice date', kind: 'date' },
  { key: 'received_date', header: 'Received on', kind: 'date' },
  { key: 'due_date', header: 'Due date', kind: 'date' },
  { key: 'financial_year', header: 'Financial year', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'supplier_name', header: 'Supplier', kind: 'text' },
  { key: 'supplier_gst_no', header: 'Supplier GSTIN', kind: 'text' },
  { key: 'duty_count', header: 'Duties', kind: 'integer' },
  { key: 'sub_total', header: 'Sub-total (₹)', kind: 'money' },
  { key: 'discount', header: 'Discount (₹)', kind: 'money' },
  { key: 'taxable_value', header: 'Taxable value (₹)', kind: 'money' },
  { key: 'tax', header: 'Tax (₹)', kind: 'money' },
  { key: 'round_off', header: 'Round off (₹)', kind: 'money' },
  { key: 'total', header: 'Total (₹)', kind: 'money' },
  { key: 'tds_percentage', header: 'TDS %', kind: 'decimal' },
  { key: 'tds', header: 'TDS (₹)', kind: 'money' },
  { key: 'payable', header: 'Payable (₹)', kind: 'money' },
  { key: 'paid', header: 'Paid (₹)', kind: 'money' },
  { key: 'balance', header: 'Balance (₹)', kind: 'money' },
  { key: 'approved_at', header: 'Approved at', kind: 'datetime' },
  { key: 'created_at', header: 'Recorded at', kind: 'datetime' },
  { key: 'notes', header: 'Notes', kind: 'text' },
  { key: 'cancellation_reason', header: 'Cancellation reason', kind: 'text' },
];

const RECEIPT_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'receipt_no', header: 'Receipt no.', kind: 'text' },
  { key: 'receipt_date', header: 'Receipt date', kind: 'date' },
  { key: 'financial_year', header: 'Financial year', kind: 'text' },
  { key: 'receipt_type', header: 'Receipt type', kind: 'text' },
  { key: 'customer_name', header: 'Customer', kind: 'text' },
  { key: 'payment_mode', header: 'Payment mode', kind: 'text' },
  { key: 'cheque_no', header: 'Cheque no.', kind: 'text' },
  { key: 'cheque_date', header: 'Cheque date', kind: 'date' },
  { key: 'bank_name', header: 'Bank', kind: 'text' },
  { key: 'reference', header: 'Reference', kind: 'text' },
  { key: 'received_amount', header: 'Received (₹)', kind: 'money' },
  { key: 'adjusted_amount', header: 'Adjusted (₹)', kind: 'money' },
  { key: 'unapplied_amount', header: 'Unapplied (₹)', kind: 'money' },
  { key: 'tds_amount', header: 'TDS (₹)', kind: 'money' },
  { key: 'bank_charges', header: 'Bank charges (₹)', kind: 'money' },
  { key: 'is_cancelled', header: 'Cancelled', kind: 'boolean' },
  { key: 'cancellation_reason', header: 'Cancellation reason', kind: 'text' },
  { key: 'notes', header: 'Notes', kind: 'text' },
  { key: 'created_at', header: 'Recorded at', kind: 'datetime' },
];

const NOTE_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'note_no', header: 'Note no.', kind: 'text' },
  { key: 'note_type', header: 'Type', kind: 'text' },
  { key: 'note_date', header: 'Note date', kind: 'date' },
  { key: 'financial_year', header: 'Financial year', kind: 'text' },
  { key: 'invoice_no', header: 'Invoice no.', kind: 'text' },
  { key: 'customer_name', header: 'Customer', kind: 'text' },
  { key: 'reason', header: 'Reason', kind: 'text' },
  { key: 'taxable_value', header: 'Taxable value (₹)', kind: 'money' },
  { key: 'tax', header: 'Tax (₹)', kind: 'money' },
  { key: 'round_off', header: 'Round off (₹)', kind: 'money' },
  { key: 'total', header: 'Total (₹)', kind: 'money' },
  { key: 'is_cancelled', header: 'Cancelled', kind: 'boolean' },
  { key: 'cancellation_reason', header: 'Cancellation reason', kind: 'text' },
  { key: 'created_at', header: 'Recorded at', kind: 'datetime' },
];

const CHANNEL_DUTY_COLUMNS: readonly ExportColumnDefinition[] = [
  { key: 'booking_no', header: 'Duty no.', kind: 'integer' },
  { key: 'duty_date', header: 'Duty date', kind: 'date' },
  { key: 'channel_name', header: 'Channel', kind: 'text' },
  { key: 'channel_booking_id', header: 'Channel booking id', kind: 'text' },
  { key: 'vehicle_no', header: 'Vehicle', kind: 'text' },
  { key: 'fare', header: 'Fare (₹)', kind: 'money' },
  { key: 'commission', header: 'Commission (₹)', kind: 'money' },
];

export const EXPORT_CATALOGUES: Readonly<Record<ExportRecordKind, ExportCatalogue>> = {
  INVOICES: {
    kind: 'INVOICES',
    label: 'Invoices',
    columns: INVOICE_COLUMNS,
    defaultColumns: [
      'invoice_no',
      'invoice_date',
      'buyer_name',
      'buyer_gst_no',
      'status',
      'taxable_value',
      'tax',
      'total',
    ],
    viewProfilePermission: PERMISSION.view_invoice_export_profile,
    editProfilePermission: PERMISSION.edit_invoice_export_profile,
    exportPermission: PERMISSION.export_invoice,
  },
  INVOICE_DUTIES: {
    kind: 'INVOICE_DUTIES',
    label: 'Invoice duties',
    columns: INVOICE_DUTY_COLUMNS,
    defaultColumns: [
      'invoice_no',
      'invoice_date',
      'booking_no',
      'duty_date',
      'vehicle_no',
      'car_hire',
      'billing_items',
      'taxable',
      'tax_share',
    ],
    viewProfilePermission: PERMISSION.view_invoice_export_profile,
    editProfilePermission: PERMISSION.edit_invoice_export_profile,
    exportPermission: PERMISSION.export_invoice,
  },
  DUTIES: {
    kind: 'DUTIES',
    label: 'Duties',
    columns: DUTY_COLUMNS,
    defaultColumns: [
      'booking_no',
      'duty_date',
      'customer_name',
      'vehicle_no',
      'car_hire',
      'billing_items',
      'duty_total',
      'invoice_no',
    ],
    viewProfilePermission: PERMISSION.view_duty_export_profile,
    editProfilePermission: PERMISSION.edit_duty_export_profile,
    exportPermission: PERMISSION.export_booking,
  },
  PURCHASE_INVOICES: {
    kind: 'PURCHASE_INVOICES',
    label: 'Purchase invoices',
    columns: PURCHASE_INVOICE_COLUMNS,
    defaultColumns: [
      'invoice_no',
      'supplier_invoice_no',
      'invoice_date',
      'supplier_name',
      'supplier_gst_no',
      'status',
      'duty_count',
      'taxable_value',
      'tax',
      'total',
      'tds',
      'payable',
      'paid',
      'balance',
    ],
    viewProfilePermission: PERMISSION.view_purchase_export_profile,
    editProfilePermission: PERMISSION.edit_purchase_export_profile,
    exportPermission: PERMISSION.export_purchase,
  },
  CHANNEL_DUTIES: {
    kind: 'CHANNEL_DUTIES',
    label: 'Channel duties',
    columns: CHANNEL_DUTY_COLUMNS,
    defaultColumns: CHANNEL_DUTY_COLUMNS.map((c) => c.key),
    viewProfilePermission: PERMISSION.view_duty_export_profile,
    editProfilePermission: PERMISSION.edit_duty_export_profile,
    exportPermission: PERMISSION.export_booking,
    unavailable: 'Channel duties cannot be exported yet: channel integration is not built.',
  },
  // Receipts and notes are sales documents: their profiles are the invoice export profiles' to see and edit.
  RECEIPTS: {
    kind: 'RECEIPTS',
    label: 'Receipts',
    columns: RECEIPT_COLUMNS,
    defaultColumns: [
      'receipt_no',
      'receipt_date',
      'receipt_type',
      'customer_name',
      'payment_mode',
      'reference',
      'received_amount',
      'adjusted_amount',
      'tds_amount',
      'is_cancelled',
    ],
    viewProfilePermission: PERMISSION.view_invoice_export_profile,
    editProfilePermission: PERMISSION.edit_invoice_export_profile,
    exportPermission: PERMISSION.export_receipt,
  },
  CREDIT_DEBIT_NOTES: {
    kind: 'CREDIT_DEBIT_NOTES',
    label: 'Credit and debit notes',
    columns: NOTE_COLUMNS,
    defaultColumns: [
      'note_no',
      'note_type',
      'note_date',
      'invoice_no',
      'customer_name',
      'reason',
      'taxable_value',
      'tax',
      'total',
      'is_cancelled',
    ],
    viewProfilePermission: PERMISSION.view_invoice_export_profile,
    editProfilePermission: PERMISSION.edit_invoice_export_profile,
    exportPermission: PERMISSION.export_credit_debit_note,
  },
};

export function isExportRecordKind(value: string): value is ExportRecordKind {
  return (EXPORT_RECORD_KINDS as readonly string[]).includes(value);
}

export function exportCatalogue(kind: ExportRecordKind): ExportCatalogue {
  return EXPORT_CATALOGUES[kind];
}

/** Why a choice of columns cannot be exported: none, too many, one named twice or not of the kind. */
export function exportColumnsProblem(kind: ExportRecordKind, keys: readonly string[]): string | undefined {
  if (keys.length === 0) return 'Choose at least one column.';
  if (keys.length > MAX_EXPORT_COLUMNS) return `Choose at most ${MAX_EXPORT_COLUMNS} columns.`;
  const known = new Set(EXPORT_CATALOGUES[kind].columns.map((c) => c.key));
  const seen = new Set<string>();
  for (const key of keys) {
    if (!known.has(key))
      return `“${key.slice(0, 60)}” is not a column of ${EXPORT_CATALOGUES[kind].label.toLowerCase()}.`;
    if (seen.has(key)) return `The column “${key}” is chosen twice.`;
    seen.add(key);
  }
  return undefined;
}

/** The chosen columns' definitions, in the order chosen (the keys must have passed exportColumnsProblem). */
export function exportColumnsOf(kind: ExportRecordKind, keys: readonly string[]): ExportColumnDefinition[] {
  const byKey = new Map(EXPORT_CATALOGUES[kind].columns.map((c) => [c.key, c]));
  return keys.map((key) => {
    const column = byKey.get(key);
    if (!column) throw new RangeError(`Not a column of ${kind}: ${key}`);
    return column;
  });
}
