// Rate cards (spec §3 Pricing and CustomPricing): what a customer pays and a supplier is paid, per
// duty type × city (or every city) × vehicle group, for a contract's dates.
import { SWITCH_PATH_OPTIONS } from '../vocabulary';
import { EXTRA_HOUR_ROUNDING, EXTRA_HOUR_ROUNDING_LABELS } from './business-masters';
import { type Fields, f } from './fields';
import { defineMaster, type MasterProblem } from './master';
import type { ValuesOf } from './values';

export const RATE_CARD_PARTIES = ['CUSTOMER', 'SUPPLIER'] as const;
export type RateCardParty = (typeof RATE_CARD_PARTIES)[number];

const RATES = 'Rates';
const ALLOWANCES = 'Allowances';
const FUEL = 'Fuel';
const SLABS = 'Slab switching';

/** The rate keys of spec §3, in the order a rate card shows them. */
export const RATE_KEYS = [
  'normal_rate',
  'extra_km_rate',
  'extra_hour_rate',
  'over_time_per_hr',
  'no_show_rate',
  'outstation_allowance',
  'outstation_over_night_allowance',
  'sunday_allowance',
  'early_start_allowance',
  'night_allowance',
  'extra_duty_allowance',
  'driver_daily_allowance',
  'petrol_rate',
  'diesel_rate',
  'cng_rate',
  'electric_rate',
] as const;
export type RateKey = (typeof RATE_KEYS)[number];

const RATE_CARD_FIELDS = {
  name: f.text('Contract name', { required: true, max: 120, help: 'e.g. Infosys Pune 2026-27' }),
  party: f.choice('For', RATE_CARD_PARTIES, {
    required: true,
    labels: { CUSTOMER: 'A customer (sales)', SUPPLIER: 'A supplier (purchase)' },
  }),
  customer_id: f.ref('Customer', 'customer', {
    help: 'For a supplier: only on duties for this customer; empty for all',
  }),
  supplier_id: f.ref('Supplier', 'supplier'),
  duty_type_id: f.ref('Duty type', 'duty_type', { required: true }),
  city_id: f.ref('City', 'city', { help: 'Empty: every city' }),
  vehicle_group_id: f.ref('Vehicle group', 'vehicle_group', { required: true }),
  contract_start: f.date('Contract from', { required: true }),
  contract_end: f.date('Contract until', { required: true }),
  normal_rate: f.money('Base rate', {
    required: true,
    section: RATES,
    help: 'The package price, or per km for outstation',
  }),
  extra_km_rate: f.rate('Extra km rate', { section: RATES }),
  extra_hour_rate: f.rate('Extra hour rate', { section: RATES }),
  over_time_per_hr: f.money('Overtime per hour', { section: RATES }),
  no_show_rate: f.money('No-show charge', { section: RATES }),
  extra_hour_rounding: f.choice('Extra hours charged', EXTRA_HOUR_ROUNDING, {
    section: RATES,
    labels: EXTRA_HOUR_ROUNDING_LABELS,
    help: 'Empty: as in business settings',
  }),
  outstation_allowance: f.money('Outstation allowance per day', { section: ALLOWANCES }),
  outstation_over_night_allowance: f.money('Overnight allowance', { section: ALLOWANCES }),
  sunday_allowance: f.money('Sunday allowance', { section: ALLOWANCES }),
  early_start_allowance: f.money('Early start allowance', { section: ALLOWANCES }),
  night_allowance: f.money('Night allowance', { section: ALLOWANCES }),
  extra_duty_allowance: f.money('Extra duty allowance', { section: ALLOWANCES }),
  driver_daily_allowance: f.money('Driver daily allowance', { section: ALLOWANCES }),
  petrol_rate: f.rate('Petrol price at contract', {
    section: FUEL,
    help: 'Per litre; fuel surcharge starts from it',
  }),
  diesel_rate: f.rate('Diesel price at contract', { section: FUEL }),
  cng_rate: f.rate('CNG price at contract', { section: FUEL }),
  electric_rate: f.rate('Electricity price at contract', { section: FUEL }),
  switch_path_group: f.choice('Switch path', SWITCH_PATH_OPTIONS, { default: 'OFF', section: SLABS }),
  km_cross_slab: f.integer('Switch after total km', 0, 100_000, { section: SLABS }),
  hour_cross_slab: f.integer('Switch after total hours', 0, 744, { section: SLABS }),
} satisfies Fields;

