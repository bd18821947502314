// The operator's own business: its companies and their profiles, branches, bank accounts, taxes,
// labels, billing items, feedback forms, custom fields and settings.
import {
  MAX_PREFIX_TEMPLATE_LENGTH,
  PREFIX_TEMPLATE_MESSAGE,
  PREFIX_TEMPLATE_PATTERN,
} from '../invoicing/invoice-number';
import {
  BRANCH_TYPES,
  BUSINESS_TYPES,
  CUSTOM_FIELD_TYPES,
  FEEDBACK_FIELD_DISPLAYS,
  FEEDBACK_FIELD_TYPES,
  LABEL_COLOURS,
} from '../vocabulary';
import { f } from './fields';
import { defineMaster } from './master';

const NAME = f.text('Name', { required: true, max: 120 });
const uniqueName = (what: string) =>
  [{ name: 'name', fields: ['name'], field: 'name', message: `${what} with this name exists.` }] as const;

export const taxMaster = defineMaster({
  kind: 'tax',
  table: 'taxes',
  path: 'taxes',
  one: 'Tax',
  many: 'Taxes',
  view: 'view_tax',
  manage: 'manage_tax',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 60, help: 'As printed on invoices, e.g. IGST 5%' }),
    percentage: f.percent('Percentage', { required: true }),
    description: f.note('Description'),
  },
  columns: ['name', 'percentage'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A tax'),
});

export const labelMaster = defineMaster({
  kind: 'label',
  table: 'labels',
  path: 'labels',
  one: 'Label',
  many: 'Labels',
  view: 'view_label',
  manage: 'manage_label',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 40 }),
    colour: f.choice('Colour', LABEL_COLOURS, { required: true }),
  },
  columns: ['name', 'colour'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A label'),
});

export const branchMaster = defineMaster({
  kind: 'branch',
  table: 'branches',
  path: 'branches',
  one: 'Branch',
  many: 'Branches',
  view: 'view_branch',
  manage: 'manage_branch',
  display: 'name',
  fields: {
    name: NAME,
    type: f.choice('Type', BRANCH_TYPES, {
      required: true,
      labels: { OFFICE: 'Office', DISPATCH: 'Dispatch', OFFICE_DISPATCH: 'Office and dispatch' },
    }),
    city_id: f.ref('City', 'city', { required: true }),
    address: f.note('Address'),
    phone: f.phone('Phone'),
    email: f.email('Email'),
  },
  columns: ['name', 'type', 'city_id', 'phone'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'cities', field: 'city_id', one: 'City', many: 'Cities' }],
  unique: uniqueName('A branch'),
});

/** Where the fleet buys its fuel (the vehicle fuel log names one). manage_fuel_station adds, edits and deletes. */
export const fuelStationMaster = defineMaster({
  kind: 'fuel_station',
  table: 'fuel_stations',
  path: 'fuel-stations',
  one: 'Fuel station',
  many: 'Fuel stations',
  view: 'view_fuel_station',
  manage: 'manage_fuel_station',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120, help: 'As staff know it, e.g. HP Baner Road' }),
    brand: f.text('Brand', { max: 60, help: 'e.g. Indian Oil, HP, Bharat Petroleum, Shell' }),
    city_id: f.ref('City', 'city', { required: true }),
    address: f.note('Address'),
    phone: f.phone('Phone'),
    gst_no: f.gstin(),
    has_credit_account: f.flag('We fill on credit here', { help: 'Paid against its monthly bill' }),
  },
  columns: ['name', 'brand', 'city_id', 'phone', 'has_credit_account'],
  search: ['name', 'brand'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'cities', field: 'city_id', one: 'City', many: 'Cities' }],
  unique: uniqueName('A fuel station'),
});

