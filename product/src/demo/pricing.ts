// Rate cards: each contract customer's tariff in its city for this financial year (and last year's
// 8-hour rates for the oldest contract), an agent's outstation tariff valid in every city, and what
// the suppliers are paid. Contracts never overlap: last year's ends the day before this year's starts.
import { CITY, type CityPlan } from './cities';
import type { DutyName, GroupName } from './fleet';
import { CORPORATES, EVERY_CITY_AGENT, SUPPLIERS } from './people';
import { money, type PlanContext, paise, ref, type Values } from './toolkit';

/**
 * The Mumbai tariff per vehicle group (rupees): the local packages, airport, outstation per km, extra km
 * and extra hour, and the driver's outstation allowance. Other cities scale it by their price factor.
 */
const TARIFF: Partial<
  Record<
    GroupName,
    {
      h4: number;
      h8: number;
      h12: number;
      airport: number;
      perKm: number;
      extraKm: number;
      extraHour: number;
      da: number;
    }
  >
> = {
  Hatchback: { h4: 1100, h8: 1900, h12: 2800, airport: 950, perKm: 11, extraKm: 11, extraHour: 110, da: 300 },
  Sedan: { h4: 1300, h8: 2300, h12: 3300, airport: 1150, perKm: 13, extraKm: 13, extraHour: 130, da: 300 },
  SUV: { h4: 2000, h8: 3400, h12: 4800, airport: 1800, perKm: 17, extraKm: 18, extraHour: 200, da: 350 },
  'Innova Crysta': {
    h4: 2300,
    h8: 3800,
    h12: 5400,
    airport: 2100,
    perKm: 19,
    extraKm: 20,
    extraHour: 230,
    da: 350,
  },
  'Tempo Traveller 12 Seater': {
    h4: 3200,
    h8: 5200,
    h12: 7400,
    airport: 3200,
    perKm: 25,
    extraKm: 26,
    extraHour: 320,
    da: 400,
  },
  'Tempo Traveller 17 Seater': {
    h4: 3800,
    h8: 6200,
    h12: 8800,
    airport: 3800,
    perKm: 30,
    extraKm: 31,
    extraHour: 380,
    da: 400,
  },
  'Tempo Traveller 26 Seater': {
    h4: 5200,
    h8: 8200,
    h12: 11500,
    airport: 5000,
    perKm: 40,
    extraKm: 42,
    extraHour: 500,
    da: 450,
  },
  'Luxury Sedan': {
    h4: 6000,
    h8: 9500,
    h12: 13500,
    airport: 5200,
    perKm: 75,
    extraKm: 80,
    extraHour: 750,
    da: 400,
  },
};

/** What a customer contract covers: the main duty types × the groups customers book most. */
const CONTRACT_DUTIES: readonly DutyName[] = [
  '4 Hrs 40 Kms',
  '8 Hrs 80 Kms',
  '12 Hrs 120 Kms',
  'Airport Transfer',
  'Outstation 250 Kms/Day',
];
const CONTRACT_GROUPS: readonly GroupName[] = ['Sedan', 'SUV', 'Innova Crysta', 'Tempo Traveller 12 Seater'];

