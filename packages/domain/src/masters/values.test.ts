// A master's types come from its declaration alone, and agree with what its schema does at run time.
// The `@ts-expect-error` lines are checked by the type-check step (`tsc` fails if one of them stops
// being an error); the `it`s check the same facts at run time, for every declared master.
import type { z } from 'zod';
import { f, type fieldSchema } from './fields';
import {
  type customerMaster,
  type driverMaster,
  type rateCardMaster,
  type supplierMaster,
  vehicleMaster,
} from './index';
import { defineMaster, type MasterDefinition, masterSchema } from './master';
import { MASTERS } from './registry';
import type { FieldValue, MasterFormValues, MasterInput, MasterValues } from './values';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

type Vehicle = MasterValues<typeof vehicleMaster>;
type Customer = MasterValues<typeof customerMaster>;

// Each field's value type follows from its declaration.
holds<Equal<Vehicle['vehicle_no'], string>>(); // required text
holds<Equal<Vehicle['colour'], string | null>>(); // optional text
holds<Equal<Vehicle['loan_emi'], string | null>>(); // money: decimal text, never a number
holds<Equal<Vehicle['vehicle_seating_capacity'], number | null>>();
holds<Equal<Vehicle['is_available_for_booking'], boolean>>();
holds<Equal<Vehicle['vehicle_fuel_type'], 'PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC'>>(); // required choice
holds<Equal<Customer['tax_type'], 'GSTIN' | 'LUT' | 'VAT' | 'SEZ' | 'UNREGISTRED'>>(); // a default: never null
holds<Equal<Customer['forced_fuel_type'], 'PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC' | null>>();
holds<Equal<Customer['label_ids'], string[]>>();
holds<Equal<Customer['billing_details'][number]['state_id'], string>>(); // rows: their own fields' types
holds<Equal<Customer['billing_details'][number]['is_default'], boolean>>();
holds<Equal<MasterValues<typeof driverMaster>['user_record_id'], number | null>>();
holds<Equal<MasterValues<typeof rateCardMaster>['party'], 'CUSTOMER' | 'SUPPLIER'>>();
// Customers and suppliers share their fields but each has its own group.
holds<Equal<Customer['customer_group_id'], string | null>>();
holds<Equal<MasterValues<typeof supplierMaster>['supplier_group_id'], string | null>>();
// @ts-expect-error a customer has no supplier group
holds<Equal<Customer['supplier_group_id'], string | null>>();

// The schema takes a master's input and gives its values: the zod types are the declaration's.
holds<Equal<z.output<ReturnType<typeof masterSchema<typeof vehicleMaster>>>, Vehicle>>();
holds<
  Equal<z.input<ReturnType<typeof masterSchema<typeof vehicleMaster>>>, MasterInput<typeof vehicleMaster>>
>();
holds<Equal<z.output<ReturnType<typeof fieldSchema<typeof vehicleMaster.fields.loan_emi>>>, string | null>>();

// What may be sent: any subset of the fields, each as its own kind of input.
const sent: MasterInput<typeof vehicleMaster> = {
  vehicle_no: 'MH 12 AB 1234',
  vehicle_fuel_type: 'CNG',
  vehicle_seating_capacity: '7', // a form's text for a whole number
  loan_emi: '18,250.50',
  colour: null,
};
const wrong: MasterInput<typeof vehicleMaster>[] = [
  // @ts-expect-error a name that is no field of vehicles
  { vehicle_number: 'MH12AB1234' },
  // @ts-expect-error an option the fuel type does not have
  { vehicle_fuel_type: 'STEAM' },
  // @ts-expect-error money is never a JavaScript number
  { loan_emi: 18250.5 },
  // @ts-expect-error a flag is a flag
  { is_available_for_booking: 'yes' },
];
// Stored values can always be sent back as they are, for any master (generic code relies on it).
const resend = <D extends MasterDefinition>(values: MasterValues<D>): MasterInput<D> => values;
// A form holds text for numbers and '' for an empty choice.
holds<Equal<MasterFormValues<typeof vehicleMaster>['vehicle_seating_capacity'], string>>();
holds<
  Equal<
    MasterFormValues<typeof vehicleMaster>['vehicle_fuel_type'],
    'PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC' | ''
  >
>();

// A declaration naming no field of its own does not compile.
const declared = () =>
  defineMaster({
    kind: 'probe',
    table: 'probes',
    one: 'Probe',
    many: 'Probes',
    view: 'view_vehicle',
    manage: 'manage_vehicle',
    display: 'name',
    fields: { name: f.text('Name', { required: true }) },
    // @ts-expect-error `title` is not one of its fields
    columns: ['name', 'title'],
    search: ['name'],
    sorts: ['name'],
    defaultSort: 'name',
  });

/** The runtime side of FieldValue: whether a stored value has the type the field's declaration gives. */
function hasDeclaredType(
  field: MasterDefinition['fields'][string],
  value: FieldValue<typeof field>,
): boolean {
  const nullable = !field.required;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'refs':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'rows':
      return Array.isArray(value);
    case 'choice':
      return (
        (typeof value === 'string' && field.options.includes(value)) ||
        (value === null && nullable && field.default === undefined)
      );
    case 'integer':
      return typeof value === 'number' || (value === null && nullable);
    default:
      return typeof value === 'string' || (value === null && nullable);
  }
}

describe('the types a declaration gives', () => {
  it('are what each master’s schema stores for a record left empty but for its required fields', () => {
    const masters: readonly MasterDefinition[] = MASTERS;
    for (const master of masters) {
      const result = masterSchema(master).safeParse({});
      // Required fields are refused by name; every other field is stored with its declared type.
      const required = Object.entries<MasterDefinition['fields'][string]>(master.fields)
        .filter(([, field]) => field.required && field.type !== 'rows' && field.type !== 'refs')
        .map(([name]) => name);
      if (result.success) {
        expect(required).toEqual([]);
        for (const [name, field] of Object.entries<MasterDefinition['fields'][string]>(master.fields)) {
          expect([master.kind, name, hasDeclaredType(field, result.data[name] ?? null)]).toEqual([
            master.kind,
            name,
            true,
          ]);
        }
      } else {
        const refused = new Set(result.error.issues.map((i) => String(i.path[0])));
        for (const name of required) expect(refused).toContain(name);
      }
    }
  });

  it('are what a vehicle’s schema stores for a full record', () => {
    const values = masterSchema(vehicleMaster).parse({
      ...sent,
      vehicle_model: 'Innova',
      vehicle_group_id: '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e',
      manufacturing_year: 2021,
      insurance_expiry: '2030-01-31',
    });
    const stored: MasterValues<MasterDefinition> = values;
    for (const [name, field] of Object.entries<MasterDefinition['fields'][string]>(vehicleMaster.fields)) {
      expect([name, hasDeclaredType(field, stored[name] ?? null)]).toEqual([name, true]);
    }
    expect(values).toMatchObject({
      vehicle_no: 'MH12AB1234',
      vehicle_seating_capacity: 7,
      loan_emi: '18250.50',
      is_available_for_booking: true,
    });
    expect(resend<typeof vehicleMaster>(values)).toBe(values);
    expect(wrong).toHaveLength(4);
    expect(typeof declared).toBe('function');
  });
});
