// The one codec a master's values cross boundaries with: JSON on the wire and in the tables, typed
// values on either side, text in the forms. What goes out comes back the same; what does not fit the
// declaration is refused by name; a form of a stored record submits that record unchanged.
import {
  decodeMasterValues,
  encodeMasterValues,
  isFieldOf,
  MasterValueError,
  masterFormSchema,
  masterFormValues,
  recordOf,
  refNamesOf,
} from './codec';
import { customerMaster, driverMaster, vehicleMaster } from './index';
import { masterSchema } from './master';
import type { MasterValues } from './values';

const GROUP = '0b7f8a52-51a4-4c6c-9d0e-1f2a3b4c5d6e';

const vehicle: MasterValues<typeof vehicleMaster> = masterSchema(vehicleMaster).parse({
  vehicle_no: 'MH12AB1234',
  vehicle_model: 'Innova Crysta',
  vehicle_group_id: GROUP,
  vehicle_fuel_type: 'DIESEL',
  vehicle_seating_capacity: 7,
  loan_emi: '18250.50',
  insurance_expiry: '2030-01-31',
});

const customer: MasterValues<typeof customerMaster> = masterSchema(customerMaster).parse({
  name: 'Acme',
  label_ids: [GROUP],
  tds_percentage: '2',
  billing_details: [{ billing_name: 'Acme Pvt Ltd', address: 'Baner, Pune', state_id: 'MH' }],
});

describe('the wire', () => {
  it('brings back what it sends, rows and lists included', () => {
    expect(decodeMasterValues(vehicleMaster, encodeMasterValues(vehicleMaster, vehicle))).toEqual(vehicle);
    expect(decodeMasterValues(customerMaster, encodeMasterValues(customerMaster, customer))).toEqual(
      customer,
    );
  });

  it('sends only the declared fields, and reads only them', () => {
    const json = { ...encodeMasterValues(vehicleMaster, vehicle), tenant_id: 'someone else' };
    expect(Object.keys(encodeMasterValues(vehicleMaster, vehicle)).sort()).toEqual(
      Object.keys(vehicleMaster.fields).sort(),
    );
    expect(decodeMasterValues(vehicleMaster, json)).not.toHaveProperty('tenant_id');
  });

  it('reads a field left out as empty: null, its default, or an empty list', () => {
    const { vehicle_no, vehicle_model, vehicle_group_id, vehicle_fuel_type } = vehicle;
    const read = decodeMasterValues(vehicleMaster, {
      vehicle_no,
      vehicle_model,
      vehicle_group_id,
      vehicle_fuel_type,
    });
    expect(read).toMatchObject({ colour: null, loan_emi: null, is_available_for_booking: true });
    expect(decodeMasterValues(customerMaster, { name: 'Acme' })).toMatchObject({
      tax_type: 'GSTIN',
      label_ids: [],
      billing_details: [],
    });
  });

  it('refuses a value that does not fit its declaration, naming the master and the field', () => {
    const json = encodeMasterValues(vehicleMaster, vehicle);
    const refused = (patch: object) => () => decodeMasterValues(vehicleMaster, { ...json, ...patch });
    expect(refused({ loan_emi: 18250.5 })).toThrow(new MasterValueError('vehicle.loan_emi', 'text', 1));
    expect(refused({ vehicle_fuel_type: 'STEAM' })).toThrow(
      'vehicle.vehicle_fuel_type should be one of its options',
    );
    expect(refused({ vehicle_seating_capacity: '7' })).toThrow(
      'vehicle.vehicle_seating_capacity should be a whole number',
    );
    expect(refused({ vehicle_no: null })).toThrow('vehicle.vehicle_no should be text, but arrived as null.');
    expect(() =>
      decodeMasterValues(customerMaster, { name: 'Acme', billing_details: [{ billing_name: 1 }] }),
    ).toThrow('customer.billing_details.0.billing_name should be text');
  });

  it('keeps the names refs point at for ref fields only, each as a list', () => {
    expect(
      refNamesOf(vehicleMaster, {
        vehicle_group_id: 'Sedan',
        driver_id: null,
        vehicle_no: ['x'],
        other: ['y'],
      }),
    ).toEqual({ vehicle_group_id: ['Sedan'] });
    expect(refNamesOf(customerMaster, { label_ids: ['VIP', 'Late payer'] })).toEqual({
      label_ids: ['VIP', 'Late payer'],
    });
  });

  it('reads any master’s record as one master’s, checking it again', () => {
    const record = {
      id: '1',
      isActive: true,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      values: vehicle,
      refNames: { vehicle_group_id: ['Sedan'] },
      lapsed: ['insurance_expiry', 'no_such_field'],
    };
    expect(recordOf(vehicleMaster, record)).toEqual({ ...record, lapsed: ['insurance_expiry'] });
    expect(() => recordOf(driverMaster, record)).toThrow('driver.name should be text, but is missing.');
  });
});

describe('the form', () => {
  it('holds a stored record as its inputs show it, and submits it unchanged', () => {
    const form = masterFormValues(vehicleMaster, vehicle);
    expect(form).toMatchObject({
      vehicle_seating_capacity: '7',
      loan_emi: '18250.50',
      colour: '',
      vehicle_fuel_type: 'DIESEL',
      is_available_for_booking: true,
    });
    expect(masterFormSchema(vehicleMaster).parse(form)).toEqual(vehicle);
    expect(masterFormSchema(customerMaster).parse(masterFormValues(customerMaster, customer))).toEqual(
      customer,
    );
  });

  it('starts a new record empty, at the declaration’s defaults', () => {
    expect(masterFormValues(customerMaster)).toMatchObject({
      name: '',
      tax_type: 'GSTIN',
      forced_fuel_type: '',
      send_passenger_messages: true,
      label_ids: [],
      billing_details: [],
    });
  });

  it('knows its own fields from any other name', () => {
    expect(isFieldOf(vehicleMaster, 'vehicle_no')).toBe(true);
    expect(isFieldOf(vehicleMaster, 'toString')).toBe(false);
    expect(isFieldOf(vehicleMaster, 'name')).toBe(false);
  });
});
