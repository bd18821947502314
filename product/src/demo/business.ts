// Business settings, bank accounts, the operator's companies (one GST registration per state) and
// invoice profiles, branches, and the catalogue the rest refers to: taxes, labels, billing items,
// custom fields and feedback forms.
import { buildGstin } from '@fleet/domain';
import { CITY } from './cities';
import { type PlanContext, ref, type Values } from './toolkit';

const TAXES = [
  {
    name: 'CGST 2.5%',
    percentage: '2.50',
    description: 'Car hire (SAC 9966) within the state, no input credit',
  },
  {
    name: 'SGST 2.5%',
    percentage: '2.50',
    description: 'Car hire (SAC 9966) within the state, no input credit',
  },
  {
    name: 'IGST 5%',
    percentage: '5.00',
    description: 'Car hire (SAC 9966) to another state, no input credit',
  },
  { name: 'CGST 6%', percentage: '6.00', description: 'Within the state, with input credit' },
  { name: 'SGST 6%', percentage: '6.00', description: 'Within the state, with input credit' },
  { name: 'IGST 12%', percentage: '12.00', description: 'To another state, with input credit' },
  { name: 'CGST 9%', percentage: '9.00', description: 'Other services within the state' },
  { name: 'SGST 9%', percentage: '9.00', description: 'Other services within the state' },
  { name: 'IGST 18%', percentage: '18.00', description: 'Other services to another state' },
] as const;

const LABELS = [
  { name: 'VIP', colour: 'purple' },
  { name: 'Monthly Contract', colour: 'blue' },
  { name: 'Airport', colour: 'sky-blue' },
  { name: 'Credit Hold', colour: 'red' },
  { name: 'Wedding', colour: 'pink' },
  { name: 'Priority', colour: 'orange' },
  { name: 'Night Shift', colour: 'black' },
] as const;

const BILLING_ITEMS = [
  { name: 'Toll', sac_code: '9967', is_taxable: false, driver_can_add: true },
  { name: 'Parking', sac_code: '9967', is_taxable: false, driver_can_add: true },
  { name: 'State Permit / Entry Tax', sac_code: '9967', is_taxable: false, driver_can_add: true },
  { name: 'Airport Entry Fee', sac_code: '9967', is_taxable: false, driver_can_add: true },
  { name: 'MCD Toll / Green Tax', sac_code: '9967', is_taxable: false, driver_can_add: true },
  { name: 'Driver Night Charge', sac_code: '9966', is_taxable: true },
  { name: 'Driver Outstation Allowance', sac_code: '9966', is_taxable: true },
  { name: 'Waiting Charges', sac_code: '9966', is_taxable: true },
  { name: 'Fuel Surcharge', sac_code: '9966', is_taxable: true },
  { name: 'Car Decoration', sac_code: '998596', is_taxable: true, tax: 'IGST 18%' },
] as const;

