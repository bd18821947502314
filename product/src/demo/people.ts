// The operator's customers and suppliers: corporates with GST billing details and credit terms, people
// paying per trip, fleet owners and driver-cum-owners, and the groups they are filed under.
import { buildGstin } from '@fleet/domain';
import { CITY, type CityPlan } from './cities';
import type { GroupName } from './fleet';
import { money, type PlanContext, ref, slug, type Values } from './toolkit';

const CUSTOMER_GROUPS = [
  { name: 'Corporate', description: 'Companies on credit, billed monthly' },
  { name: 'Hotels & Resorts', description: 'Guest transfers and sightseeing' },
  { name: 'Travel Agents', description: 'Tour operators and agents booking for their clients' },
  { name: 'Events & Weddings', description: 'Fleet for events, weddings and conferences' },
  { name: 'Retail', description: 'Walk-in and online customers paying per trip' },
] as const;
type CustomerGroup = (typeof CUSTOMER_GROUPS)[number]['name'];

interface CorporatePlan {
  name: string;
  city: CityPlan['key'];
  group: CustomerGroup;
  holder: 'C' | 'F';
  contact: string;
  /** A rate card for every main duty type × group in its city, this financial year. */
  contract?: { short: string; discount: number };
  /** A second GST registration, billed from another state. */
  alsoIn?: CityPlan['key'];
  labels?: readonly string[];
}

