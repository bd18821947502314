// Vehicles, the people who drive and support duties, and the duty types they work to.
import {
  DUTY_SUPPORTER_TYPES,
  DUTY_TYPE_KIND_LABELS,
  DUTY_TYPE_KINDS,
  FUEL_TYPES,
  GENDERS,
} from '../vocabulary';
import { f } from './fields';
import { defineMaster } from './master';

const NAME = f.text('Name', { required: true, max: 120 });

export const FUEL_TYPE_LABELS = {
  PETROL: 'Petrol',
  DIESEL: 'Diesel',
  CNG: 'CNG',
  ELECTRIC: 'Electric',
} as const;

export const vehicleGroupMaster = defineMaster({
  kind: 'vehicle_group',
  table: 'vehicle_groups',
  path: 'vehicle-groups',
  one: 'Vehicle group',
  many: 'Vehicle groups',
  view: 'view_vehicle_group',
  manage: 'manage_vehicle_group',
  display: 'name',
  fields: {
    name: NAME,
    seating_capacity: f.integer('Seating capacity', 1, 80, { help: 'Passengers, not counting the driver' }),
    luggage_capacity: f.integer('Luggage capacity', 0, 50, { help: 'Bags' }),
    description: f.note('Description', { help: 'The models in this group, e.g. Dzire, Etios or similar' }),
  },
  columns: ['name', 'seating_capacity', 'luggage_capacity'],
  search: ['name', 'description'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  unique: [
    { name: 'name', fields: ['name'], field: 'name', message: 'A vehicle group with this name exists.' },
  ],
});

// Indian registration numbers: state, district, series, number (MH12AB1234, DL1CAB1234, 22BH1234AA).
const VEHICLE_NO: [RegExp, string] = [
  /^[A-Z0-9]{6,12}$/,
  'Enter the registration number without spaces or dashes, e.g. MH12AB1234',
];

const DOCUMENTS = 'Documents';
const LOAN = 'Loan';

export const vehicleMaster = defineMaster({
  kind: 'vehicle',
  table: 'vehicles',
  path: 'vehicles',
  one: 'Vehicle',
  many: 'Vehicles',
  view: 'view_vehicle',
  manage: 'manage_vehicle',
  display: 'vehicle_no',
  fields: {
    vehicle_no: f.text('Vehicle number', {
      required: true,
      max: 12,
      upper: true,
      compact: true,
      pattern: VEHICLE_NO,
    }),
    vehicle_model: f.text('Model', { required: true, max: 80, help: 'e.g. Toyota Innova Crysta' }),
    vehicle_group_id: f.ref('Vehicle group', 'vehicle_group', { required: true }),
    vehicle_fuel_type: f.choice('Fuel type', FUEL_TYPES, { required: true, labels: FUEL_TYPE_LABELS }),
    vehicle_seating_capacity: f.integer('Seats', 1, 80),
    colour: f.text('Colour', { max: 40 }),
    manufacturing_year: f.integer('Year of manufacture', 1980, 2100),
    branch_id: f.ref('Branch', 'branch'),
    driver_id: f.ref('Assigned driver', 'driver', { help: 'Comes along when the vehicle is allotted' }),
    supplier_id: f.ref('Owned by supplier', 'supplier', { help: 'Leave empty for your own vehicles' }),
    is_available_for_booking: f.flag('Available for booking', { default: true }),
    rto_registration_date: f.date('Registration date', { section: DOCUMENTS }),
    rto_tax_expiry: f.date('Road tax valid until', { section: DOCUMENTS }),
    insurance_company: f.text('Insurer', { max: 80, section: DOCUMENTS }),
    insurance_policy_no: f.text('Insurance policy number', { max: 60, section: DOCUMENTS }),
    insurance_expiry: f.date('Insurance valid until', { section: DOCUMENTS }),
    insurance_file_id: f.file('Insurance copy', { section: DOCUMENTS }),
    fitness_certificate_no: f.text('Fitness certificate number', { max: 60, section: DOCUMENTS }),
    fitness_expiry: f.date('Fitness valid until', { section: DOCUMENTS }),
    fitness_file_id: f.file('Fitness certificate', { section: DOCUMENTS }),
    permit_no: f.text('Permit / authorisation number', { max: 60, section: DOCUMENTS }),
    permit_expiry: f.date('Permit valid until', { section: DOCUMENTS }),
    permit_file_id: f.file('Permit copy', { section: DOCUMENTS }),
    puc_no: f.text('PUC number', { max: 60, section: DOCUMENTS }),
    puc_expiry: f.date('PUC valid until', { section: DOCUMENTS }),
    puc_file_id: f.file('PUC certificate', { section: DOCUMENTS }),
    loan_bank: f.text('Financed by', { max: 80, section: LOAN }),
    loan_account_no: f.text('Loan account number', { max: 40, section: LOAN }),
    loan_emi: f.money('EMI', { section: LOAN }),
    loan_emi_day: f.integer('EMI day of month', 1, 31, { section: LOAN }),
    loan_end_date: f.date('Loan ends on', { section: LOAN }),
  },
  columns: ['vehicle_no', 'vehicle_model', 'vehicle_group_id', 'vehicle_fuel_type', 'driver_id'],
  search: ['vehicle_no', 'vehicle_model'],
  sorts: ['vehicle_model', 'vehicle_no', 'created_at'],
  defaultSort: 'vehicle_model',
  filters: [
    { key: 'vehicle_groups', field: 'vehicle_group_id', one: 'Vehicle Group', many: 'Vehicle Groups' },
    { key: 'fuel_types', field: 'vehicle_fuel_type', one: 'Fuel Type', many: 'Fuel Types' },
    { key: 'suppliers', field: 'supplier_id', one: 'Supplier', many: 'Suppliers' },
  ],
  expiries: ['insurance_expiry', 'fitness_expiry', 'permit_expiry', 'puc_expiry', 'rto_tax_expiry'],
  unique: [
    {
      name: 'vehicle_no',
      fields: ['vehicle_no'],
      field: 'vehicle_no',
      message: 'A vehicle with this number exists.',
    },
  ],
});

/** What a driver is paid on top of salary or wage (spec §3 Driver); customers and suppliers mirror it. */
export const ALLOWANCE_FIELDS = (section: string) => ({
  daily_allowance: f.money('Daily allowance', { section }),
  ot_per_hour: f.money('Overtime per hour', { section }),
  outstation_day_allowance: f.money('Outstation allowance per day', { section }),
  outstation_night_allowance: f.money('Outstation overnight allowance', { section }),
  sunday_allowance: f.money('Sunday allowance', { section }),
  early_start_allowance: f.money('Early start allowance', { section }),
  night_allowance: f.money('Night allowance', { section }),
  extra_duty_allowance: f.money('Extra duty allowance', { section, help: '2nd, 3rd duty of a day' }),
});

const PAY = 'Pay and allowances';
const LICENCE = 'Licence, badge and police verification';
const BANK = 'Bank';

export const driverMaster = defineMaster({
  kind: 'driver',
  table: 'drivers',
  path: 'drivers',
  one: 'Driver',
  many: 'Drivers',
  view: 'view_driver',
  manage: 'manage_driver',
  display: 'name',
  autoNumber: 'user_record_id',
  fields: {
    user_record_id: f.integer('Driver no.', 1, 2_000_000_000, { help: 'Given when the driver is added' }),
    name: NAME,
    phone: f.phone('Mobile number', {
      required: true,
      help: 'With country code; the driver app signs in with it',
    }),
    alternate_phone: f.phone('Alternate number'),
    email: f.email('Email'),
    address: f.note('Address'),
    branch_id: f.ref('Branch', 'branch'),
    gender: f.choice('Gender', GENDERS, { labels: { MALE: 'Male', FEAMLE: 'Female', OTHER: 'Other' } }),
    dob: f.date('Date of birth'),
    date_of_joining: f.date('Date of joining'),
    is_contractor: f.flag('Contractor', { help: 'Paid per duty, not on the payroll' }),
    monthly_salary: f.money('Monthly salary', { section: PAY }),
    daily_wage: f.money('Daily wage', { section: PAY }),
    ...ALLOWANCE_FIELDS(PAY),
    licence_no: f.text('Driving licence number', { max: 30, upper: true, section: LICENCE }),
    licence_expiry: f.date('Licence valid until', { section: LICENCE }),
    licence_file_id: f.file('Licence copy', { section: LICENCE }),
    badge_no: f.text('Badge number', { max: 30, section: LICENCE }),
    badge_expiry: f.date('Badge valid until', { section: LICENCE }),
    police_verification_no: f.text('Police verification number', { max: 40, section: LICENCE }),
    police_station: f.text('Police station', { max: 80, section: LICENCE }),
    police_verification_expiry: f.date('Police verification valid until', { section: LICENCE }),
    police_verification_file_id: f.file('Police verification copy', { section: LICENCE }),
    bank_name: f.text('Bank', { max: 80, section: BANK }),
    bank_account_no: f.text('Account number', {
      max: 30,
      pattern: [/^\d{6,20}$/, 'Enter 6 to 20 digits.'],
      section: BANK,
    }),
    bank_ifsc: f.ifsc('IFSC', { section: BANK }),
  },
  columns: ['user_record_id', 'name', 'phone', 'branch_id', 'licence_no'],
  search: ['name', 'phone', 'licence_no'],
  sorts: ['user_record_id', 'name', 'created_at'],
  defaultSort: 'user_record_id',
  filters: [{ key: 'branches', field: 'branch_id', one: 'Branch', many: 'Branches' }],
  expiries: ['licence_expiry', 'badge_expiry', 'police_verification_expiry'],
  unique: [
    { name: 'phone', fields: ['phone'], field: 'phone', message: 'A driver with this mobile number exists.' },
  ],
});

export const dutySupporterMaster = defineMaster({
  kind: 'duty_supporter',
  table: 'duty_supporters',
  path: 'duty-supporters',
  one: 'Duty supporter',
  many: 'Duty supporters',
  view: 'view_duty_supporter',
  manage: 'manage_duty_supporter',
  display: 'name',
  fields: {
    name: NAME,
    type: f.choice('Type', DUTY_SUPPORTER_TYPES, {
      required: true,
      labels: { CLEANER: 'Cleaner', GUIDE: 'Guide', REPRESENTATIVE: 'Representative' },
    }),
    phone: f.phone('Mobile number'),
    pan: f.pan('PAN'),
    aadhar: f.text('Aadhaar number', {
      max: 12,
      pattern: [/^[2-9]\d{11}$/, 'Enter the 12-digit Aadhaar number.'],
    }),
  },
  columns: ['name', 'type', 'phone'],
  search: ['name', 'phone'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'types', field: 'type', one: 'Type', many: 'Types' }],
});

