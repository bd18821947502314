import { operatorInstant } from '@fleet/domain';
import { type BookingDraft, bookingDraftSchema } from '@fleet/domain/inputs';
import Decimal from 'decimal.js';
import {
  type BookingFormValues,
  bookingFormValuesOf,
  customerPatch,
  customFieldRows,
  draftInputOf,
  draftProblems,
  type EditedBooking,
  emptyContact,
  newBookingValues,
  rebaseEdits,
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

  it('fills from the chosen customer only what is still empty, the company it is billed from too', () => {
    const company = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const customer = {
      cityId: 'mh-pune',
      contactPerson: 'Meera Iyer',
      phone: '+912226543210',
      email: null,
      billedFromCompanyId: company,
    };
    expect(customerPatch(newBookingValues('2026-11-25'), customer)).toEqual({
      fromCityId: 'mh-pune',
      bookedBy: { name: 'Meera Iyer', phone: '+912226543210', email: '' },
      companyId: company,
    });
    expect(
      customerPatch(
        {
          fromCityId: 'mh-mumbai',
          bookedBy: { name: 'Typed already', phone: '', email: '' },
          companyId: '0a9b8c7d-6e5f-4a3b-9c1d-2e3f4a5b6c7d',
        },
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

describe('editing a booking in its form', () => {
  const LABEL = '3d4e5f60-7182-493a-b4c5-d6e7f8091a23';
  const FILE = '4e5f6071-8293-4a4b-85d6-e7f8091a2b34';
  /** The attachment booking.get names for FILE. */
  const held = [{ id: FILE, fileName: 'PO-881.pdf', contentType: 'application/pdf', sizeBytes: 20480 }];
  const COMPANY = '5f607182-93a4-4b5c-96e7-f8091a2b3c45';
  const decimal = (text: string | null) => (text === null ? null : new Decimal(text));
  const price = (p: BookingDraft['sales']) => ({
    rateCardId: null,
    price: decimal(p.price),
    extraKmRate: decimal(p.extraKmRate),
    extraHourRate: decimal(p.extraHourRate),
  });

  /** The duty booking.get reads back after a draft was written (one day of it). */
  const stored = (draft: BookingDraft, status: EditedBooking['status'] = 'BOOKED'): EditedBooking => ({
    customerId: draft.customerId,
    companyId: draft.companyId,
    bookedBy: draft.bookedBy,
    passengers: draft.passengers,
    additionalContacts: draft.additionalContacts,
    fromCityId: draft.fromCityId,
    toCityId: draft.toCityId,
    vehicleGroupId: draft.vehicleGroupId,
    dutyTypeId: draft.dutyTypeId,
    startDate: draft.reportingDate,
    reportingAt: operatorInstant(draft.reportingDate, draft.reportingTime),
    reportingAddress: draft.reportingAddress,
    dropAddress: draft.dropAddress,
    remark: draft.remark,
    operatorNotes: draft.operatorNotes,
    orderReferenceNumber: draft.orderReferenceNumber,
    labelIds: draft.labelIds,
    dutySupporterIds: draft.dutySupporterIds,
    customFields: draft.customFields,
    sales: price(draft.sales),
    purchase: price(draft.purchase),
    status,
  });

  const written = bookingDraftSchema.parse({
    ...draftInputOf(
      filled({
        companyId: COMPANY,
        toCityId: 'mh-pune',
        bookedBy: { name: 'Meera Iyer', phone: '+912226543210', email: 'meera@example.com' },
        additionalContacts: [{ name: 'Front desk', phone: '+912226500000', email: '', customField: '' }],
        reportingTime: '23:45',
        dropAddress: 'Hinjewadi Phase 2',
        remark: 'Meet at gate 4',
        operatorNotes: 'VIP',
        orderReferenceNumber: 'PO-881',
        labelIds: [LABEL],
        customFields: [{ customFieldId: LABEL, value: 'CC-1042' }],
        sales: { price: '1800.5', extraKmRate: '15.25', extraHourRate: '' },
        purchase: { price: '1500', extraKmRate: '', extraHourRate: '120' },
      }),
    ),
    attachmentIds: [FILE],
  });

  it('fills the form with the duty so that saving it unchanged writes the same draft', () => {
    const values = bookingFormValuesOf(stored(written), held);
    expect(values).toMatchObject({
      reportingDate: '2026-11-25',
      reportingTime: '23:45',
      multiDay: false,
      companyId: COMPANY,
      sales: { price: '1800.5', extraKmRate: '15.25', extraHourRate: '' },
      purchase: { price: '1500', extraKmRate: '', extraHourRate: '120' },
      attachments: held,
      confirmed: true,
    });
    expect(draftProblems(values)).toEqual({});
    expect(bookingDraftSchema.parse(draftInputOf(values))).toEqual(written);
  });

  it('gives back the same form from the duty its draft wrote, nothing left empty made up', () => {
    const values = filled({
      remark: 'Two bags',
      sales: { price: '', extraKmRate: '', extraHourRate: '9.5' },
    });
    const draft = bookingDraftSchema.parse(draftInputOf(values));
    expect(bookingFormValuesOf(stored(draft), [])).toEqual(values);
  });

  it('leaves a price the rate card gave empty, as it was booked, so the duty stays on its card', () => {
    const booked = filled({ sales: { price: '', extraKmRate: '15', extraHourRate: '' } });
    const draft = bookingDraftSchema.parse(draftInputOf(booked));
    const fromCard = {
      ...stored(draft),
      sales: {
        rateCardId: '6071829a-b4c5-4d6e-a7f8-091a2b3c4d56',
        price: new Decimal('2000.00'),
        extraKmRate: new Decimal('15.0000'),
        extraHourRate: new Decimal('150.0000'),
      },
    };
    const values = bookingFormValuesOf(fromCard, []);
    expect(values.sales).toEqual({ price: '', extraKmRate: '15', extraHourRate: '150' });
    expect(bookingDraftSchema.parse(draftInputOf(values)).sales).toEqual({
      price: null,
      extraKmRate: '15.0000',
      extraHourRate: '150.0000',
    });
  });

  it('shows an unconfirmed duty as unconfirmed', () => {
    expect(bookingFormValuesOf(stored(written, 'UNCONFIRMED'), held).confirmed).toBe(false);
  });

  it('after another person’s save, keeps every part typed here over theirs and names the ones both changed', () => {
    const base = bookingFormValuesOf(stored(written), held);
    const mine = { ...base, remark: 'Meet at gate 5', dropAddress: 'Baner' };
    const theirs = { ...base, remark: 'Meet at gate 1', operatorNotes: 'Call first' };
    const rebased = rebaseEdits(base, mine, theirs);
    expect(rebased.values).toEqual({
      ...base,
      remark: 'Meet at gate 5',
      dropAddress: 'Baner',
      operatorNotes: 'Call first',
    });
    expect(rebased.kept).toEqual(['dropAddress', 'remark']);
    expect(rebased.clashed).toEqual(['remark']);
  });

  it('takes the saved duty whole when nothing was typed, and no clash when both made the same change', () => {
    const base = bookingFormValuesOf(stored(written), held);
    const theirs = { ...base, remark: 'Same words' };
    expect(rebaseEdits(base, base, theirs)).toEqual({ values: theirs, kept: [], clashed: [] });
    expect(rebaseEdits(base, theirs, theirs).clashed).toEqual([]);
  });
});
