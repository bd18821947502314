// Customers and suppliers: both are connections (spec §3 UserConnection), told apart by type, with
// their groups and the channel partners that book through the API.
import { BILL_TO_OPTIONS, FUEL_TYPES, SUPPLIER_TYPES, TAX_TYPES } from '../vocabulary';
import { type Fields, f } from './fields';
import { ALLOWANCE_FIELDS, FUEL_TYPE_LABELS } from './fleet-masters';
import { defineMaster } from './master';

const NAME = f.text('Name', { required: true, max: 160 });

const groupMaster = <K extends string>(
  kind: K,
  table: string,
  path: string,
  one: string,
  many: string,
  view: 'view_customer_group' | 'view_supplier_group',
  manage: 'manage_customer_group' | 'manage_supplier_group',
) =>
  defineMaster({
    kind,
    table,
    path,
    one,
    many,
    view,
    manage,
    display: 'name',
    fields: { name: f.text('Name', { required: true, max: 80 }), description: f.note('Description') },
    columns: ['name', 'description'],
    search: ['name'],
    sorts: ['name', 'created_at'],
    defaultSort: 'name',
    unique: [
      {
        name: 'name',
        fields: ['name'],
        field: 'name',
        message: `A ${one.toLowerCase()} with this name exists.`,
      },
    ],
  });

export const customerGroupMaster = groupMaster(
  'customer_group',
  'customer_groups',
  'customer-groups',
  'Customer group',
  'Customer groups',
  'view_customer_group',
  'manage_customer_group',
);
export const supplierGroupMaster = groupMaster(
  'supplier_group',
  'supplier_groups',
  'supplier-groups',
  'Supplier group',
  'Supplier groups',
  'view_supplier_group',
  'manage_supplier_group',
);

const BILLING = 'Billing details';
const TERMS = 'Terms';
const LIMITS = 'Limited to';
const PAY = 'Allowances';
const PASSENGER_PAGES = 'Passenger’s slip and feedback';

/** A name and address invoices are made out to; a connection may have several (one per GSTIN). */
const BILLING_DETAILS = {
  billing_name: f.text('Billing name', { required: true, max: 160 }),
  gst_no: f.gstin('GSTIN'),
  pan_no: f.pan('PAN'),
  address: f.text('Address', { required: true, max: 400 }),
  state_id: f.ref('State', 'state', { required: true }),
  city_id: f.ref('City', 'city'),
  pincode: f.text('PIN code', { max: 6, pattern: [/^[1-9]\d{5}$/, 'Enter the 6-digit PIN code.'] }),
  email: f.email('Invoice email'),
  is_default: f.flag('Default'),
} satisfies Fields;

/**
 * What customers and suppliers both carry (spec §3 UserConnection); `group` is the party's own group
 * field (customer_group_id or supplier_group_id), kept in its place after the contact person.
 */