/** The business settings, bank accounts, companies with their invoice profiles, and branches. */
export function planBusiness(ctx: PlanContext): Values {
  const { add, address, phoneIn } = ctx;
  const settings: Values = {
    business_name: 'Demo Travels',
    time_zone: 'Asia/Kolkata',
    head_office_city_id: CITY.pune.cityId,
    support_phone: '+912067001234',
    support_email: 'support@demotravels.example.com',
    rent_a_cab_gst: 'GST_5_NO_ITC',
    invoice_due_in_days: 30,
    extra_hour_rounding: 'STEP_30',
    is_trip_start_otp_required: true,
    is_trip_end_otp_required: false,
    send_passenger_sms: true,
    send_passenger_email: true,
    slip_auto_accept_hours: 48,
  };

  const holder = 'Demo Travels Private Limited';
  const banks = [
    {
      name: 'HDFC Current – Pune',
      bank_name: 'HDFC Bank',
      account_no: '50200012345678',
      ifsc: 'HDFC0000146',
      branch_name: 'Baner, Pune',
      account_type: 'CURRENT',
      upi_id: 'demotravels@hdfcbank',
    },
    {
      name: 'ICICI Overdraft – Mumbai',
      bank_name: 'ICICI Bank',
      account_no: '000405123456',
      ifsc: 'ICIC0000004',
      branch_name: 'Andheri East, Mumbai',
      account_type: 'OVERDRAFT',
    },
    {
      name: 'SBI Current – Bengaluru',
      bank_name: 'State Bank of India',
      account_no: '38123456789',
      ifsc: 'SBIN0040293',
      branch_name: 'Whitefield, Bengaluru',
      account_type: 'CURRENT',
      upi_id: 'demotravels.blr@sbi',
    },
  ];
  for (const bank of banks) add('bank_account', bank.name, { ...bank, account_holder: holder });

  // Where the fleet fills up: a pump with a credit account near each garage, and a CNG station.
  const stations = [
    {
      name: 'HP Baner Road',
      brand: 'HP',
      city: CITY.pune,
      address: 'Baner Road, near Balewadi Phata',
      credit: true,
    },
    {
      name: 'IOCL Hinjewadi Phase 1',
      brand: 'Indian Oil',
      city: CITY.pune,
      address: 'Hinjewadi Phase 1',
      credit: false,
    },
    {
      name: 'MNGL CNG Wakad',
      brand: 'MNGL',
      city: CITY.pune,
      address: 'Wakad, near Dange Chowk',
      credit: false,
    },
    {
      name: 'BPCL Andheri East',
      brand: 'Bharat Petroleum',
      city: CITY.mumbai,
      address: 'Andheri-Kurla Road',
      credit: true,
    },
    {
      name: 'Shell Whitefield',
      brand: 'Shell',
      city: CITY.bengaluru,
      address: 'ITPL Main Road, Whitefield',
      credit: true,
    },
  ];
  for (const station of stations) {
    add('fuel_station', station.name, {
      name: station.name,
      brand: station.brand,
      city_id: station.city.cityId,
      address: station.address,
      has_credit_account: station.credit,
    });
  }

  const ownPan = 'AAHCD4821K';
  const companies = [
    { name: holder, city: CITY.pune, building: 'Office 401, Pride Icon', bank: banks[0]!.name, suffix: '' },
    {
      name: `${holder} (Karnataka)`,
      city: CITY.bengaluru,
      building: '3rd Floor, Prestige Tech Park',
      bank: banks[2]!.name,
      suffix: 'B',
    },
    {
      name: `${holder} (Delhi)`,
      city: CITY.delhi,
      building: 'Unit 12, Aerocity Hospitality District',
      bank: banks[1]!.name,
      suffix: 'D',
    },
  ];
  for (const company of companies) {
    const at = address(company.city, company.building);
    add('company', company.name, {
      name: company.name,
      business_type: 'PRIVATE_LIMITED',
      gst_no: buildGstin(company.city.gstCode, ownPan),
      pan_no: ownPan,
      state_id: company.city.stateId,
      city_id: company.city.cityId,
      address: at.text,
      pincode: at.pincode,
      phone: phoneIn(company.city),
      email: `accounts.${company.city.key}@demotravels.example.com`,
      bank_account_id: ref('bank_account', company.bank),
      is_primary: company.suffix === '',
    });
    add('company_profile', `Demo Travels – ${company.city.name}`, {
      name: `Demo Travels – ${company.city === CITY.pune ? 'Maharashtra' : company.city === CITY.bengaluru ? 'Karnataka' : 'Delhi'}`,
      company_id: ref('company', company.name),
      invoice_title: 'Tax Invoice',
      invoice_prefix: `DT${company.suffix}/{FY}/`,
      receipt_prefix: `RC${company.suffix}/{FY}/`,
      credit_note_prefix: `CN${company.suffix}/{FY}/`,
      invoice_terms: [
        '1. Payment is due within 30 days of the invoice date.',
        '2. Toll, parking and state taxes are charged at actuals.',
        `3. Subject to ${company.city.name} jurisdiction.`,
      ].join('\n'),
      invoice_footer: 'Thank you for travelling with Demo Travels. This is a computer generated invoice.',
      bank_account_id: ref('bank_account', company.bank),
    });
  }

  // Branches: an office or dispatch desk in each city.
  const branches = [
    {
      name: 'Pune Head Office',
      type: 'OFFICE_DISPATCH',
      city: CITY.pune,
      building: 'Office 401, Pride Icon',
    },
    {
      name: 'Mumbai – Andheri',
      type: 'DISPATCH',
      city: CITY.mumbai,
      building: 'Shop 7, Chakala Industrial Area',
    },
    {
      name: 'Bengaluru – Whitefield',
      type: 'OFFICE_DISPATCH',
      city: CITY.bengaluru,
      building: '3rd Floor, Prestige Tech Park',
    },
    {
      name: 'Delhi – Aerocity',
      type: 'DISPATCH',
      city: CITY.delhi,
      building: 'Unit 12, Aerocity Hospitality District',
    },
  ];
  for (const branch of branches) {
    add('branch', branch.city.key, {
      name: branch.name,
      type: branch.type,
      city_id: branch.city.cityId,
      address: address(branch.city, branch.building).text,
      phone: phoneIn(branch.city),
      email: `${branch.city.key}@demotravels.example.com`,
    });
  }
  return settings;
}

