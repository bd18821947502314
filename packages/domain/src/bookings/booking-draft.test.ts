import { randomUUID } from 'node:crypto';
import { bookingDraftSchema, dutyDates } from './booking-draft';

const minimal = () => ({
  customerId: randomUUID(),
  passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  fromCityId: 'mh-pune',
  vehicleGroupId: randomUUID(),
  dutyTypeId: randomUUID(),
  reportingDate: '2026-12-01',
  reportingTime: '07:30',
  reportingAddress: 'Hinjewadi Phase 1, Pune',
});

const problems = (input: unknown) => {
  const parsed = bookingDraftSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a booking as staff write it', () => {
  it('takes a passenger, a place and a quarter hour, and fills in the rest', () => {
    const draft = bookingDraftSchema.parse(minimal());
    expect(draft).toMatchObject({
      confirmed: true,
      lastDate: null,
      toCityId: null,
      additionalContacts: [],
      labelIds: [],
      sales: { price: null, extraKmRate: null, extraHourRate: null },
      bookedBy: { name: '', phone: '', email: '' },
    });
    expect(draft.passengers).toEqual([
      { name: 'Asha Rao', phone: '+919800000101', email: '', customField: '' },
    ]);
  });

  it('keeps prices as exact decimal text, never a number', () => {
    const draft = bookingDraftSchema.parse({ ...minimal(), sales: { price: '2,450.5', extraKmRate: '14' } });
    expect(draft.sales).toEqual({ price: '2450.50', extraKmRate: '14.0000', extraHourRate: null });
    expect(problems({ ...minimal(), sales: { price: '0x10' } })).toHaveProperty(['sales.price']);
    expect(problems({ ...minimal(), sales: { price: 12.5 } })).toHaveProperty(['sales.price']);
  });

  it('names each field a person must fix', () => {
    expect(
      problems({
        ...minimal(),
        passengers: [],
        reportingTime: '07:20',
        reportingAddress: ' ',
        customerId: 'acme',
        lastDate: '2026-11-30',
      }),
    ).toEqual({
      passengers: 'Add the passenger',
      reportingTime: 'Choose a time on the quarter hour, e.g. 06:30',
      reportingAddress: 'Enter where to report',
      customerId: 'This is not a valid id; choose the record from the list.',
      lastDate: 'The last day cannot be before the first.',
    });
    expect(problems({ ...minimal(), remark: 'late\u0000night' })).toHaveProperty('remark');
    expect(problems({ ...minimal(), passengers: [{ name: 'A', phone: '98000' }] })).toHaveProperty([
      'passengers.0.phone',
    ]);
  });

  it('asks for a choice where a required picker was left empty', () => {
    expect(
      problems({ ...minimal(), customerId: '', fromCityId: '', vehicleGroupId: '', dutyTypeId: '' }),
    ).toEqual({
      customerId: 'Choose a customer',
      fromCityId: 'Choose a city',
      vehicleGroupId: 'Choose a vehicle group',
      dutyTypeId: 'Choose a duty type',
    });
  });

  it('takes an Indian mobile typed without +91 and keeps it with the country code', () => {
    const draft = bookingDraftSchema.parse({
      ...minimal(),
      passengers: [{ name: 'Asha Rao', phone: '9800000101' }],
      bookedBy: { name: 'Ravi', phone: ' 9812345678 ', email: '' },
    });
    expect(draft.passengers[0]?.phone).toBe('+919800000101');
    expect(draft.bookedBy.phone).toBe('+919812345678');
  });

  it('runs a multi-day booking a duty a day, at most 62 days', () => {
    expect(dutyDates(bookingDraftSchema.parse({ ...minimal(), lastDate: '2026-12-03' }))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(dutyDates(bookingDraftSchema.parse(minimal()))).toEqual(['2026-12-01']);
    expect(problems({ ...minimal(), lastDate: '2027-02-01' })).toEqual({
      lastDate: 'A booking runs at most 62 days; take another for the rest.',
    });
  });
});
