import { allotOutcome, allotRequest, emptyAllot } from './allot-values';

const duty = { id: '7b0e2a52-3a1c-4d35-9d5e-1f0cbe7d9a01', version: 4 };
const VEHICLE = '0c7f1f43-64bb-4c55-8f3e-9b2a7c8d6e10';
const DRIVER = '5d7e3b6a-1c2f-4a8b-9e0d-3f4a5b6c7d81';
const SUPPLIER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c62';

describe('the Allot dialog’s call', () => {
  it('allots an own vehicle with its own driver unless another is chosen', () => {
    expect(allotRequest(duty, { ...emptyAllot(), vehicleId: VEHICLE })).toEqual({
      ok: true,
      input: { id: duty.id, kind: 'OWN', vehicleId: VEHICLE, allDuties: false, version: 4 },
    });
    const other = allotRequest(duty, {
      ...emptyAllot(),
      vehicleId: VEHICLE,
      driverId: DRIVER,
      allDuties: true,
    });
    expect(other).toMatchObject({ ok: true, input: { driverId: DRIVER, allDuties: true } });
  });

  it('says what is missing before asking the server', () => {
    expect(allotRequest(duty, emptyAllot())).toEqual({
      ok: false,
      problems: { vehicleId: 'Choose the vehicle.' },
    });
    expect(allotRequest(duty, { ...emptyAllot(), kind: 'COMPANY_SUPPLIER' })).toEqual({
      ok: false,
      problems: {
        supplierId: 'Choose the supplier.',
        vehicleNo: 'Enter the vehicle number, or choose the vehicle.',
        driverName: 'Enter the driver’s name.',
        driverPhone: 'Enter the driver’s phone with country code.',
      },
    });
  });

  it('sends a company supplier’s typed vehicle and driver, or its picked vehicle', () => {
    const typed = { ...emptyAllot(), kind: 'COMPANY_SUPPLIER' as const, supplierId: SUPPLIER };
    expect(
      allotRequest(duty, {
        ...typed,
        vehicleNo: ' MH 12 AB 1234 ',
        driverName: ' Ravi ',
        driverPhone: '+919812300001',
      }),
    ).toEqual({
      ok: true,
      input: {
        id: duty.id,
        kind: 'COMPANY_SUPPLIER',
        allDuties: false,
        version: 4,
        supplierId: SUPPLIER,
        vehicleNo: 'MH 12 AB 1234',
        driverName: 'Ravi',
        driverPhone: '+919812300001',
      },
    });
    const picked = allotRequest(duty, {
      ...typed,
      vehicleId: VEHICLE,
      vehicleNo: 'ignored',
      driverName: 'Ravi',
      driverPhone: '+919812300001',
    });
    expect(picked).toMatchObject({ ok: true, input: { vehicleId: VEHICLE } });
    expect(picked.ok && 'vehicleNo' in picked.input).toBe(false);
  });

  it('sends only the supplier for a DCO, and the override reason when one is given', () => {
    expect(
      allotRequest(duty, {
        ...emptyAllot(),
        kind: 'DCO',
        supplierId: SUPPLIER,
        overrideReason: ' Customer asked for him ',
      }),
    ).toEqual({
      ok: true,
      input: {
        id: duty.id,
        kind: 'DCO',
        allDuties: false,
        version: 4,
        overrideReason: 'Customer asked for him',
        supplierId: SUPPLIER,
      },
    });
  });
});

describe('a refused allotment in the dialog', () => {
  it('shows the conflict to someone who may not override it, with nothing to type', () => {
    const message =
      'Cannot allot duty #12: MH12AB1234 is on duty #9 then. Allotting anyway needs the “Allot Despite Conflicts” permission.';
    expect(allotOutcome({ fieldErrors: {}, reason: 'ALLOTMENT_CONFLICT', message })).toEqual({
      errors: {},
      conflict: message,
    });
  });

  it('asks a holder of the override permission why, showing the conflicts the service listed', () => {
    const listed = 'Ravi Kumar is on duty #9 then. Say why you allot it anyway.';
    expect(
      allotOutcome({ fieldErrors: { overrideReason: listed }, reason: undefined, message: listed }),
    ).toEqual({ errors: {}, conflict: listed });
  });

  it('puts a field’s error on the field, and anything else above the buttons', () => {
    expect(
      allotOutcome({
        fieldErrors: { vehicleId: 'MH12AB1234 is not available for bookings.' },
        reason: undefined,
        message: 'MH12AB1234 is not available for bookings.',
      }),
    ).toEqual({ errors: { vehicleId: 'MH12AB1234 is not available for bookings.' } });
    expect(
      allotOutcome({ fieldErrors: {}, reason: 'STALE_VERSION', message: 'Someone changed this duty…' }),
    ).toEqual({ errors: {}, problem: 'Someone changed this duty…' });
  });
});
