// People (spec §6 "people", view_people and manage_people): the people of the operator's customers who
// book or travel, kept once by customer so their phone and email are not typed again on every duty —
// the roles spec §3 gives a booking's contacts (booked by, passenger, additional contact). Staff,
// drivers and duty supporters are kept elsewhere (employees, the driver and duty supporter masters).
import { f } from './fields';
import { defineMaster } from './master';

export const PERSON_ROLES = ['BOOKER', 'PASSENGER', 'BOOKER_AND_PASSENGER', 'ADDITIONAL_CONTACT'] as const;

export const personMaster = defineMaster({
  kind: 'person',
  table: 'people',
  path: 'people',
  one: 'Person',
  many: 'People',
  view: 'view_people',
  manage: 'manage_people',
  display: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    customer_id: f.ref('Customer', 'customer', { required: true }),
    role: f.choice('Books or travels', PERSON_ROLES, {
      required: true,
      default: 'PASSENGER',
      labels: {
        BOOKER: 'Books duties',
        PASSENGER: 'Travels',
        BOOKER_AND_PASSENGER: 'Books and travels',
        ADDITIONAL_CONTACT: 'Is kept informed',
      },
    }),
    phone: f.phone('Mobile number'),
    email: f.email('Email'),
    designation: f.text('Designation', { max: 80 }),
    employee_code: f.text('Employee code', { max: 40, help: 'The customer’s own number for them' }),
    notes: f.note('Notes'),
  },
  columns: ['name', 'customer_id', 'role', 'phone', 'email'],
  search: ['name', 'phone', 'email', 'employee_code'],
  sorts: ['name', 'created_at'],
  defaultSort: 'name',
  filters: [{ key: 'customers', field: 'customer_id', one: 'Customer', many: 'Customers' }],
});
