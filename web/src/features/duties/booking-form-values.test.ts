import {
  type BookingFormValues,
  customerPatch,
  customFieldRows,
  draftInputOf,
  draftProblems,
  emptyContact,
  newBookingValues,
} from './booking-form-values';

const CUSTOMER = '0c7f1f43-64bb-4c55-8f3e-9b2a7c8d6e10';
const DUTY_TYPE = '5d7e3b6a-1c2f-4a8b-9e0d-3f4a5b6c7d81';
const GROUP = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c62';

const filled = (patch: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...newBookingValues('2026-11-25'),
  customerId: CUSTOMER,
  passengers: [
    { name: 'Asha Rao', phone: '+919800000101', email: '', customField: '' },
    { name: 'Vikram Rao', phone: '', email: 'vikram@example.com', customField: 'EMP-22' },
  ],
  fromCityId: 'mh-mumbai',
  vehicleGroupId: GROUP,
  dutyTypeId: DUTY_TYPE,
  reportingTime: '08:30',
  reportingAddress: 'Terminal 2, Mumbai airport',
  ...patch,
});

describe('the booking form’s draft', () => {
  it('makes a draft booking.create takes: empty means not given, one day unless several are asked for', () => {
    const values = filled({
      lastDate: '2026-11-27',
      sales: { price: '', extraKmRate: '15', extraHourRate: '' },
    });
    expect(draftProblems(values)).toEqual({});
    expect(draftInputOf(values)).toMatchObject({
      toCityId: null,
      companyId: null,
      lastDate: null,
      sales: { price: null, extraKmRate: '15', extraHourRate: null },
      purchase: { price: null, extraKmRate: null, extraHourRate: null },
      confirmed: true,
    });
    expect(draftInputOf({ ...values, multiDay: true }).lastDate).toBe('2026-11-27');
  });

  it('sends the uploaded attachments by id, and says so on the attachments when there are too many', () => {
    const file = (n: number) => ({
      id: `0c7f1f43-64bb-4c55-8f3e-9b2a7c8d6e${String(n).padStart(2, '0')}`,
      fileName: `po-${n}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 2048,
    });
    const two = filled({ attachments: [file(1), file(2)] });
    expect(draftProblems(two)).toEqual({});
    expect(draftInputOf(two).attachmentIds).toEqual([file(1).id, file(2).id]);
    const eleven = filled({ attachments: Array.from({ length: 11 }, (_, n) => file(n)) });
    expect(draftProblems(eleven)).toEqual({ attachments: 'At most 10 attachments' });
  });

  it('puts the schema’s messages on the fields they are about, the second passenger’s on its row', () => {
    const problems = draftProblems(
      filled({
        passengers: [
          { name: 'Asha Rao', phone: '', email: '', customField: '' },
          { ...emptyContact(), phone: '98123' },
        ],
        reportingTime: '08:10',
        sales: { price: '12.345', extraKmRate: '', extraHourRate: '' },
      }),
    );
    expect(Object.keys(problems).sort()).toEqual([
      'passengers.1.name',
      'passengers.1.phone',
      'reportingTime',
      'sales.price',
    ]);
    expect(problems.reportingTime).toBe('Choose a time on the quarter hour, e.g. 06:30');
    expect(problems['passengers.1.name']).toBe('Enter the name');
  });

  it('asks for the last day of a booking of several days, and refuses one before the first', () => {
    expect(draftProblems(filled({ multiDay: true })).lastDate).toBe('Choose the last day.');
    expect(draftProblems(filled({ multiDay: true, lastDate: '2026-11-20' })).lastDate).toBe(
      'The last day cannot be before the first.',
    );
  });

  it('fills from the chosen customer only what is still empty', () => {
    const customer = { cityId: 'mh-pune', contactPerson: 'Meera Iyer', phone: '+912226543210', email: null };
    expect(customerPatch(newBookingValues('2026-11-25'), customer)).toEqual({
      fromCityId: 'mh-pune',
      bookedBy: { name: 'Meera Iyer', phone: '+912226543210', email: '' },
    });
    expect(
      customerPatch(
        { fromCityId: 'mh-mumbai', bookedBy: { name: 'Typed already', phone: '', email: '' } },
        customer,
      ),
    ).toEqual({});
  });
});

describe('the booking form’s custom fields', () => {
  const COST_CENTRE = '1b2c3d4e-5f60-4718-92a3-b4c5d6e7f801';
  const PURPOSE = '2c3d4e5f-6071-4829-a3b4-c5d6e7f80912';
  const fields = [
    { id: COST_CENTRE, name: 'Cost centre', type: 'TEXT' as const, options: '', isRequired: true },
    {
      id: PURPOSE,
      name: 'Trip purpose',
      type: 'SELECT' as const,
      options: 'Airport, Training',
      isRequired: false,
    },
  ];

  it('gives each shown field a row in the fields’ order, keeping what is typed', () => {
    expect(customFieldRows(fields, [{ customFieldId: PURPOSE, value: 'Airport' }])).toEqual([
      { customFieldId: COST_CENTRE, value: '' },
      { customFieldId: PURPOSE, value: 'Airport' },
    ]);
  });

  it('asks for a required field and a listed choice on the row of that field', () => {
    const values = filled({
      customFields: customFieldRows(fields, [{ customFieldId: PURPOSE, value: 'Party' }]),
    });
    expect(draftProblems(values, { customFields: fields })).toEqual({
      'customFields.0.value': 'Fill in Cost centre; every booking needs it.',
      'customFields.1.value': 'Choose one of: Airport, Training.',
    });
    const fine = filled({
      customFields: [
        { customFieldId: COST_CENTRE, value: 'CC-1042' },
        { customFieldId: PURPOSE, value: '' },
      ],
    });
    expect(draftProblems(fine, { customFields: fields })).toEqual({});
  });
});