export const CORPORATES: readonly CorporatePlan[] = [
  {
    name: 'Konkan Shipping & Logistics Pvt Ltd',
    city: 'mumbai',
    group: 'Corporate',
    holder: 'C',
    contact: 'Neha Sawant',
    contract: { short: 'Konkan Shipping', discount: 100 },
    alsoIn: 'pune',
    labels: ['Monthly Contract', 'Priority'],
  },
  {
    name: 'Bandra Kurla Capital Advisors LLP',
    city: 'mumbai',
    group: 'Corporate',
    holder: 'F',
    contact: 'Aakash Mehra',
    labels: ['VIP'],
  },
  {
    name: 'Marine Lines Hospitality Pvt Ltd',
    city: 'mumbai',
    group: 'Hotels & Resorts',
    holder: 'C',
    contact: 'Front Office Manager',
    labels: ['Airport'],
  },
  {
    name: 'Western Ghats Pharma Ltd',
    city: 'mumbai',
    group: 'Corporate',
    holder: 'C',
    contact: 'Sunanda Pillai',
  },
  {
    name: 'Arabian Sea Media Pvt Ltd',
    city: 'mumbai',
    group: 'Corporate',
    holder: 'C',
    contact: 'Karan Kapoor',
    labels: ['Night Shift'],
  },
  {
    name: 'Juhu Tara Beach Resort',
    city: 'mumbai',
    group: 'Hotels & Resorts',
    holder: 'F',
    contact: 'Concierge Desk',
    labels: ['Airport'],
  },
  {
    name: 'Gateway Events & Weddings',
    city: 'mumbai',
    group: 'Events & Weddings',
    holder: 'F',
    contact: 'Ritika Shah',
    labels: ['Wedding'],
  },
  {
    name: 'Sahyadri Infotech Pvt Ltd',
    city: 'pune',
    group: 'Corporate',
    holder: 'C',
    contact: 'Travel Desk',
    contract: { short: 'Sahyadri Infotech', discount: 95 },
    alsoIn: 'bengaluru',
    labels: ['Monthly Contract', 'Night Shift'],
  },
  {
    name: 'Deccan Auto Components Ltd',
    city: 'pune',
    group: 'Corporate',
    holder: 'C',
    contact: 'Amit Joshi',
  },
  {
    name: 'Shaniwar Wada Heritage Tours',
    city: 'pune',
    group: 'Travel Agents',
    holder: 'F',
    contact: 'Mandar Kulkarni',
  },
  {
    name: 'Hinjewadi Software Services Pvt Ltd',
    city: 'pune',
    group: 'Corporate',
    holder: 'C',
    contact: 'Admin Team',
    labels: ['Night Shift'],
  },
  {
    name: 'Koregaon Park Residency',
    city: 'pune',
    group: 'Hotels & Resorts',
    holder: 'F',
    contact: 'Guest Relations',
  },
  {
    name: 'Chakan Engineering Works Pvt Ltd',
    city: 'pune',
    group: 'Corporate',
    holder: 'C',
    contact: 'Vaishali Deshpande',
    labels: ['Credit Hold'],
  },
  {
    name: 'Garden City Software Solutions Pvt Ltd',
    city: 'bengaluru',
    group: 'Corporate',
    holder: 'C',
    contact: 'Transport Desk',
    contract: { short: 'Garden City Software', discount: 97 },
    labels: ['Monthly Contract'],
  },
  {
    name: 'Cubbon Analytics Pvt Ltd',
    city: 'bengaluru',
    group: 'Corporate',
    holder: 'C',
    contact: 'Divya Prasad',
  },
  {
    name: 'Nandi Hills Resorts LLP',
    city: 'bengaluru',
    group: 'Hotels & Resorts',
    holder: 'F',
    contact: 'Reservations',
  },
  {
    name: 'Silk Board Semiconductors Pvt Ltd',
    city: 'bengaluru',
    group: 'Corporate',
    holder: 'C',
    contact: 'Harish Bhat',
    labels: ['Priority'],
  },
  {
    name: 'Electronic City Data Systems Pvt Ltd',
    city: 'bengaluru',
    group: 'Corporate',
    holder: 'C',
    contact: 'Facilities Team',
    labels: ['Night Shift'],
  },
  {
    name: 'Kaveri Travels & Tours',
    city: 'bengaluru',
    group: 'Travel Agents',
    holder: 'F',
    contact: 'Prasanna Kumar',
  },
  {
    name: 'Malleshwaram Biotech Ltd',
    city: 'bengaluru',
    group: 'Corporate',
    holder: 'C',
    contact: 'Lakshmi Narayan',
  },
  {
    name: 'Yamuna Consulting Pvt Ltd',
    city: 'delhi',
    group: 'Corporate',
    holder: 'C',
    contact: 'Travel Desk',
    contract: { short: 'Yamuna Consulting', discount: 98 },
    alsoIn: 'mumbai',
    labels: ['Monthly Contract', 'VIP'],
  },
  {
    name: 'Raisina Legal Associates LLP',
    city: 'delhi',
    group: 'Corporate',
    holder: 'F',
    contact: 'Ankit Bhatia',
    labels: ['VIP'],
  },
  {
    name: 'Qutub Hospitality Pvt Ltd',
    city: 'delhi',
    group: 'Hotels & Resorts',
    holder: 'C',
    contact: 'Duty Manager',
    labels: ['Airport'],
  },
  {
    name: 'Indraprastha Exports Pvt Ltd',
    city: 'delhi',
    group: 'Corporate',
    holder: 'C',
    contact: 'Rohit Aggarwal',
  },
  {
    name: 'Aravalli Travel House',
    city: 'delhi',
    group: 'Travel Agents',
    holder: 'F',
    contact: 'Gurpreet Singh',
  },
  {
    name: 'Connaught Place Finance Ltd',
    city: 'delhi',
    group: 'Corporate',
    holder: 'C',
    contact: 'Shalini Verma',
    labels: ['Credit Hold'],
  },
];

/** The agent whose outstation card applies in every city. */
export const EVERY_CITY_AGENT = 'Kaveri Travels & Tours';

const INDIVIDUALS: readonly { name: string; city: CityPlan['key']; labels?: readonly string[] }[] = [
  { name: 'Anita Deshpande', city: 'pune' },
  { name: 'Rohan Kulkarni', city: 'pune', labels: ['Airport'] },
  { name: 'Sneha Joshi', city: 'pune' },
  { name: 'Meera Iyer', city: 'mumbai', labels: ['VIP'] },
  { name: 'Vikram Malhotra', city: 'mumbai' },
  { name: 'Farhan Qureshi', city: 'mumbai', labels: ['Wedding'] },
  { name: 'Sameer Shaikh', city: 'mumbai' },
  { name: 'Aditya Menon', city: 'bengaluru', labels: ['Airport'] },
  { name: 'Kavita Reddy', city: 'bengaluru' },
  { name: 'Shruti Hegde', city: 'bengaluru' },
  { name: 'Nikhil Bansal', city: 'delhi' },
  { name: 'Amit Khanna', city: 'delhi', labels: ['VIP'] },
  { name: 'Harpreet Kaur', city: 'delhi' },
  { name: 'Deepa Nair', city: 'delhi' },
];

