// The fleet: vehicle groups and the duty types they are hired on, duty supporters, the drivers of each
// branch and the vehicles they drive, with documents lapsed and running out here and there so the
// expiry views always have something to show.
import { addCalendarDays } from '@fleet/domain';
import { CITIES, CITY, type CityPlan } from './cities';
import { SUPPLIERS } from './people';
import { money, type PlanContext, ref } from './toolkit';

const VEHICLE_GROUPS = [
  { name: 'Hatchback', seats: 4, bags: 2, description: 'WagonR, Celerio, Swift or similar' },
  { name: 'Sedan', seats: 4, bags: 2, description: 'Dzire, Etios, Aura, Amaze or similar' },
  { name: 'Premium Sedan', seats: 4, bags: 3, description: 'Honda City, Hyundai Verna or similar' },
  { name: 'Electric Sedan', seats: 4, bags: 2, description: 'Tata Tigor EV, Xpres-T EV' },
  { name: 'MUV', seats: 6, bags: 2, description: 'Ertiga, Kia Carens or similar' },
  { name: 'SUV', seats: 6, bags: 3, description: 'XUV700, Scorpio-N, Tata Safari or similar' },
  { name: 'Innova Crysta', seats: 6, bags: 3, description: 'Toyota Innova Crysta' },
  { name: 'Innova Hycross', seats: 7, bags: 3, description: 'Toyota Innova Hycross (hybrid)' },
  { name: 'Luxury Sedan', seats: 3, bags: 2, description: 'Mercedes-Benz E-Class, BMW 5 Series or similar' },
  { name: 'Luxury SUV', seats: 6, bags: 3, description: 'Toyota Fortuner or similar' },
  {
    name: 'Tempo Traveller 12 Seater',
    seats: 12,
    bags: 10,
    description: 'Force Traveller 3350, pushback seats',
  },
  { name: 'Tempo Traveller 17 Seater', seats: 17, bags: 12, description: 'Force Traveller 3700' },
  { name: 'Tempo Traveller 26 Seater', seats: 26, bags: 15, description: 'Force Traveller 26' },
  { name: 'Mini Bus 32 Seater', seats: 32, bags: 20, description: 'Tata Starbus, Eicher Skyline or similar' },
] as const;
export type GroupName = (typeof VEHICLE_GROUPS)[number]['name'];

const LOCAL = { is_g2g: true, is_garage_start_calculated: true, is_garage_end_calculated: true };
const DUTY_TYPES = [
  { name: '2 Hrs 20 Kms', type: 'HR_KM', max_hr: 2, max_km: 20, ...LOCAL },
  { name: '4 Hrs 40 Kms', type: 'HR_KM', max_hr: 4, max_km: 40, ...LOCAL },
  { name: '8 Hrs 80 Kms', type: 'HR_KM', max_hr: 8, max_km: 80, ...LOCAL },
  { name: '12 Hrs 120 Kms', type: 'HR_KM', max_hr: 12, max_km: 120, ...LOCAL },
  { name: 'Airport Transfer', type: 'HR_KM', max_hr: 3, max_km: 40, is_p2p: true },
  {
    name: 'Outstation 250 Kms/Day',
    type: 'DAY_KM',
    max_km: 250,
    max_days: 1,
    has_outstation_allowance: true,
    ...LOCAL,
  },
  {
    name: 'Outstation 300 Kms/Day',
    type: 'DAY_KM',
    max_km: 300,
    max_days: 1,
    has_outstation_allowance: true,
    ...LOCAL,
  },
  { name: 'Monthly 2500 Kms 260 Hrs', type: 'KM_HR', max_km: 2500, max_hr: 260, max_days: 26, ...LOCAL },
  {
    name: 'Monthly 2000 Kms 10 Hrs/Day',
    type: 'KM_DAILY_HR',
    max_km: 2000,
    max_hr: 10,
    max_days: 26,
    ...LOCAL,
  },
  { name: 'Flat Transfer', type: 'FLAT', is_p2p: true },
  { name: 'Extras', type: 'EXTRAS' },
  { name: 'Allowances', type: 'ALLOWANCES' },
  { name: 'Cost of Fuel', type: 'COST_OF_FUEL' },
] as const;
export type DutyName = (typeof DUTY_TYPES)[number]['name'];