const connectionFields = <const G extends Fields>(group: G) => ({
  name: NAME,
  phone: f.phone('Phone'),
  alternate_phone: f.phone('Alternate phone'),
  email: f.email('Email'),
  contact_person: f.text('Contact person', { max: 120 }),
  ...group,
  city_id: f.ref('City', 'city'),
  address: f.note('Address'),
  tax_type: f.choice('Tax registration', TAX_TYPES, {
    default: 'GSTIN',
    labels: {
      GSTIN: 'GST registered',
      LUT: 'Exports under LUT',
      VAT: 'VAT',
      SEZ: 'SEZ unit',
      UNREGISTRED: 'Unregistered',
    },
    section: BILLING,
  }),
  billing_details: f.rows('Billing details', 'billing detail', BILLING_DETAILS, {
    section: BILLING,
    max: 20,
  }),
  tds_percentage: f.percent('TDS %', { section: TERMS, help: 's.194C: 1% individuals/HUF, 2% others' }),
  invoice_due_in_days: f.integer('Invoice due in (days)', 0, 365, { section: TERMS }),
  surcharge_percentage: f.percent('Surcharge %', { section: TERMS }),
  default_discount_percentage: f.percent('Default discount %', { section: TERMS }),
  forced_fuel_type: f.choice('Always bill fuel as', FUEL_TYPES, { section: TERMS, labels: FUEL_TYPE_LABELS }),
  min_garage_start_minutes: f.integer('Minimum garage start (minutes)', 0, 600, { section: TERMS }),
  min_garage_end_minutes: f.integer('Minimum garage end (minutes)', 0, 600, { section: TERMS }),
  auto_invoice_on_duty_end: f.flag('Invoice each duty when it ends', { section: TERMS }),
  send_passenger_messages: f.flag('Message passengers', { section: TERMS, default: true }),
  send_booker_messages: f.flag('Message bookers', { section: TERMS, default: true }),
  limited_city_ids: f.refs('Cities', 'city', { section: LIMITS }),
  duty_type_ids: f.refs('Duty types', 'duty_type', { section: LIMITS }),
  vehicle_group_ids: f.refs('Vehicle groups', 'vehicle_group', { section: LIMITS }),
  label_ids: f.refs('Labels', 'label', { section: LIMITS }),
  tax_ids: f.refs('Taxes applied', 'tax', { section: BILLING }),
  ...ALLOWANCE_FIELDS(PAY),
  branches: f.rows('Branches', 'branch', {
    name: f.text('Branch', { required: true, max: 120 }),
    city_id: f.ref('City', 'city'),
    address: f.text('Address', { max: 400 }),
    phone: f.phone('Phone'),
  }),
  custom_fields: f.rows('Custom fields', 'value', {
    custom_field_id: f.ref('Field', 'custom_field', { required: true }),
    value: f.text('Value', { required: true, max: 200 }),
  }),
  file_ids: f.refs('Files', 'file', { help: 'Agreements, KYC' }),
  notes: f.note('Notes'),
});

const connectionFilters = <const P extends 'customer' | 'supplier'>(party: P, one: string, many: string) =>
  [
    { key: `${party}_groups`, field: `${party}_group_id`, one, many },
    { key: 'cities', field: 'city_id', one: 'From City', many: 'From Cities' },
    { key: 'labels', field: 'label_ids', one: 'Label', many: 'Labels' },
  ] as const;