const SUPPLIER_GROUPS = [
  { name: 'Attached Vendors', description: 'Fleet owners who supply vehicles with drivers' },
  { name: 'DCO Partners', description: 'Driver-cum-owners attached to us' },
  { name: 'Bus & Tempo Operators', description: 'Tempo travellers, mini buses and coaches' },
] as const;

interface SupplierPlan {
  name: string;
  city: CityPlan['key'];
  type: 'DCO' | 'COMPANY';
  group: (typeof SUPPLIER_GROUPS)[number]['name'];
  contact?: string;
  /** DCO: the vehicle they drive. */
  vehicle?: { model: string; group: GroupName; fuel: 'PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC' };
  /** Purchase rate cards for these groups in its city. */
  cards?: readonly GroupName[];
}

export const SUPPLIERS: readonly SupplierPlan[] = [
  {
    name: 'Shree Ganesh Tours & Travels',
    city: 'pune',
    type: 'COMPANY',
    group: 'Attached Vendors',
    contact: 'Dattatray Pawar',
    cards: ['Hatchback', 'Sedan', 'SUV', 'Innova Crysta'],
  },
  {
    name: 'Mumbai Cab Services Pvt Ltd',
    city: 'mumbai',
    type: 'COMPANY',
    group: 'Attached Vendors',
    contact: 'Salim Khan',
    cards: ['Hatchback', 'Sedan', 'SUV', 'Innova Crysta'],
  },
  {
    name: 'Namma Bengaluru Cabs',
    city: 'bengaluru',
    type: 'COMPANY',
    group: 'Attached Vendors',
    contact: 'Venkatesh Gowda',
    cards: ['Hatchback', 'Sedan', 'SUV', 'Innova Crysta'],
  },
  {
    name: 'Capital Fleet Solutions Pvt Ltd',
    city: 'delhi',
    type: 'COMPANY',
    group: 'Attached Vendors',
    contact: 'Manoj Tyagi',
    cards: ['Hatchback', 'Sedan', 'SUV', 'Innova Crysta'],
  },
  {
    name: 'Sai Coach Services',
    city: 'pune',
    type: 'COMPANY',
    group: 'Bus & Tempo Operators',
    contact: 'Bhausaheb Kadam',
    cards: ['Tempo Traveller 12 Seater', 'Tempo Traveller 17 Seater', 'Tempo Traveller 26 Seater'],
  },
  {
    name: 'Balasaheb Kale',
    city: 'pune',
    type: 'DCO',
    group: 'DCO Partners',
    vehicle: { model: 'Maruti Suzuki Dzire', group: 'Sedan', fuel: 'CNG' },
  },
  {
    name: 'Prashant More',
    city: 'pune',
    type: 'DCO',
    group: 'DCO Partners',
    vehicle: { model: 'Toyota Innova Crysta', group: 'Innova Crysta', fuel: 'DIESEL' },
  },
  {
    name: 'Irfan Shaikh',
    city: 'mumbai',
    type: 'DCO',
    group: 'DCO Partners',
    vehicle: { model: 'Maruti Suzuki Ertiga', group: 'MUV', fuel: 'CNG' },
  },
  {
    name: 'Mahadev Gowda',
    city: 'bengaluru',
    type: 'DCO',
    group: 'DCO Partners',
    vehicle: { model: 'Toyota Etios', group: 'Sedan', fuel: 'DIESEL' },
  },
  {
    name: 'Satish Yadav',
    city: 'delhi',
    type: 'DCO',
    group: 'DCO Partners',
    vehicle: { model: 'Hyundai Aura', group: 'Sedan', fuel: 'CNG' },
  },
];

