// The masters' procedures are typed by each master's declaration, end to end: what `masters.vehicle.*`
// take and give is the vehicle's, checked here by the compiler (the `@ts-expect-error` lines fail the
// type-check step if they stop being errors), and the gateway's end of the wire refuses a record that
// is not what was asked for.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { decodeListPage, type ListedFieldName, type MasterValues, vehicleMaster } from '@fleet/domain';
import { RecordSchema } from '@fleet/proto/fleet/masters/v1/record_pb';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../src';
import { recordFromProto } from '../src/routers/masters/records';

type In = inferRouterInputs<AppRouter>['masters'];
type Out = inferRouterOutputs<AppRouter>['masters'];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

const inputs = {
  create: { values: { vehicle_no: 'MH 12 AB 1234', vehicle_fuel_type: 'CNG', loan_emi: '18,250.50' } },
  list: { sortBy: 'vehicle_no', filters: { vehicle_groups: ['g1'], fuel_types: ['CNG'] } },
} satisfies { create: In['vehicle']['create']; list: In['vehicle']['list'] };

const refused: [In['vehicle']['create'], In['vehicle']['list'], In['driver']['list']][] = [
  [
    // @ts-expect-error no such field on vehicles
    { values: { vehicle_number: 'MH12AB1234' } },
    // @ts-expect-error vehicles do not sort by name
    { sortBy: 'name' },
    // @ts-expect-error drivers are not filtered by fuel type
    { filters: { fuel_types: ['CNG'] } },
  ],
];

// Records come back as the master's own, values typed field by field.
holds<Equal<Out['vehicle']['get']['values'], MasterValues<typeof vehicleMaster>>>();
holds<Equal<Out['vehicle']['get']['values']['loan_emi'], string | null>>();
// A list's records carry the listed fields only: the display field and the columns.
holds<
  Equal<keyof Out['vehicle']['list']['records'][number]['values'], ListedFieldName<typeof vehicleMaster>>
>();
holds<Equal<Out['vehicle']['list']['records'][number]['values']['vehicle_group_id'], string>>();
holds<
  Equal<Out['customer']['create']['values']['tax_type'], 'GSTIN' | 'LUT' | 'VAT' | 'SEZ' | 'UNREGISTRED'>
>();
holds<
  Equal<
    NonNullable<Out['business_settings']['get']>['values']['time_zone'],
    'Asia/Kolkata' | 'Asia/Dubai' | 'Asia/Kathmandu' | 'Asia/Dhaka'
  >
>();
// Each master offers the procedures its declaration allows.
const missing: unknown[] = [
  // @ts-expect-error cities are reference data: listed, never created here
  undefined satisfies In['city']['create'],
  // @ts-expect-error settings are saved whole, not listed
  undefined satisfies In['business_settings']['list'],
];

const record = (kind: string, values: object) =>
  create(RecordSchema, {
    id: 'r1',
    kind,
    isActive: true,
    createdAt: timestampFromDate(new Date('2030-01-01T00:00:00Z')),
    updatedAt: timestampFromDate(new Date('2030-01-02T00:00:00Z')),
    valuesJson: JSON.stringify(values),
    refNames: { vehicle_group_id: { names: ['Sedan'] }, colour: { names: ['not a ref'] } },
    lapsed: ['insurance_expiry', 'not_a_field'],
  });
const VEHICLE = {
  vehicle_no: 'MH12AB1234',
  vehicle_model: 'Dzire',
  vehicle_group_id: 'g1',
  vehicle_fuel_type: 'CNG',
  loan_emi: '18250.50',
};

describe('the gateway’s end of the masters wire', () => {
  it('reads a Record as the master’s typed record', () => {
    const vehicle = recordFromProto(vehicleMaster, record('vehicle', VEHICLE));
    expect(vehicle.values).toMatchObject({ ...VEHICLE, colour: null, is_available_for_booking: true });
    expect(vehicle.refNames).toEqual({ vehicle_group_id: ['Sedan'] });
    expect(vehicle.lapsed).toEqual(['insurance_expiry']);
    expect(vehicle.createdAt).toEqual(new Date('2030-01-01T00:00:00Z'));
  });

  it('reads a list page with its records’ listed fields alone', () => {
    const page = JSON.stringify([
      {
        id: 'r1',
        isActive: true,
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-02T00:00:00.000Z',
        values: { ...VEHICLE, colour: 'White' },
        refNames: { vehicle_group_id: 'Sedan', colour: ['not a ref'] },
        lapsed: ['insurance_expiry', 'not_a_field'],
      },
    ]);
    const [listed] = decodeListPage(vehicleMaster, page);
    expect(listed).toEqual({
      id: 'r1',
      isActive: true,
      createdAt: new Date('2030-01-01T00:00:00Z'),
      updatedAt: new Date('2030-01-02T00:00:00Z'),
      values: {
        vehicle_no: 'MH12AB1234',
        vehicle_model: 'Dzire',
        vehicle_group_id: 'g1',
        vehicle_fuel_type: 'CNG',
        driver_id: null,
      },
      refNames: { vehicle_group_id: ['Sedan'] },
      lapsed: ['insurance_expiry'],
    });
    expect(() => decodeListPage(vehicleMaster, page.replace('"MH12AB1234"', 'null'))).toThrow(
      'vehicle.vehicle_no should be text, but arrived as null',
    );
    expect(() => decodeListPage(vehicleMaster, page.replace('"2030-01-01T00:00:00.000Z"', '"soon"'))).toThrow(
      'vehicle[0].createdAt should be a time',
    );
    expect(() => decodeListPage(vehicleMaster, '{"records":[]}')).toThrow(
      'A page of vehicle should be a JSON array',
    );
  });

  it('refuses a record of another master, or values that do not fit', () => {
    expect(() => recordFromProto(vehicleMaster, record('driver', VEHICLE))).toThrow(
      'The masters service answered with a driver for a vehicle.',
    );
    expect(() =>
      recordFromProto(vehicleMaster, record('vehicle', { ...VEHICLE, loan_emi: 18250.5 })),
    ).toThrow('vehicle.loan_emi should be text');
    expect(() => recordFromProto(vehicleMaster, undefined)).toThrow('answered without the record');
    expect(() =>
      recordFromProto(vehicleMaster, create(RecordSchema, { kind: 'vehicle', valuesJson: '{"vehicle_no":' })),
    ).toThrow('vehicle should be a JSON object');
    expect(inputs.create.values.vehicle_fuel_type).toBe('CNG');
    expect(refused).toHaveLength(1);
    expect(missing).toHaveLength(2);
  });
});