/** The fleet, by model: how many of each, the fuels it comes in, its colours. */
const FLEET: readonly {
  group: GroupName;
  model: string;
  count: number;
  fuels: readonly ('PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC')[];
  colours: readonly string[];
}[] = [
  {
    group: 'Sedan',
    model: 'Maruti Suzuki Dzire',
    count: 7,
    fuels: ['CNG', 'PETROL', 'CNG'],
    colours: ['White', 'Silver'],
  },
  { group: 'Sedan', model: 'Toyota Etios', count: 3, fuels: ['DIESEL'], colours: ['White'] },
  { group: 'Sedan', model: 'Hyundai Aura', count: 2, fuels: ['CNG'], colours: ['White', 'Grey'] },
  { group: 'Sedan', model: 'Honda Amaze', count: 2, fuels: ['PETROL'], colours: ['White', 'Silver'] },
  {
    group: 'Hatchback',
    model: 'Maruti Suzuki WagonR',
    count: 3,
    fuels: ['CNG'],
    colours: ['White', 'Silver'],
  },
  {
    group: 'Hatchback',
    model: 'Maruti Suzuki Celerio',
    count: 2,
    fuels: ['CNG', 'PETROL'],
    colours: ['White'],
  },
  { group: 'Premium Sedan', model: 'Honda City', count: 2, fuels: ['PETROL'], colours: ['White', 'Black'] },
  {
    group: 'Electric Sedan',
    model: 'Tata Tigor EV',
    count: 3,
    fuels: ['ELECTRIC'],
    colours: ['White', 'Teal Blue'],
  },
  { group: 'Electric Sedan', model: 'Tata Xpres-T EV', count: 1, fuels: ['ELECTRIC'], colours: ['White'] },
  {
    group: 'MUV',
    model: 'Maruti Suzuki Ertiga',
    count: 4,
    fuels: ['CNG', 'PETROL'],
    colours: ['White', 'Silver'],
  },
  { group: 'MUV', model: 'Kia Carens', count: 1, fuels: ['DIESEL'], colours: ['White'] },
  { group: 'SUV', model: 'Mahindra XUV700', count: 2, fuels: ['DIESEL'], colours: ['White', 'Black'] },
  { group: 'SUV', model: 'Mahindra Scorpio-N', count: 1, fuels: ['DIESEL'], colours: ['Black'] },
  {
    group: 'Innova Crysta',
    model: 'Toyota Innova Crysta',
    count: 7,
    fuels: ['DIESEL'],
    colours: ['White', 'Silver', 'Grey'],
  },
  {
    group: 'Innova Hycross',
    model: 'Toyota Innova Hycross',
    count: 2,
    fuels: ['PETROL'],
    colours: ['White'],
  },
  { group: 'Luxury Sedan', model: 'Mercedes-Benz E-Class', count: 1, fuels: ['DIESEL'], colours: ['Black'] },
  { group: 'Luxury Sedan', model: 'BMW 5 Series', count: 1, fuels: ['PETROL'], colours: ['Black'] },
  { group: 'Luxury SUV', model: 'Toyota Fortuner', count: 1, fuels: ['DIESEL'], colours: ['White'] },
  {
    group: 'Tempo Traveller 12 Seater',
    model: 'Force Traveller 3350',
    count: 2,
    fuels: ['DIESEL'],
    colours: ['White'],
  },
  {
    group: 'Tempo Traveller 17 Seater',
    model: 'Force Traveller 3700',
    count: 1,
    fuels: ['DIESEL'],
    colours: ['White'],
  },
  {
    group: 'Tempo Traveller 26 Seater',
    model: 'Force Traveller 26',
    count: 1,
    fuels: ['DIESEL'],
    colours: ['White'],
  },
  {
    group: 'Mini Bus 32 Seater',
    model: 'Tata Starbus Ultra 32',
    count: 1,
    fuels: ['DIESEL'],
    colours: ['White'],
  },
];

const INSURERS = [
  'ICICI Lombard',
  'HDFC ERGO',
  'Bajaj Allianz',
  'New India Assurance',
  'Tata AIG',
  'United India Insurance',
  'Go Digit',
];

/** The vehicle groups and duty types. */
export function planVehicleGroupsAndDutyTypes({ add }: PlanContext): void {
  for (const group of VEHICLE_GROUPS) {
    add('vehicle_group', group.name, {
      name: group.name,
      seating_capacity: group.seats,
      luggage_capacity: group.bags,
      description: group.description,
    });
  }
  for (const duty of DUTY_TYPES) add('duty_type', duty.name, { ...duty });
}

