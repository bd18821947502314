// The demo operator's cash box over the last month, recorded through billing's own use cases as the
// office would: cash drawn from the bank and a top-up from the owner; advances to drivers for
// outstation duties, their fuel and tolls paid from them and the change returned; a float for the
// office assistant spent on courier and stationery; tea, a puncture and cleaning paid from the box; an
// entry typed twice and voided. Two drivers still hold some of their advance at the end, so the
// balance and "who holds cash" both show something real.
import type { TenantCaller } from '@fleet/billing';
import { addCalendarDays } from '@fleet/domain';
import type { Logger } from '@fleet/platform';
import type { DemoBilling } from './seed-billing';

type Step = {
  day: number;
  kind: 'RECEIVED' | 'GIVEN' | 'RETURNED' | 'SPENT';
  amount: string;
  category: string;
  /** A driver by their place in the drivers' list, or someone named. */
  driver?: number;
  person?: { name: string; phone: string };
  mode?: string;
  notes?: string;
  void?: string;
};

const ASSISTANT = { name: 'Prakash Jadhav', phone: '+919823012345' };

/** Thirty days of the cash book, day 0 a month ago. */
const MONTH: Step[] = [
  {
    day: 0,
    kind: 'RECEIVED',
    amount: '25000',
    category: 'CASH_DEPOSIT',
    notes: 'Cash withdrawn, HDFC self cheque 000412',
  },
  {
    day: 0,
    kind: 'GIVEN',
    amount: '1000',
    category: 'EMPLOYEE_FLOAT',
    person: ASSISTANT,
    notes: 'Office float',
  },
  {
    day: 1,
    kind: 'GIVEN',
    amount: '3000',
    category: 'DRIVER_ADVANCE',
    driver: 0,
    notes: 'Pune–Mumbai airport run',
  },
  { day: 1, kind: 'SPENT', amount: '140', category: 'FOOD', notes: 'Tea and biscuits' },
  { day: 2, kind: 'SPENT', amount: '2150', category: 'FUEL', driver: 0, notes: 'Diesel, HP Lonavala' },
  {
    day: 2,
    kind: 'SPENT',
    amount: '330',
    category: 'TOLL_PARKING',
    driver: 0,
    notes: 'Expressway toll and airport parking',
  },
  { day: 3, kind: 'RETURNED', amount: '520', category: 'DRIVER_ADVANCE', driver: 0 },
  {
    day: 4,
    kind: 'SPENT',
    amount: '240',
    category: 'POSTAGE_COURIER',
    person: ASSISTANT,
    notes: 'Invoices couriered to Harbour Logistics',
  },
  { day: 5, kind: 'SPENT', amount: '250', category: 'VEHICLE_REPAIR', notes: 'Puncture, Dzire MH12AB1001' },
  {
    day: 6,
    kind: 'GIVEN',
    amount: '4000',
    category: 'DRIVER_ADVANCE',
    driver: 1,
    notes: 'Mahabaleshwar, two days',
  },
  { day: 7, kind: 'SPENT', amount: '2600', category: 'FUEL', driver: 1 },
  { day: 7, kind: 'SPENT', amount: '410', category: 'TOLL_PARKING', driver: 1 },
  { day: 8, kind: 'SPENT', amount: '600', category: 'DRIVER_ALLOWANCE', driver: 1, notes: 'Night halt' },
  { day: 8, kind: 'SPENT', amount: '160', category: 'FOOD', notes: 'Tea' },
  { day: 9, kind: 'RETURNED', amount: '390', category: 'DRIVER_ADVANCE', driver: 1 },
  {
    day: 10,
    kind: 'SPENT',
    amount: '310',
    category: 'OFFICE',
    person: ASSISTANT,
    notes: 'Duty slip pads and pens',
  },
  { day: 11, kind: 'SPENT', amount: '300', category: 'VEHICLE_CLEANING', notes: 'Interior cleaning, Innova' },
  { day: 12, kind: 'GIVEN', amount: '2500', category: 'DRIVER_ADVANCE', driver: 2, notes: 'Nashik one way' },
  { day: 12, kind: 'GIVEN', amount: '2500', category: 'DRIVER_ADVANCE', driver: 2, void: 'Typed twice' },
  { day: 13, kind: 'SPENT', amount: '1900', category: 'FUEL', driver: 2 },
  { day: 13, kind: 'SPENT', amount: '285', category: 'TOLL_PARKING', driver: 2 },
  { day: 14, kind: 'RETURNED', amount: '315', category: 'DRIVER_ADVANCE', driver: 2 },
  { day: 15, kind: 'RECEIVED', amount: '15000', category: 'CASH_DEPOSIT', notes: 'Top-up from the owner' },
  { day: 15, kind: 'SPENT', amount: '180', category: 'FOOD', notes: 'Tea' },
  { day: 17, kind: 'GIVEN', amount: '3500', category: 'DRIVER_ADVANCE', driver: 0, notes: 'Kolhapur' },
  { day: 18, kind: 'SPENT', amount: '2300', category: 'FUEL', driver: 0 },
  { day: 18, kind: 'SPENT', amount: '520', category: 'TOLL_PARKING', driver: 0 },
  { day: 19, kind: 'RETURNED', amount: '680', category: 'DRIVER_ADVANCE', driver: 0 },
  {
    day: 20,
    kind: 'SPENT',
    amount: '1200',
    category: 'VEHICLE_REPAIR',
    mode: 'CASH',
    notes: 'Brake pads, Ertiga',
  },
  { day: 21, kind: 'SPENT', amount: '150', category: 'POSTAGE_COURIER', person: ASSISTANT },
  { day: 22, kind: 'SPENT', amount: '170', category: 'FOOD', notes: 'Tea' },
  { day: 24, kind: 'GIVEN', amount: '3000', category: 'DRIVER_ADVANCE', driver: 1, notes: 'Goa, three days' },
  { day: 25, kind: 'SPENT', amount: '1850', category: 'FUEL', driver: 1 },
  { day: 26, kind: 'SPENT', amount: '240', category: 'TOLL_PARKING', driver: 1 },
  {
    day: 27,
    kind: 'GIVEN',
    amount: '2000',
    category: 'DRIVER_ADVANCE',
    driver: 2,
    notes: 'Shirdi, on the road',
  },
  { day: 28, kind: 'SPENT', amount: '350', category: 'OFFICE', notes: 'Printer cartridge refill' },
  { day: 29, kind: 'SPENT', amount: '140', category: 'FOOD', notes: 'Tea' },
];