export const customerMaster = defineMaster({
  kind: 'customer',
  table: 'connections',
  scope: { column: 'type', value: 'CUSTOMER' },
  path: 'customers',
  one: 'Customer',
  many: 'Customers',
  view: 'view_customer',
  manage: 'manage_customer',
  display: 'name',
  fields: {
    ...connectionFields({ customer_group_id: f.ref('Group', 'customer_group') }),
    bill_to: f.choice('Bill to', BILL_TO_OPTIONS, {
      default: 'COMPANY_OR_CUSTOMER',
      labels: {
        COMPANY_OR_CUSTOMER: 'Company or customer',
        COMPANY_CREDIT_CARD: 'Company credit card',
        COMPANY_DIRECT: 'Company direct',
        PERSONAL: 'Personal',
      },
      section: TERMS,
    }),
    billed_from_company_id: f.ref('Billed from', 'company', {
      section: BILLING,
      help: 'The company its invoices are issued from; the primary company when empty',
    }),
    city_timings: f.rows(
      'Working hours by city',
      'city',
      {
        city_id: f.ref('City', 'city', { required: true }),
        early_time: f.time('Early start before'),
        late_time: f.time('Night after'),
        overnight_time: f.time('Overnight after'),
      },
      { section: PAY, help: 'Early start, night and overnight allowances follow these' },
    ),
    costlier_of_km_or_hour_city_ids: f.refs('Only the costlier of extra km or hours in', 'city', {
      section: TERMS,
    }),
    // The passenger's digital duty slip and feedback link (the public pages).
    slip_auto_accept_hours: f.integer('Digital duty slips count as accepted after (hours)', 0, 720, {
      section: PASSENGER_PAGES,
      help: 'When the passenger does not answer; the business setting when empty',
    }),
    show_charges_on_digital_slip: f.flag('Show the charges on the passenger’s digital slip', {
      section: PASSENGER_PAGES,
    }),
    feedback_form_id: f.ref('Feedback form', 'feedback_form', {
      section: PASSENGER_PAGES,
      help: 'The first active feedback form when empty',
    }),
  },
  columns: ['name', 'phone', 'customer_group_id', 'city_id'],
  search: ['name', 'phone', 'email'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: connectionFilters('customer', 'Customer Group', 'Customer Groups'),
  unique: [{ name: 'name', fields: ['name'], field: 'name', message: 'A customer with this name exists.' }],
});

const DCO = 'Driver-cum-owner';

export const supplierMaster = defineMaster({
  kind: 'supplier',
  table: 'connections',
  scope: { column: 'type', value: 'SUPPLIER' },
  path: 'suppliers',
  one: 'Supplier',
  many: 'Suppliers',
  view: 'view_supplier',
  manage: 'manage_supplier',
  display: 'name',
  fields: {
    ...connectionFields({ supplier_group_id: f.ref('Group', 'supplier_group') }),
    supplier_type: f.choice('Supplier type', SUPPLIER_TYPES, {
      required: true,
      labels: { DCO: 'Driver-cum-owner (DCO)', COMPANY: 'Company with vehicles and drivers' },
    }),
    revenue_share_percentage: f.percent('Revenue share %', { section: TERMS }),
    tds_ledger_type: f.choice('TDS section', ['194C_INDIVIDUAL', '194C_OTHERS', 'NONE'], {
      labels: {
        '194C_INDIVIDUAL': '194C individual/HUF (1%)',
        '194C_OTHERS': '194C others (2%)',
        NONE: 'No TDS',
      },
      section: TERMS,
    }),
    invoice_unaccepted_network_duties: f.flag('May invoice network duties we have not accepted', {
      section: TERMS,
    }),
    dco_vehicle_no: f.text('Vehicle number', {
      max: 12,
      upper: true,
      compact: true,
      pattern: [/^[A-Z0-9]{6,12}$/, 'Enter the registration number without spaces, e.g. MH12AB1234'],
      section: DCO,
    }),
    dco_vehicle_model: f.text('Vehicle model', { max: 80, section: DCO }),
    dco_vehicle_group_id: f.ref('Vehicle group', 'vehicle_group', { section: DCO }),
    dco_fuel_type: f.choice('Fuel type', FUEL_TYPES, { section: DCO, labels: FUEL_TYPE_LABELS }),
    dco_permit_no: f.text('Permit number', { max: 60, section: DCO }),
    dco_permit_expiry: f.date('Permit valid until', { section: DCO }),
    dco_insurance_expiry: f.date('Insurance valid until', { section: DCO }),
    dco_licence_no: f.text('Driving licence number', { max: 30, upper: true, section: DCO }),
    dco_licence_expiry: f.date('Licence valid until', { section: DCO }),
    bank_accounts: f.rows('Bank accounts', 'bank account', {
      account_holder: f.text('Account holder', { required: true, max: 120 }),
      bank_name: f.text('Bank', { required: true, max: 80 }),
      account_no: f.text('Account number', {
        required: true,
        max: 20,
        pattern: [/^\d{6,20}$/, 'Enter 6 to 20 digits.'],
      }),
      ifsc: f.ifsc('IFSC', { required: true }),
    }),
  },
  columns: ['name', 'supplier_type', 'phone', 'supplier_group_id', 'city_id'],
  search: ['name', 'phone', 'email', 'dco_vehicle_no'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [
    ...connectionFilters('supplier', 'Supplier Group', 'Supplier Groups'),
    { key: 'supplier_types', field: 'supplier_type', one: 'Supplier Type', many: 'Supplier Types' },
  ],
  expiries: ['dco_permit_expiry', 'dco_insurance_expiry', 'dco_licence_expiry'],
  unique: [{ name: 'name', fields: ['name'], field: 'name', message: 'A supplier with this name exists.' }],
});

/** Partners who book through the channel API; the channels service keeps this list. */
export const channelPartnerMaster = defineMaster({
  kind: 'channel_partner',
  table: 'channel_partners',
  path: 'channels',
  one: 'Channel',
  many: 'Channels',
  view: 'view_duty_supporter',
  manage: 'manage_duty_supporter',
  display: 'name',
  readOnly: true,
  fields: {
    name: NAME,
    code: f.text('Code', { max: 20 }),
    customer_id: f.ref('Billed as customer', 'customer'),
    contact_phone: f.phone('Contact phone'),
    contact_email: f.email('Contact email'),
  },
  columns: ['name', 'code', 'customer_id', 'contact_phone'],
  search: ['name', 'code'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
});