type RateCardValues = ValuesOf<typeof RATE_CARD_FIELDS>;

/** A rate card's rules across fields: whose card it is, its dates, and what its slabs switch on. */
function rateCardProblems(v: RateCardValues): MasterProblem<keyof RateCardValues>[] {
  const problems: MasterProblem<keyof RateCardValues>[] = [];
  if (v.party === 'CUSTOMER' && !v.customer_id) {
    problems.push({ field: 'customer_id', message: 'Choose the customer this rate card is for.' });
  }
  if (v.party === 'CUSTOMER' && v.supplier_id) {
    problems.push({ field: 'supplier_id', message: 'A customer rate card has no supplier.' });
  }
  if (v.party === 'SUPPLIER' && !v.supplier_id) {
    problems.push({ field: 'supplier_id', message: 'Choose the supplier this rate card is for.' });
  }
  if (v.contract_end < v.contract_start) {
    problems.push({ field: 'contract_end', message: 'The contract must end on or after its start.' });
  }
  if (v.switch_path_group !== 'OFF') {
    const byKm = v.switch_path_group.includes('KM');
    const byTime = v.switch_path_group.startsWith('TIME');
    if (byKm && v.km_cross_slab === null) {
      problems.push({ field: 'km_cross_slab', message: 'Say after how many km the duty switches.' });
    }
    if (byTime && v.hour_cross_slab === null) {
      problems.push({ field: 'hour_cross_slab', message: 'Say after how many hours the duty switches.' });
    }
  }
  return problems;
}

export const rateCardMaster = defineMaster({
  kind: 'rate_card',
  table: 'rate_cards',
  path: 'pricing',
  one: 'Rate card',
  many: 'Pricing',
  view: 'view_pricing',
  manage: 'manage_pricing',
  display: 'name',
  fields: RATE_CARD_FIELDS,
  columns: ['name', 'party', 'duty_type_id', 'city_id', 'vehicle_group_id', 'normal_rate', 'contract_end'],
  search: ['name'],
  sorts: ['name', 'contract_start', 'created_at'],
  defaultSort: 'name',
  filters: [
    { key: 'customers', field: 'customer_id', one: 'Customer', many: 'Customers' },
    { key: 'suppliers', field: 'supplier_id', one: 'Supplier', many: 'Suppliers' },
    { key: 'duty_types', field: 'duty_type_id', one: 'Duty Type', many: 'Duty Types' },
    { key: 'cities', field: 'city_id', one: 'From City', many: 'From Cities' },
    { key: 'vehicle_groups', field: 'vehicle_group_id', one: 'Vehicle Group', many: 'Vehicle Groups' },
  ],
  checks: rateCardProblems,
  noOverlap: {
    key: ['party', 'customer_id', 'supplier_id', 'duty_type_id', 'city_id', 'vehicle_group_id'],
    from: 'contract_start',
    to: 'contract_end',
    message: 'Another contract for this duty type, city and vehicle group runs on some of these dates.',
  },
});

export const stateMaster = defineMaster({
  kind: 'state',
  table: 'states',
  one: 'State',
  many: 'States',
  view: 'signed-in',
  manage: 'manage_company_profile',
  display: 'name',
  system: true,
  readOnly: true,
  fields: {
    name: f.text('Name', { required: true }),
    gst_code: f.text('GST state code', { required: true, max: 2 }),
  },
  columns: ['name', 'gst_code'],
  search: ['name'],
  sorts: ['name'],
  defaultSort: 'name',
});

export const cityMaster = defineMaster({
  kind: 'city',
  table: 'cities',
  one: 'City',
  many: 'Cities',
  view: 'signed-in',
  manage: 'manage_company_profile',
  display: 'name',
  system: true,
  readOnly: true,
  fields: {
    name: f.text('Name', { required: true }),
    state_id: f.ref('State', 'state', { required: true }),
  },
  columns: ['name', 'state_id'],
  search: ['name'],
  sorts: ['name'],
  defaultSort: 'name',
  filters: [{ key: 'states', field: 'state_id', one: 'State', many: 'States' }],
});