/** Seeds the month's cash book and answers how many entries; nothing when the operator already has one. */
export async function seedDemoPettyCash(
  billing: DemoBilling,
  caller: TenantCaller,
  today: string,
  logger: Logger,
): Promise<number> {
  try {
    const { pettyCash } = billing.useCases;
    if ((await pettyCash.list(caller, { limit: 1, includeVoided: true })).items.length > 0) return 0;
    const drivers = (await billing.copies.loadAll(caller, 'driver')).slice(0, 3);
    const start = addCalendarDays(today, -29);
    let recorded = 0;
    for (const step of MONTH) {
      const driver = step.driver === undefined ? undefined : drivers[step.driver];
      // Without the drivers' copies yet, their advances go to a named person in their place.
      const person =
        step.driver !== undefined && !driver ? { name: `Driver ${step.driver + 1}`, phone: '' } : step.person;
      const entry = await pettyCash.record(caller, {
        entryDate: addCalendarDays(start, step.day),
        kind: step.kind,
        amount: step.amount,
        category: step.category,
        driverId: driver?.id,
        personName: person?.name,
        personPhone: person?.phone,
        paymentMode: step.mode,
        notes: step.notes,
      });
      if (step.void) await pettyCash.void(caller, entry.id, step.void);
      recorded++;
    }
    return recorded;
  } catch (error) {
    logger.error({ err: error, tenantId: caller.tenantId }, 'demo petty cash could not be seeded');
    return 0;
  }
}