/** The taxes and labels other records point at. */
export function planTaxesAndLabels({ add }: PlanContext): void {
  for (const tax of TAXES) add('tax', tax.name, { ...tax });
  for (const label of LABELS) add('label', label.name, { ...label });
}

/** Billing items, custom fields and feedback forms. */
export function planBillingItemsAndForms({ add }: PlanContext): void {
  for (const item of BILLING_ITEMS) {
    const { tax, ...rest } = item as (typeof BILLING_ITEMS)[number] & { tax?: string };
    add('billing_item', item.name, { ...rest, tax_id: tax ? ref('tax', tax) : undefined });
  }
  const customFields = [
    { name: 'Cost Centre', entity: 'BOOKING', type: 'TEXT' },
    {
      name: 'Trip Purpose',
      entity: 'BOOKING',
      type: 'SELECT',
      options: 'Client visit,Airport,Training,Event,Personal',
    },
    { name: 'Employee Code', entity: 'PASSENGER', type: 'TEXT' },
    { name: 'PO Number', entity: 'CUSTOMER', type: 'TEXT' },
  ];
  for (const field of customFields) add('custom_field', field.name, { ...field, is_required: false });

  add('feedback_form', 'Trip Feedback', {
    name: 'Trip Feedback',
    description: 'Tell us how your trip went. It takes less than a minute.',
    questions: [
      {
        label: 'How would you rate your chauffeur?',
        type: 'SELECT',
        display: 'RADIO',
        options: 'Excellent,Good,Average,Poor',
        is_required: true,
      },
      {
        label: 'Did the vehicle arrive on time?',
        type: 'SELECT',
        display: 'DROPDOWN',
        options: 'On time,Up to 15 minutes late,More than 15 minutes late',
        is_required: true,
      },
      {
        label: 'Was the vehicle clean and well maintained?',
        type: 'SELECT',
        display: 'RADIO',
        options: 'Yes,No',
        is_required: true,
      },
      {
        label: 'What did you like?',
        type: 'MULTI_SELECT',
        display: 'CHECKBOX',
        options: 'Safe driving,Courtesy,Vehicle condition,Punctuality,Route knowledge',
      },
      { label: 'Anything we could do better?', type: 'TEXTAREA' },
    ],
  });
  add('feedback_form', 'Corporate Monthly Review', {
    name: 'Corporate Monthly Review',
    description: 'For travel desks: how we served your team this month.',
    questions: [
      {
        label: 'Overall service this month',
        type: 'SELECT',
        display: 'RADIO',
        options: '5,4,3,2,1',
        is_required: true,
      },
      {
        label: 'Were bookings confirmed promptly?',
        type: 'SELECT',
        display: 'RADIO',
        options: 'Always,Mostly,Rarely',
        is_required: true,
      },
      { label: 'Billing queries or disputes', type: 'TEXTAREA' },
      { label: 'Name of the reviewer', type: 'INPUT', is_required: true },
    ],
  });
}