export const dutyTypeMaster = defineMaster({
  kind: 'duty_type',
  table: 'duty_types',
  path: 'duty-types',
  one: 'Duty type',
  many: 'Duty types',
  view: 'view_duty_type',
  manage: 'manage_duty_type',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 80, help: 'e.g. 8 Hrs 80 Kms' }),
    type: f.choice('Kind', DUTY_TYPE_KINDS, { required: true, labels: DUTY_TYPE_KIND_LABELS }),
    max_km: f.integer('Km included', 0, 100_000),
    max_hr: f.integer('Hours included', 0, 744),
    max_days: f.integer('Days included', 0, 31),
    is_p2p: f.flag('Point to point', { help: 'Billed from pickup to drop, not garage to garage' }),
    is_g2g: f.flag('Garage to garage'),
    is_garage_start_calculated: f.flag('Count from garage start'),
    is_garage_end_calculated: f.flag('Count until garage end'),
    has_outstation_allowance: f.flag('Outstation allowance applies'),
  },
  columns: ['name', 'type', 'max_km', 'max_hr', 'max_days'],
  search: ['name'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'kinds', field: 'type', one: 'Kind', many: 'Kinds' }],
  unique: [{ name: 'name', fields: ['name'], field: 'name', message: 'A duty type with this name exists.' }],
});