/** Cleaners, guides and representatives who go along on duties. */
export function planDutySupporters({ add, pan: panFor, random }: PlanContext): void {
  const supporters = [
    { name: 'Ramu Kamble', type: 'CLEANER' },
    { name: 'Shankar Naik', type: 'CLEANER' },
    { name: 'Ashok Tiwari', type: 'GUIDE' },
    { name: 'Lakshmi Devi', type: 'GUIDE' },
    { name: 'Farida Sheikh', type: 'REPRESENTATIVE' },
    { name: 'Omkar Jadhav', type: 'REPRESENTATIVE' },
  ];
  supporters.forEach((supporter, index) => {
    add('duty_supporter', supporter.name, {
      ...supporter,
      phone: `+91982210${String(index + 1).padStart(4, '0')}`,
      pan: panFor('P', supporter.name.split(' ')[1]!),
      aadhar: `${random.int(2, 9)}${random.digits(11)}`,
    });
  });
}

export interface PlannedDriver {
  name: string;
  city: CityPlan;
}

/** Drivers: 60 across the four branches, a few of them women, some with lapsed papers. */
export function planDrivers(ctx: PlanContext): PlannedDriver[] {
  const { add, address, bankAccount, inDays, licenceNo, random, today, year } = ctx;
  const driverSplit: [CityPlan, number][] = [
    [CITY.pune, 18],
    [CITY.mumbai, 17],
    [CITY.bengaluru, 14],
    [CITY.delhi, 11],
  ];
  const women: Record<CityPlan['key'], string> = {
    pune: 'Sunita Jadhav',
    mumbai: 'Rekha Sawant',
    bengaluru: 'Pavithra Gowda',
    delhi: 'Pooja Yadav',
  };
  const drivers: PlannedDriver[] = [];
  const driverNames = new Set<string>();
  for (const [city, count] of driverSplit) {
    for (let i = 0; i < count; i += 1) {
      let name = i === 5 ? women[city.key] : '';
      while (!name || driverNames.has(name))
        name = `${random.pick(city.firstNames)} ${random.pick(city.surnames)}`;
      driverNames.add(name);
      drivers.push({ name, city });
    }
  }
  drivers.forEach((driver, index) => {
    const { city } = driver;
    const contractor = index % 7 === 4;
    const joined = addCalendarDays(`${year - random.int(0, 9)}-01-01`, random.int(0, 360));
    const home = address(
      city,
      `${random.pick(['Flat', 'Room', 'House'])} ${random.int(1, 420)}, ${random.pick(['Sai Krupa Society', 'Shivneri Chawl', 'Ganesh Nagar', 'Ambedkar Colony', 'Green Park Apartments', 'Laxmi Niwas'])}`,
    );
    const bank = bankAccount();
    add('driver', driver.name, {
      name: driver.name,
      // +91 98700 1NNNN: clear of the demo staff's +91 98000 0000N.
      phone: `+91987001${String(index + 1).padStart(4, '0')}`,
      alternate_phone: index % 3 === 0 ? `+91987002${String(index + 1).padStart(4, '0')}` : undefined,
      address: `${home.text} ${home.pincode}`,
      branch_id: ref('branch', city.key),
      gender: Object.values(women).includes(driver.name) ? 'FEAMLE' : 'MALE',
      dob: addCalendarDays(`${year - random.int(24, 52)}-01-01`, random.int(0, 360)),
      date_of_joining: joined < today ? joined : addCalendarDays(today, -30),
      is_contractor: contractor,
      monthly_salary: contractor ? undefined : money(random.int(32, 48) * 500),
      daily_wage: contractor ? money(random.int(8, 12) * 100) : undefined,
      daily_allowance: money(150),
      ot_per_hour: money(random.pick([80, 100, 120])),
      outstation_day_allowance: money(300),
      outstation_night_allowance: money(250),
      sunday_allowance: money(200),
      early_start_allowance: money(100),
      night_allowance: money(150),
      extra_duty_allowance: money(300),
      licence_no: licenceNo(city, random.int(2004, 2018)),
      // One licence in twelve has lapsed, and one in twelve runs out within the month.
      licence_expiry:
        index % 12 === 5 ? inDays(-20, 15) : index % 12 === 9 ? inDays(15, 10) : inDays(1200, 500),
      badge_no: `PSV/${city.rtos[0]}/${random.digits(5)}`,
      badge_expiry: index % 15 === 3 ? inDays(-40, 20) : index % 15 === 8 ? inDays(20, 6) : inDays(500, 200),
      police_verification_no: `PV/${city.key.slice(0, 3).toUpperCase()}/${year - random.int(0, 2)}/${random.digits(5)}`,
      police_station: random.pick(city.policeStations),
      police_verification_expiry: index % 20 === 7 ? inDays(-10, 5) : inDays(400, 250),
      bank_name: bank.bank_name,
      bank_account_no: bank.account_no,
      bank_ifsc: bank.ifsc,
    });
  });
  return drivers;
}