export const bankAccountMaster = defineMaster({
  kind: 'bank_account',
  table: 'bank_accounts',
  path: 'bank-accounts',
  one: 'Bank account',
  many: 'Bank accounts',
  view: 'view_bank_account',
  manage: 'manage_bank_account',
  display: 'name',
  fields: {
    name: f.text('Account name', { required: true, max: 120, help: 'How staff pick it, e.g. HDFC current' }),
    account_holder: f.text('Account holder', { required: true, max: 120 }),
    bank_name: f.text('Bank', { required: true, max: 80 }),
    account_no: f.text('Account number', {
      required: true,
      max: 20,
      pattern: [/^\d{6,20}$/, 'Enter 6 to 20 digits.'],
    }),
    ifsc: f.ifsc('IFSC', { required: true }),
    branch_name: f.text('Bank branch', { max: 80 }),
    account_type: f.choice('Account type', ['CURRENT', 'SAVINGS', 'OVERDRAFT'], {
      labels: { CURRENT: 'Current', SAVINGS: 'Savings', OVERDRAFT: 'Overdraft / cash credit' },
    }),
    upi_id: f.text('UPI ID', {
      max: 80,
      pattern: [/^[\w.-]{2,}@[a-zA-Z]{2,}$/, 'Enter the UPI ID, e.g. name@okhdfc'],
    }),
  },
  columns: ['name', 'bank_name', 'account_no', 'ifsc'],
  search: ['name', 'bank_name', 'account_no'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A bank account'),
});

export const companyMaster = defineMaster({
  kind: 'company',
  table: 'companies',
  path: 'companies',
  one: 'Company',
  many: 'My companies',
  view: 'view_my_company',
  manage: 'manage_my_company',
  display: 'name',
  fields: {
    name: f.text('Legal name', { required: true, max: 160 }),
    business_type: f.choice('Business type', BUSINESS_TYPES, {
      labels: {
        PROPRIETORSHIP: 'Proprietorship',
        PARTNERSHIP: 'Partnership',
        LLP: 'LLP',
        PRIVATE_LIMITED: 'Private limited',
      },
    }),
    gst_no: f.gstin('GSTIN'),
    pan_no: f.pan('PAN'),
    lut_no: f.text('LUT number', { max: 40 }),
    state_id: f.ref('State', 'state', { required: true, help: 'Decides CGST + SGST or IGST on invoices' }),
    city_id: f.ref('City', 'city'),
    address: f.note('Address', { required: true }),
    pincode: f.text('PIN code', { max: 6, pattern: [/^[1-9]\d{5}$/, 'Enter the 6-digit PIN code.'] }),
    phone: f.phone('Phone'),
    email: f.email('Email'),
    bank_account_id: f.ref('Bank account on invoices', 'bank_account'),
    is_primary: f.flag('Primary company', { help: 'Invoices use it unless another is chosen' }),
  },
  columns: ['name', 'gst_no', 'state_id', 'is_primary'],
  search: ['name', 'gst_no'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A company'),
});

export const companyProfileMaster = defineMaster({
  kind: 'company_profile',
  table: 'company_profiles',
  path: 'company-profiles',
  one: 'Company profile',
  many: 'Company profiles',
  view: 'view_company_profile',
  manage: 'manage_company_profile',
  display: 'name',
  fields: {
    name: f.text('Profile name', { required: true, max: 80 }),
    company_id: f.ref('Company', 'company', { required: true }),
    invoice_title: f.text('Invoice title', { max: 60, help: 'e.g. Tax Invoice' }),
    invoice_prefix: f.text('Invoice number prefix', {
      max: MAX_PREFIX_TEMPLATE_LENGTH,
      pattern: [PREFIX_TEMPLATE_PATTERN, PREFIX_TEMPLATE_MESSAGE],
      help: 'Write {FY} where the invoice date’s financial year goes, e.g. DT/{FY}/',
      numberPrefix: { whenEmpty: 'INV/{FY}/' },
    }),
    receipt_prefix: f.text('Receipt number prefix', {
      max: MAX_PREFIX_TEMPLATE_LENGTH,
      pattern: [PREFIX_TEMPLATE_PATTERN, PREFIX_TEMPLATE_MESSAGE],
      help: 'Write {FY} where the receipt date’s financial year goes, e.g. RC/{FY}/',
      numberPrefix: { whenEmpty: 'RCT/{FY}/' },
    }),
    credit_note_prefix: f.text('Credit note prefix', {
      max: MAX_PREFIX_TEMPLATE_LENGTH,
      pattern: [PREFIX_TEMPLATE_PATTERN, PREFIX_TEMPLATE_MESSAGE],
      help: 'Write {FY} where the note date’s financial year goes, e.g. CN/{FY}/',
      numberPrefix: { whenEmpty: 'CN/{FY}/' },
    }),
    invoice_terms: f.note('Terms printed on invoices'),
    invoice_footer: f.note('Invoice footer'),
    logo_file_id: f.file('Logo'),
    signature_file_id: f.file('Authorised signature'),
    bank_account_id: f.ref('Bank account printed', 'bank_account'),
  },
  columns: ['name', 'company_id', 'invoice_prefix'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A company profile'),
});

/** GST on rent-a-cab (SAC 9966): 5% without input credit, or the higher rate with full credit. */
export const RENT_A_CAB_GST_OPTIONS = ['GST_5_NO_ITC', 'GST_18_WITH_ITC'] as const;
/** How extra time is charged (DOMAIN.md leaves it to a setting): by the minute, or up to a step. */
export const EXTRA_HOUR_ROUNDING = ['PRO_RATA', 'STEP_15', 'STEP_30', 'STEP_60'] as const;
export const EXTRA_HOUR_ROUNDING_LABELS = {
  PRO_RATA: 'By the minute',
  STEP_15: 'Up to the next 15 minutes',
  STEP_30: 'Up to the next 30 minutes',
  STEP_60: 'Up to the next hour',
} as const;

export const businessSettingsMaster = defineMaster({
  kind: 'business_settings',
  table: 'business_settings',
  one: 'Business settings',
  many: 'Business settings',
  view: 'view_company_profile',
  manage: 'manage_company_profile',
  display: 'business_name',
  singleton: true,
  fields: {
    business_name: f.text('Business name', {
      required: true,
      max: 160,
      help: 'Shown to drivers and passengers',
    }),
    time_zone: f.choice('Time zone', ['Asia/Kolkata', 'Asia/Dubai', 'Asia/Kathmandu', 'Asia/Dhaka'], {
      default: 'Asia/Kolkata',
    }),
    head_office_city_id: f.ref('Head office city', 'city'),
    support_phone: f.phone('Support phone'),
    support_email: f.email('Support email'),
    rent_a_cab_gst: f.choice('GST on car hire', RENT_A_CAB_GST_OPTIONS, {
      default: 'GST_5_NO_ITC',
      labels: { GST_5_NO_ITC: '5% without input credit', GST_18_WITH_ITC: '18% with full input credit' },
      section: 'Invoicing',
    }),
    invoice_due_in_days: f.integer('Invoices due in (days)', 0, 365, { section: 'Invoicing' }),
    extra_hour_rounding: f.choice('Extra hours charged', EXTRA_HOUR_ROUNDING, {
      default: 'PRO_RATA',
      labels: EXTRA_HOUR_ROUNDING_LABELS,
      section: 'Invoicing',
      help: 'Rate cards may choose otherwise',
    }),
    is_trip_start_otp_required: f.flag('Passenger OTP to start a trip', { section: 'Trips' }),
    is_trip_end_otp_required: f.flag('Passenger OTP to end a trip', { section: 'Trips' }),
    send_passenger_sms: f.flag('Text passengers the allotment', { section: 'Messages', default: true }),
    send_passenger_email: f.flag('Email passengers the allotment', { section: 'Messages' }),
    slip_auto_accept_hours: f.integer('Duty slips count as accepted after (hours)', 0, 720, {
      section: 'Trips',
      help: 'Passenger or customer confirmation; 48 when empty',
    }),
  },
  columns: ['business_name'],
  search: ['business_name'],
  sorts: ['created_at'],
  defaultSort: 'created_at',
});

export const billingItemMaster = defineMaster({
  kind: 'billing_item',
  table: 'billing_items',
  path: 'billing-items',
  one: 'Billing item',
  many: 'Billing items',
  view: 'view_billing_item',
  manage: 'manage_billing_item',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 60, help: 'e.g. Toll, Parking, State permit' }),
    sac_code: f.text('SAC / HSN code', { max: 8, pattern: [/^\d{4,8}$/, 'Enter 4 to 8 digits.'] }),
    is_taxable: f.flag('Taxable'),
    tax_id: f.ref('Tax', 'tax'),
    driver_can_add: f.flag('Driver may add it in the app'),
    required_before_start: f.flag('Driver must fill it before starting'),
  },
  columns: ['name', 'sac_code', 'is_taxable', 'tax_id', 'driver_can_add', 'required_before_start'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A billing item'),
});

export const feedbackFormMaster = defineMaster({
  kind: 'feedback_form',
  table: 'feedback_forms',
  path: 'feedback-forms',
  one: 'Feedback form',
  many: 'Feedback forms',
  view: 'view_feedback_form',
  manage: 'manage_feedback_form',
  display: 'name',
  fields: {
    name: NAME,
    description: f.note('Shown above the questions'),
    questions: f.rows(
      'Questions',
      'question',
      {
        label: f.text('Question', { required: true, max: 200 }),
        type: f.choice('Answer', FEEDBACK_FIELD_TYPES, {
          required: true,
          labels: {
            INPUT: 'Short text',
            TEXTAREA: 'Long text',
            SELECT: 'One choice',
            MULTI_SELECT: 'Several choices',
          },
        }),
        display: f.choice('Shown as', FEEDBACK_FIELD_DISPLAYS, {
          labels: { RADIO: 'Radio buttons', CHECKBOX: 'Checkboxes', DROPDOWN: 'Drop-down' },
          help: 'For choices',
        }),
        options: f.text('Choices', { max: 500, help: 'Separated by commas' }),
        is_required: f.flag('Must be answered'),
      },
      { required: true },
    ),
  },
  columns: ['name'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: uniqueName('A feedback form'),
});

export const CUSTOM_FIELD_ENTITIES = ['BOOKING', 'PASSENGER', 'BOOKED_BY', 'CUSTOMER', 'SUPPLIER'] as const;

export const customFieldMaster = defineMaster({
  kind: 'custom_field',
  table: 'custom_fields',
  path: 'custom-fields',
  one: 'Custom field',
  many: 'Custom fields',
  view: 'view_custom_fields',
  manage: 'manage_custom_fields',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 60, help: 'e.g. Cost centre, Employee code' }),
    entity: f.choice('Asked on', CUSTOM_FIELD_ENTITIES, {
      required: true,
      labels: {
        BOOKING: 'Bookings',
        PASSENGER: 'Passengers',
        BOOKED_BY: 'Bookers',
        CUSTOMER: 'Customers',
        SUPPLIER: 'Suppliers',
      },
    }),
    type: f.choice('Type', CUSTOM_FIELD_TYPES, {
      required: true,
      labels: { TEXT: 'Text', SELECT: 'Choice' },
    }),
    options: f.text('Choices', { max: 500, help: 'For a choice, separated by commas' }),
    is_required: f.flag('Must be filled'),
  },
  // The choices are listed too: the booking form offers them and bookings checks a value against them.
  columns: ['name', 'entity', 'type', 'options', 'is_required'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'entities', field: 'entity', one: 'Asked on', many: 'Asked on' }],
  unique: [
    {
      name: 'name',
      fields: ['entity', 'name'],
      field: 'name',
      message: 'This field is already asked there.',
    },
  ],
});