/** Every rate card of the demo, in the order they are created. */
export function planRateCards({ add, fy }: PlanContext): void {
  interface Contract {
    name: string;
    party: 'CUSTOMER' | 'SUPPLIER';
    customer?: string;
    supplier?: string;
    city?: CityPlan;
    from: string;
    to: string;
  }
  const round10 = (rupees: number) => Math.round(rupees / 10) * 10;
  /** Paise, to the nearest 50. */
  const perKm = (rupees: number, percent: number) => paise(Math.round((rupees * percent) / 50) * 50);
  let cards = 0;
  /** One card of a contract, at `percent` of the Mumbai tariff. */
  const card = (
    contract: Contract,
    duty: DutyName,
    group: GroupName,
    percent: number,
    extra: Values = {},
  ) => {
    const tariff = TARIFF[group]!;
    const outstation = duty.startsWith('Outstation');
    const packages: Partial<Record<DutyName, number>> = {
      '4 Hrs 40 Kms': tariff.h4,
      '8 Hrs 80 Kms': tariff.h8,
      '12 Hrs 120 Kms': tariff.h12,
      'Airport Transfer': tariff.airport,
    };
    const fuel = (contract.city ?? CITY.mumbai).fuel;
    cards += 1;
    add('rate_card', String(cards), {
      name: contract.name,
      party: contract.party,
      customer_id: contract.customer ? ref('customer', contract.customer) : undefined,
      supplier_id: contract.supplier ? ref('supplier', contract.supplier) : undefined,
      duty_type_id: ref('duty_type', duty),
      city_id: contract.city?.cityId,
      vehicle_group_id: ref('vehicle_group', group),
      contract_start: contract.from,
      contract_end: contract.to,
      normal_rate: outstation
        ? perKm(tariff.perKm, percent)
        : money(round10((packages[duty]! * percent) / 100)),
      extra_km_rate: perKm(tariff.extraKm, percent),
      extra_hour_rate: outstation ? undefined : money(round10((tariff.extraHour * percent) / 100)),
      no_show_rate: outstation ? undefined : money(round10((tariff.airport * percent) / 200)),
      outstation_allowance: outstation ? money(tariff.da) : undefined,
      outstation_over_night_allowance: outstation ? money(300) : undefined,
      night_allowance: money(250),
      early_start_allowance: money(200),
      driver_daily_allowance: outstation ? money(tariff.da) : undefined,
      petrol_rate: fuel.petrol,
      diesel_rate: fuel.diesel,
      cng_rate: fuel.cng,
      electric_rate: fuel.electric,
      ...extra,
    });
  };
  for (const customer of CORPORATES) {
    if (!customer.contract) continue;
    const city = CITY[customer.city];
    const { short, discount } = customer.contract;
    const contract: Contract = {
      name: `${short} ${city.name} ${fy.label}`,
      party: 'CUSTOMER',
      customer: customer.name,
      city,
      from: fy.start,
      to: fy.end,
    };
    const percent = (city.priceFactor * discount) / 100;
    for (const duty of CONTRACT_DUTIES)
      for (const group of CONTRACT_GROUPS) card(contract, duty, group, percent);
    if (customer.city === 'mumbai') {
      const lastYear = {
        ...contract,
        name: `${short} ${city.name} ${fy.previous.label}`,
        from: fy.previous.start,
        to: fy.previous.end,
      };
      for (const group of CONTRACT_GROUPS) card(lastYear, '8 Hrs 80 Kms', group, percent * 0.93);
    }
    if (customer.city === 'pune') {
      const monthly = { ...contract, name: `${short} Monthly Cabs ${fy.label}` };
      card(monthly, 'Monthly 2500 Kms 260 Hrs', 'Sedan', 100, {
        normal_rate: money(52000),
        extra_km_rate: '13.00',
        extra_hour_rate: money(150),
      });
      card(monthly, 'Monthly 2500 Kms 260 Hrs', 'Innova Crysta', 100, {
        normal_rate: money(78000),
        extra_km_rate: '19.00',
        extra_hour_rate: money(220),
      });
    }
  }
  const agent: Contract = {
    name: `Kaveri Outstation ${fy.label}`,
    party: 'CUSTOMER',
    customer: EVERY_CITY_AGENT,
    from: fy.start,
    to: fy.end,
  };
  for (const group of ['Sedan', 'Innova Crysta', 'Tempo Traveller 12 Seater', 'Luxury Sedan'] as const) {
    card(agent, 'Outstation 300 Kms/Day', group, 98);
  }
  for (const supplier of SUPPLIERS) {
    const city = CITY[supplier.city];
    const contract: Contract = {
      name: `${supplier.name} ${city.name} ${fy.label}`,
      party: 'SUPPLIER',
      supplier: supplier.name,
      city,
      from: fy.start,
      to: fy.end,
    };
    // Suppliers are paid about 80% of what customers are charged.
    const percent = (city.priceFactor * 80) / 100;
    if (supplier.cards) {
      const duties: DutyName[] =
        supplier.group === 'Bus & Tempo Operators'
          ? ['8 Hrs 80 Kms', 'Outstation 300 Kms/Day']
          : ['8 Hrs 80 Kms', 'Airport Transfer'];
      for (const duty of duties) for (const group of supplier.cards) card(contract, duty, group, percent);
    } else if (supplier.vehicle && TARIFF[supplier.vehicle.group]) {
      card(contract, '8 Hrs 80 Kms', supplier.vehicle.group, percent * 0.95);
    }
  }
  // A vendor's rate for one customer's duties, which beats its rate for everyone.
  card(
    {
      name: `Mumbai Cab Services for Konkan Shipping ${fy.label}`,
      party: 'SUPPLIER',
      supplier: 'Mumbai Cab Services Pvt Ltd',
      customer: 'Konkan Shipping & Logistics Pvt Ltd',
      city: CITY.mumbai,
      from: fy.start,
      to: fy.end,
    },
    '8 Hrs 80 Kms',
    'Sedan',
    85,
  );
}