/** The customer and supplier groups. */
export function planPartyGroups({ add }: PlanContext): void {
  for (const group of CUSTOMER_GROUPS) add('customer_group', group.name, { ...group });
  for (const group of SUPPLIER_GROUPS) add('supplier_group', group.name, { ...group });
}

/** Suppliers: fleet owners and driver-cum-owners, with their bank accounts. */
export function planSuppliers(ctx: PlanContext): void {
  const { add, address, bankAccount, inDays, licenceNo, pan: panFor, random, registration } = ctx;
  SUPPLIERS.forEach((supplier, index) => {
    const city = CITY[supplier.city];
    const dco = supplier.type === 'DCO';
    const surname = supplier.name.split(' ')[1]!;
    const pan = panFor(
      dco ? 'P' : supplier.name.includes('Pvt Ltd') ? 'C' : 'F',
      dco ? surname : supplier.name,
    );
    const at = address(
      city,
      dco
        ? `House ${random.int(2, 180)}`
        : `Office ${random.int(1, 40)}, ${random.pick(['Sai Complex', 'Shivam Arcade', 'Galaxy Plaza', 'Om Heights'])}`,
    );
    add('supplier', supplier.name, {
      name: supplier.name,
      supplier_type: supplier.type,
      phone: `+91989012${String(index + 1).padStart(4, '0')}`,
      email: dco ? undefined : `bookings@${slug(supplier.name)}.example.com`,
      contact_person: supplier.contact ?? supplier.name,
      supplier_group_id: ref('supplier_group', supplier.group),
      city_id: city.cityId,
      address: at.text,
      tax_type: dco ? 'UNREGISTRED' : 'GSTIN',
      billing_details: [
        {
          billing_name: supplier.name,
          gst_no: dco ? undefined : buildGstin(city.gstCode, pan),
          pan_no: pan,
          address: at.text,
          state_id: city.stateId,
          city_id: city.cityId,
          pincode: at.pincode,
          is_default: true,
        },
      ],
      tds_percentage: dco ? '1.00' : '2.00',
      tds_ledger_type: dco ? '194C_INDIVIDUAL' : '194C_OTHERS',
      invoice_due_in_days: dco ? 7 : 15,
      // A network (company) supplier bills its duties before the desk has reviewed its slips.
      invoice_unaccepted_network_duties: !dco,
      revenue_share_percentage: dco ? '80.00' : undefined,
      limited_city_ids: [city.cityId],
      bank_accounts: [{ account_holder: supplier.name, ...bankAccount() }],
      ...(supplier.vehicle
        ? {
            dco_vehicle_no: registration(city),
            dco_vehicle_model: supplier.vehicle.model,
            dco_vehicle_group_id: ref('vehicle_group', supplier.vehicle.group),
            dco_fuel_type: supplier.vehicle.fuel,
            dco_permit_no: `${city.rtos[0]}/TP/${random.digits(5)}`,
            // One lapsed permit and one insurance about to run out, for the expiry views.
            dco_permit_expiry: supplier.name === 'Prashant More' ? inDays(-12) : inDays(300, 60),
            dco_insurance_expiry: supplier.name === 'Mahadev Gowda' ? inDays(9) : inDays(200, 90),
            dco_licence_no: licenceNo(city, random.int(2005, 2016)),
            dco_licence_expiry: inDays(1500, 400),
            notes: 'Attached on revenue share; pays his own fuel.',
          }
        : {}),
    });
  });
}