/** Vehicles: the fleet shuffled over the branches, each own vehicle with one of its branch's drivers. */
export function planVehicles(ctx: PlanContext, drivers: readonly PlannedDriver[]): void {
  const { add, inDays, random, registration, today, year } = ctx;
  const vehicleCities: CityPlan[] = [
    ...Array<CityPlan>(16).fill(CITY.pune),
    ...Array<CityPlan>(14).fill(CITY.mumbai),
    ...Array<CityPlan>(11).fill(CITY.bengaluru),
    ...Array<CityPlan>(9).fill(CITY.delhi),
  ];
  const models = FLEET.flatMap((model) => Array.from({ length: model.count }, () => model));
  if (models.length !== vehicleCities.length) throw new Error('The demo fleet and its branches disagree.');
  for (let i = models.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [models[i], models[j]] = [models[j]!, models[i]!];
  }
  const freeDrivers = new Map(
    CITIES.map((c) => [c.key, drivers.filter((d) => d.city === c).map((d) => d.name)]),
  );
  models.forEach((model, index) => {
    const city = vehicleCities[index]!;
    // Delhi runs its taxis on CNG wherever the model comes in it.
    const fuel = city.key === 'delhi' && model.fuels.includes('CNG') ? 'CNG' : random.pick(model.fuels);
    const built = year - random.int(0, 6);
    const registered = addCalendarDays(`${built}-01-01`, random.int(20, 300));
    // One vehicle in twelve belongs to the branch city's attached vendor.
    const supplier =
      index % 12 === 11
        ? SUPPLIERS.find((s) => s.city === city.key && s.group === 'Attached Vendors')?.name
        : undefined;
    const driver = supplier ? undefined : freeDrivers.get(city.key)!.shift();
    const insurer = random.pick(INSURERS);
    const seats = VEHICLE_GROUPS.find((g) => g.name === model.group)!.seats;
    const vehicleNo = registration(city);
    add('vehicle', vehicleNo, {
      vehicle_no: vehicleNo,
      vehicle_model: model.model,
      vehicle_group_id: ref('vehicle_group', model.group),
      vehicle_fuel_type: fuel,
      vehicle_seating_capacity: seats,
      colour: random.pick(model.colours),
      manufacturing_year: built,
      branch_id: ref('branch', city.key),
      driver_id: driver ? ref('driver', driver) : undefined,
      supplier_id: supplier ? ref('supplier', supplier) : undefined,
      is_available_for_booking: index % 25 !== 13,
      rto_registration_date: registered < today ? registered : addCalendarDays(today, -60),
      rto_tax_expiry: index % 16 === 6 ? inDays(12, 5) : inDays(250, 100),
      insurance_company: insurer,
      insurance_policy_no: `${insurer.split(' ')[0]!.toUpperCase().slice(0, 4)}/${built}/${random.digits(10)}`,
      // One insurance in ten has lapsed and one in ten runs out within the month; fitness, permits,
      // PUC and road tax lapse or run out here and there too.
      insurance_expiry:
        index % 10 === 3 ? inDays(-15, 12) : index % 10 === 7 ? inDays(14, 12) : inDays(200, 140),
      fitness_certificate_no: `FC/${city.rtos[0]}/${random.digits(6)}`,
      fitness_expiry:
        index % 12 === 5 ? inDays(18, 8) : index % 17 === 9 ? inDays(-25, 10) : inDays(380, 300),
      permit_no: `${city.rtos[0]}/${seats > 12 ? 'CC' : 'TP'}/${random.digits(5)}/${built}`,
      permit_expiry: index % 15 === 2 ? inDays(-8, 5) : inDays(900, 600),
      puc_no: `${city.stateId}${random.digits(10)}`,
      puc_expiry: fuel === 'ELECTRIC' ? undefined : index % 9 === 4 ? inDays(10, 8) : inDays(150, 30),
      ...(!supplier && index % 3 === 0
        ? {
            loan_bank: random.pick([
              'HDFC Bank',
              'ICICI Bank',
              'Mahindra Finance',
              'Shriram Finance',
              'Tata Capital',
            ]),
            loan_account_no: random.digits(12),
            loan_emi: money(random.int(12, 40) * 500),
            loan_emi_day: random.pick([5, 7, 10, 15]),
            loan_end_date: addCalendarDays(`${built + 5}-01-01`, random.int(30, 330)),
          }
        : {}),
    });
  });
}