/** Customers: companies with GST billing details and credit terms, and people paying per trip. */
export function planCustomers(ctx: PlanContext): void {
  const { add, address, fy, pan: panFor, phoneIn, random } = ctx;
  const localGst = [ref('tax', 'CGST 2.5%'), ref('tax', 'SGST 2.5%')];
  CORPORATES.forEach((customer, index) => {
    const city = CITY[customer.city];
    const pan = panFor(customer.holder, customer.name);
    const domain = `${slug(customer.name)}.example.com`;
    const office = address(
      city,
      `${random.pick(['Tower B', 'Wing A', 'Level 6', 'Plot 21', 'Block C'])}, ${random.pick(['Business Bay', 'One Park Avenue', 'Tech Centre', 'Trade Tower', 'Corporate Park'])}`,
    );
    const billing: Values[] = [
      {
        billing_name: customer.name,
        gst_no: buildGstin(city.gstCode, pan),
        pan_no: pan,
        address: office.text,
        state_id: city.stateId,
        city_id: city.cityId,
        pincode: office.pincode,
        email: `accounts@${domain}`,
        is_default: true,
      },
    ];
    if (customer.alsoIn) {
      const other = CITY[customer.alsoIn];
      const branch = address(
        other,
        `${random.pick(['Unit 204', 'Floor 3', 'Suite 9'])}, ${random.pick(['Tech Park', 'Business Centre'])}`,
      );
      billing.push({
        billing_name: `${customer.name} – ${other.name}`,
        gst_no: buildGstin(other.gstCode, pan),
        pan_no: pan,
        address: branch.text,
        state_id: other.stateId,
        city_id: other.cityId,
        pincode: branch.pincode,
        email: `accounts.${other.key}@${domain}`,
        is_default: false,
      });
    }
    const corporate = customer.group === 'Corporate';
    add('customer', customer.name, {
      name: customer.name,
      phone: phoneIn(city),
      email: `travel@${domain}`,
      contact_person: customer.contact,
      customer_group_id: ref('customer_group', customer.group),
      city_id: city.cityId,
      address: `${office.text} ${office.pincode}`,
      tax_type: 'GSTIN',
      billing_details: billing,
      tds_percentage: customer.group === 'Travel Agents' ? undefined : '2.00',
      invoice_due_in_days: corporate ? random.pick([30, 45, 60]) : 15,
      default_discount_percentage: !customer.contract && index % 5 === 1 ? '5.00' : undefined,
      min_garage_start_minutes: corporate ? 30 : undefined,
      min_garage_end_minutes: corporate ? 30 : undefined,
      auto_invoice_on_duty_end: customer.group === 'Hotels & Resorts',
      bill_to: corporate ? 'COMPANY_DIRECT' : 'COMPANY_OR_CUSTOMER',
      label_ids: (customer.labels ?? []).map((l) => ref('label', l)),
      tax_ids: localGst,
      night_allowance: corporate ? money(250) : undefined,
      early_start_allowance: corporate ? money(200) : undefined,
      outstation_night_allowance: money(300),
      city_timings: customer.contract
        ? [{ city_id: city.cityId, early_time: '06:00', late_time: '22:00', overnight_time: '23:45' }]
        : [],
      costlier_of_km_or_hour_city_ids: customer.contract ? [city.cityId] : [],
      custom_fields: corporate
        ? [{ custom_field_id: ref('custom_field', 'PO Number'), value: `PO/${fy.label}/${random.digits(4)}` }]
        : [],
      branches: customer.alsoIn
        ? [{ name: `${CITY[customer.alsoIn].name} office`, city_id: CITY[customer.alsoIn].cityId }]
        : [],
      notes: customer.labels?.includes('Credit Hold')
        ? 'Two invoices overdue beyond 90 days: check with accounts before allotting.'
        : undefined,
    });
  });
  INDIVIDUALS.forEach((person, index) => {
    const city = CITY[person.city];
    const home = address(
      city,
      `${random.pick(['Flat', 'Apartment'])} ${random.int(101, 1204)}, ${random.pick(['Sunshine Heights', 'Lake View Residency', 'Palm Grove', 'Silver Oak Apartments'])}`,
    );
    add('customer', person.name, {
      name: person.name,
      phone: `+91982001${String(index + 1).padStart(4, '0')}`,
      email: `${person.name.toLowerCase().replace(' ', '.')}@mail.example.com`,
      customer_group_id: ref('customer_group', 'Retail'),
      city_id: city.cityId,
      address: `${home.text} ${home.pincode}`,
      tax_type: 'UNREGISTRED',
      billing_details: [
        {
          billing_name: person.name,
          address: home.text,
          state_id: city.stateId,
          city_id: city.cityId,
          pincode: home.pincode,
          is_default: true,
        },
      ],
      invoice_due_in_days: 0,
      bill_to: 'PERSONAL',
      label_ids: (person.labels ?? []).map((l) => ref('label', l)),
      tax_ids: localGst,
    });
  });
}
