// The permission catalogue (spec §6): every permission a staff member can be given, grouped by model,
// with the permissions each one needs. A permission's `requires` lists its direct dependencies only;
// `closePermissions` (./closure) adds the transitive ones.
//
// Conventions used where the spec is silent:
// - manage_X requires view_X, and every other action on a model requires that model's view permission
//   (except the Employee model, where the spec has it the other way round: view_employee and
//   auto_login require manage_employee).
// - cancel_X requires manage_X (the spec says so for invoices; receipts, notes and purchases follow).
// - A screen that must list records of another model to be usable requires that model's view (or
//   view_basic_*) permission, following create_invoice: allotment needs basic vehicle information,
//   receipts and notes settle against invoices, purchases are made from suppliers' duties.

export const PERMISSION_MODELS = [
  'Employee',
  'Duty',
  'Booking',
  'Invoice',
  'Receipt',
  'Credit And Debit Note',
  'Purchase',
  'Purchase Duty',
  'Purchase Payment',
  'Petty Cash',
  'Vehicle Expense',
  'Vehicle Fuel',
  'Fuel Station',
  'SMS and Email',
  'Driver',
  'Duty Supporter',
  'Vehicle',
  'Vehicle Group',
  'Customer Group',
  'Customer',
  'Pricing',
  'Supplier Group',
  'Supplier',
  'Duty Type',
  'Tax',
  'Branch',
  'Billing Item',
  'Bank Account',
  'Sister Company',
  'Company',
  'Business Profile',
  'Label',
  'Feedback Form',
  'Report',
  'Network',
  'Invoice Export Profile',
  'Duty Export Profile',
  'Purchase Export Profile',
  'Location Tracking',
] as const;

export type PermissionModel = (typeof PERMISSION_MODELS)[number];

/** One entry of the catalogue, as the Permission table stores it (model, name, description, readable_id). */
export interface PermissionDefinition {
  readonly readableId: string;
  readonly model: PermissionModel;
  readonly name: string;
  readonly description: string;
  /** Direct dependencies: holding this permission requires holding these. */
  readonly requires: readonly string[];
}

// Nearly every duty, booking, invoice, receipt and purchase permission needs this (spec §6).
const BASIC_DRIVER = 'view_basic_driver_information';

export const PERMISSION_CATALOGUE = [
  // ── Employee ───────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'manage_employee',
    model: 'Employee',
    name: 'Manage Employees',
    description: 'Add and edit employees and give them permission profiles and permissions.',
    requires: [],
  },
  {
    readableId: 'view_employee',
    model: 'Employee',
    name: 'View Employees',
    description: 'See the list of employees and their details.',
    requires: ['manage_employee'],
  },
  {
    readableId: 'auto_login',
    model: 'Employee',
    name: 'Auto Login',
    description: 'Sign in as another employee to act on their behalf (masquerade).',
    requires: ['manage_employee'],
  },

  // ── Duty ───────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'edit_duty',
    model: 'Duty',
    name: 'Edit Duty',
    description: 'Change the details of a duty such as reporting time, address and vehicle group.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'assign_back_reporting_date_duty',
    model: 'Duty',
    name: 'Back-Date Reporting Date',
    description: 'Give a duty a reporting date that is already in the past.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'manage_duty_label',
    model: 'Duty',
    name: 'Manage Duty Labels',
    description: 'Add labels to duties and remove them.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'allot_vehicle_driver_to_duty',
    model: 'Duty',
    name: 'Allot Vehicle and Driver',
    description:
      'Allot a vehicle and driver, a supplier or a network associate to a duty, or clear the allotment.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_basic_vehicle_information'],
  },
  {
    readableId: 'allot_despite_conflicts',
    model: 'Duty',
    name: 'Allot Despite Conflicts',
    description:
      'Allot a vehicle or driver already on an overlapping duty, or whose documents have lapsed, giving a reason that is logged.',
    requires: ['allot_vehicle_driver_to_duty'],
  },
  {
    readableId: 'skip_duty',
    model: 'Duty',
    name: 'Skip Duty',
    description: 'Skip a single duty of a multi-day booking without cancelling the booking.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'cancel_duty',
    model: 'Duty',
    name: 'Cancel Duty',
    description: 'Cancel a duty with a reason, or cancel it as a passenger no-show.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'send_duty_info',
    model: 'Duty',
    name: 'Send Duty Information',
    description:
      'Send the allotment details of a duty to the driver, passenger or supplier by text or email.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'view_duty_slip',
    model: 'Duty',
    name: 'View Duty Slip',
    description: 'See the duty slip of a duty: times, kilometres, locations, photos and signature.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'generate_duty_slip',
    model: 'Duty',
    name: 'Generate Duty Slip',
    description: 'Fill in or generate the duty slip of a duty from the trip readings.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_duty_slip'],
  },
  {
    readableId: 'adjust_duty_slip_customer_allowance',
    model: 'Duty',
    name: 'Adjust Customer Allowances',
    description: 'Change the allowances charged to the customer on a duty slip.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_duty_slip'],
  },
  {
    readableId: 'adjust_duty_slip_driver_allowance',
    model: 'Duty',
    name: 'Adjust Driver Allowances',
    description: 'Change the allowances paid to the driver on a duty slip.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_duty_slip'],
  },
  {
    readableId: 'adjust_duty_slip_supplier_allowance',
    model: 'Duty',
    name: 'Adjust Supplier Allowances',
    description: 'Change the allowances paid to the supplier on the purchase duty slip.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_duty_slip'],
  },
  {
    readableId: 'approve_duty_slip',
    model: 'Duty',
    name: 'Approve Duty Slip',
    description: 'Approve a duty slip so that the duty can be billed.',
    requires: [BASIC_DRIVER, 'view_booking', 'view_duty_slip'],
  },
  {
    readableId: 'chat_with_network_associate',
    model: 'Duty',
    name: 'Chat With Network Associate',
    description: 'Exchange messages about a duty with the network customer or supplier it is shared with.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },

  // ── Booking ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_booking',
    model: 'Booking',
    name: 'View Bookings',
    description: 'See bookings and duties in every booking tab.',
    requires: [BASIC_DRIVER],
  },
  {
    readableId: 'manage_booking',
    model: 'Booking',
    name: 'Manage Bookings',
    description: 'Create bookings and change them.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'send_booking_confirmation_sms',
    model: 'Booking',
    name: 'Send Confirmation SMS',
    description: 'Send the booking confirmation text message to the booker and passengers.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'send_booking_confirmation_email',
    model: 'Booking',
    name: 'Send Confirmation Email',
    description: 'Send the booking confirmation email to the booker and passengers.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'delete_booking',
    model: 'Booking',
    name: 'Delete Booking',
    description: 'Delete a booking that was entered by mistake.',
    requires: [BASIC_DRIVER, 'view_booking', 'manage_booking'],
  },
  {
    readableId: 'export_booking',
    model: 'Booking',
    name: 'Export Bookings',
    description: 'Download the booking list as a spreadsheet.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'manage_booking_insurance',
    model: 'Booking',
    name: 'Manage Booking Insurance',
    description: 'Add or remove trip insurance on a booking.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },

  // ── Invoice ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_invoice',
    model: 'Invoice',
    name: 'View Invoices',
    description: 'See sales invoices and their details.',
    requires: [BASIC_DRIVER],
  },
  {
    readableId: 'create_invoice',
    model: 'Invoice',
    name: 'Create Invoice',
    description: 'Create sales invoices from duties or as manual invoices.',
    requires: [BASIC_DRIVER, 'view_invoice', 'view_customer', 'view_duty_slip', 'view_booking'],
  },
  {
    readableId: 'edit_invoice',
    model: 'Invoice',
    name: 'Edit Invoice',
    description: 'Change the rows, dates and billing details of a sales invoice.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },
  {
    readableId: 'manage_invoice',
    model: 'Invoice',
    name: 'Manage Invoices',
    description: 'Create and edit sales invoices and apply advances and notes to them.',
    requires: [BASIC_DRIVER, 'view_invoice', 'create_invoice', 'edit_invoice'],
  },
  {
    readableId: 'cancel_invoice',
    model: 'Invoice',
    name: 'Cancel Invoice',
    description: 'Cancel a sales invoice; its number is kept and never reused.',
    requires: [BASIC_DRIVER, 'view_invoice', 'manage_invoice'],
  },
  {
    readableId: 'download_print_invoice',
    model: 'Invoice',
    name: 'Download and Print Invoice',
    description: 'Download or print a sales invoice with its duty slips and duty summary.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },
  {
    readableId: 'email_invoice',
    model: 'Invoice',
    name: 'Email Invoice',
    description: 'Email a sales invoice to the customer.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },
  {
    readableId: 'send_invoice_via_network',
    model: 'Invoice',
    name: 'Send Invoice via Network',
    description: 'Send a sales invoice to a network customer, where it arrives as their purchase invoice.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },
  {
    readableId: 'export_invoice',
    model: 'Invoice',
    name: 'Export Invoices',
    description: 'Download the invoice list as a spreadsheet.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },
  {
    readableId: 'approve_invoice',
    model: 'Invoice',
    name: 'Approve Invoice',
    description: 'Approve a sales invoice, which locks it against further changes.',
    requires: [BASIC_DRIVER, 'view_invoice'],
  },

  // ── Receipt ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_receipt',
    model: 'Receipt',
    name: 'View Receipts',
    description: 'See payments received from customers and how they were settled.',
    requires: [BASIC_DRIVER],
  },
  {
    readableId: 'manage_receipt',
    model: 'Receipt',
    name: 'Manage Receipts',
    description: 'Record payments received and settle them against invoices.',
    requires: [BASIC_DRIVER, 'view_receipt', 'view_invoice'],
  },
  {
    readableId: 'download_print_receipt',
    model: 'Receipt',
    name: 'Download and Print Receipt',
    description: 'Download or print a receipt.',
    requires: [BASIC_DRIVER, 'view_receipt'],
  },
  {
    readableId: 'cancel_receipt',
    model: 'Receipt',
    name: 'Cancel Receipt',
    description: 'Cancel a receipt and undo its settlements.',
    requires: [BASIC_DRIVER, 'view_receipt', 'manage_receipt'],
  },
  {
    readableId: 'request_payment',
    model: 'Receipt',
    name: 'Request Payment',
    description: 'Send a customer a request to pay their outstanding invoices.',
    requires: [BASIC_DRIVER, 'view_receipt'],
  },
  {
    readableId: 'export_receipt',
    model: 'Receipt',
    name: 'Export Receipts',
    description: 'Download the receipt list as a spreadsheet.',
    requires: [BASIC_DRIVER, 'view_receipt'],
  },
  {
    readableId: 'email_receipt',
    model: 'Receipt',
    name: 'Email Receipt',
    description: 'Email a receipt to the customer.',
    requires: [BASIC_DRIVER, 'view_receipt'],
  },

  // ── Credit And Debit Note ──────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_credit_debit_note',
    model: 'Credit And Debit Note',
    name: 'View Credit and Debit Notes',
    description: 'See credit and debit notes and the invoices they settle.',
    requires: [],
  },
  {
    readableId: 'manage_credit_debit_note',
    model: 'Credit And Debit Note',
    name: 'Manage Credit and Debit Notes',
    description: 'Create and edit credit and debit notes and settle them against invoices.',
    requires: ['view_credit_debit_note', 'view_invoice'],
  },
  {
    readableId: 'download_print_credit_debit_note',
    model: 'Credit And Debit Note',
    name: 'Download and Print Note',
    description: 'Download or print a credit or debit note.',
    requires: ['view_credit_debit_note'],
  },
  {
    readableId: 'cancel_credit_debit_note',
    model: 'Credit And Debit Note',
    name: 'Cancel Note',
    description: 'Cancel a credit or debit note and undo its settlements.',
    requires: ['view_credit_debit_note', 'manage_credit_debit_note'],
  },
  {
    readableId: 'export_credit_debit_note',
    model: 'Credit And Debit Note',
    name: 'Export Notes',
    description: 'Download the list of credit and debit notes as a spreadsheet.',
    requires: ['view_credit_debit_note'],
  },

  // ── Purchase ───────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_purchase',
    model: 'Purchase',
    name: 'View Purchases',
    description: 'See purchase invoices from suppliers and the purchase side of duties.',
    requires: [BASIC_DRIVER],
  },
  {
    readableId: 'manage_purchase',
    model: 'Purchase',
    name: 'Manage Purchases',
    description: "Enter and edit suppliers' purchase invoices for the duties they did.",
    requires: [BASIC_DRIVER, 'view_purchase', 'view_supplier', 'view_booking'],
  },
  {
    readableId: 'approve_purchase_invoice',
    model: 'Purchase',
    name: 'Approve Purchase Invoice',
    description: 'Approve a purchase invoice, which locks it against further changes.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'export_purchase',
    model: 'Purchase',
    name: 'Export Purchases',
    description: 'Download the purchase invoice list as a spreadsheet.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'download_print_purchase',
    model: 'Purchase',
    name: 'Download and Print Purchase',
    description: 'Download or print a purchase invoice.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'email_purchase',
    model: 'Purchase',
    name: 'Email Purchase',
    description: 'Email a purchase invoice to the supplier.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'cancel_purchase',
    model: 'Purchase',
    name: 'Cancel Purchase',
    description: 'Cancel a purchase invoice.',
    requires: [BASIC_DRIVER, 'view_purchase', 'manage_purchase'],
  },

  // ── Purchase Duty ──────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_purchase_duty',
    model: 'Purchase Duty',
    name: 'View Purchase Duties',
    description: 'See duties done by suppliers with their purchase slips and amounts.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'manage_purchase_duty',
    model: 'Purchase Duty',
    name: 'Manage Purchase Duties',
    description: 'Change the purchase slip and amounts of duties done by suppliers.',
    requires: [BASIC_DRIVER, 'view_purchase_duty'],
  },

  // ── Purchase Payment ───────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_purchase_payment',
    model: 'Purchase Payment',
    name: 'View Purchase Payments',
    description: 'See payments made to suppliers and how they were settled.',
    requires: [BASIC_DRIVER, 'view_purchase'],
  },
  {
    readableId: 'manage_purchase_payment',
    model: 'Purchase Payment',
    name: 'Manage Purchase Payments',
    description: 'Record payments made to suppliers and settle them against purchase invoices.',
    requires: [BASIC_DRIVER, 'view_purchase_payment'],
  },

  // ── Petty Cash ─────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_petty_cash',
    model: 'Petty Cash',
    name: 'View Petty Cash',
    description: 'See petty cash given out and spent.',
    requires: [],
  },
  {
    readableId: 'add_petty_cash',
    model: 'Petty Cash',
    name: 'Add Petty Cash',
    description: 'Record petty cash given out or spent.',
    requires: ['view_petty_cash'],
  },
  {
    readableId: 'send_petty_cash_info',
    model: 'Petty Cash',
    name: 'Send Petty Cash Information',
    description: 'Send a petty cash entry to the person concerned by text or email.',
    requires: ['view_petty_cash'],
  },
  {
    readableId: 'manage_petty_cash',
    model: 'Petty Cash',
    name: 'Manage Petty Cash',
    description: 'Add, edit and delete petty cash entries and send them on.',
    requires: ['view_petty_cash', 'add_petty_cash', 'send_petty_cash_info'],
  },

  // ── Vehicle Expense ────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_vehicle_expense',
    model: 'Vehicle Expense',
    name: 'View Vehicle Expenses',
    description: 'See expenses recorded against vehicles, such as repairs and servicing.',
    requires: ['view_basic_vehicle_information'],
  },
  {
    readableId: 'manage_vehicle_expense',
    model: 'Vehicle Expense',
    name: 'Manage Vehicle Expenses',
    description: 'Add, edit and delete expenses recorded against vehicles.',
    requires: ['view_vehicle_expense'],
  },

  // ── Vehicle Fuel ───────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_vehicle_fuel',
    model: 'Vehicle Fuel',
    name: 'View Vehicle Fuel',
    description: 'See fuel filled in vehicles.',
    requires: ['view_basic_vehicle_information'],
  },
  {
    readableId: 'manage_vehicle_fuel',
    model: 'Vehicle Fuel',
    name: 'Manage Vehicle Fuel',
    description: 'Add, edit and delete fuel entries for vehicles.',
    requires: ['view_vehicle_fuel'],
  },

  // ── Fuel Station ───────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_fuel_station',
    model: 'Fuel Station',
    name: 'View Fuel Stations',
    description: 'See the list of fuel stations.',
    requires: [],
  },
  {
    readableId: 'manage_fuel_station',
    model: 'Fuel Station',
    name: 'Manage Fuel Stations',
    description: 'Add, edit and delete fuel stations.',
    requires: ['view_fuel_station'],
  },

  // ── SMS and Email ──────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_sms',
    model: 'SMS and Email',
    name: 'View SMS and Email',
    description: 'See the text messages and emails sent to customers, passengers, drivers and suppliers.',
    requires: [],
  },

  // ── Driver ─────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_basic_driver_information',
    model: 'Driver',
    name: 'View Basic Driver Information',
    description: 'See the name and phone number of drivers wherever a duty shows them.',
    requires: [],
  },
  {
    readableId: 'view_driver',
    model: 'Driver',
    name: 'View Drivers',
    description: 'See drivers with their full details, including salary, licence and documents.',
    requires: [BASIC_DRIVER],
  },
  {
    readableId: 'manage_driver',
    model: 'Driver',
    name: 'Manage Drivers',
    description: 'Add and edit drivers and their allowances.',
    requires: ['view_driver'],
  },
  {
    readableId: 'view_driver_attendance',
    model: 'Driver',
    name: 'View Driver Attendance',
    description: 'See the attendance of drivers.',
    requires: ['view_driver'],
  },
  {
    readableId: 'manage_driver_attendance',
    model: 'Driver',
    name: 'Manage Driver Attendance',
    description: 'Mark and correct the attendance of drivers.',
    requires: ['view_driver_attendance'],
  },
  {
    readableId: 'view_driver_user',
    model: 'Driver',
    name: 'View Driver App Users',
    description: 'See the driver app accounts, their verification and app version.',
    requires: ['view_driver'],
  },
  {
    readableId: 'manage_driver_user',
    model: 'Driver',
    name: 'Manage Driver App Users',
    description: 'Register, verify and deactivate driver app accounts.',
    requires: ['view_driver_user'],
  },

  // ── Duty Supporter ─────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_basic_duty_supporter_information',
    model: 'Duty Supporter',
    name: 'View Basic Duty Supporter Information',
    description: 'See the name and phone number of cleaners, guides and representatives on duties.',
    requires: [],
  },
  {
    readableId: 'view_duty_supporter',
    model: 'Duty Supporter',
    name: 'View Duty Supporters',
    description: 'See cleaners, guides and representatives with their full details.',
    requires: ['view_basic_duty_supporter_information'],
  },
  {
    readableId: 'manage_duty_supporter',
    model: 'Duty Supporter',
    name: 'Manage Duty Supporters',
    description: 'Add and edit cleaners, guides and representatives.',
    requires: ['view_duty_supporter'],
  },

  // ── Vehicle ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_basic_vehicle_information',
    model: 'Vehicle',
    name: 'View Basic Vehicle Information',
    description: 'See the model and number of vehicles wherever a duty shows them.',
    requires: [],
  },
  {
    readableId: 'view_vehicle',
    model: 'Vehicle',
    name: 'View Vehicles',
    description: 'See vehicles with their full details, including loan, insurance and permit papers.',
    requires: ['view_basic_vehicle_information'],
  },
  {
    readableId: 'manage_vehicle',
    model: 'Vehicle',
    name: 'Manage Vehicles',
    description: 'Add and edit vehicles and their documents.',
    requires: ['view_vehicle'],
  },

  // ── Vehicle Group ──────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_vehicle_group',
    model: 'Vehicle Group',
    name: 'View Vehicle Groups',
    description: 'See the vehicle groups, such as sedan or SUV, with their capacities.',
    requires: [],
  },
  {
    readableId: 'manage_vehicle_group',
    model: 'Vehicle Group',
    name: 'Manage Vehicle Groups',
    description: 'Add and edit vehicle groups.',
    requires: ['view_vehicle_group'],
  },

  // ── Customer Group ─────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_customer_group',
    model: 'Customer Group',
    name: 'View Customer Groups',
    description: 'See the groups customers are sorted into.',
    requires: [],
  },
  {
    readableId: 'manage_customer_group',
    model: 'Customer Group',
    name: 'Manage Customer Groups',
    description: 'Add and edit customer groups.',
    requires: ['view_customer_group'],
  },

  // ── Customer ───────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_customer',
    model: 'Customer',
    name: 'View Customers',
    description: 'See customers with their billing details and settings.',
    requires: [],
  },
  {
    readableId: 'manage_customer',
    model: 'Customer',
    name: 'Manage Customers',
    description: 'Add and edit customers, their billing details and settings.',
    requires: ['view_customer'],
  },

  // ── Pricing ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_pricing',
    model: 'Pricing',
    name: 'View Pricing',
    description: 'Open the Pricing screen; which rate cards it shows is Customer and Supplier Pricing’s.',
    requires: [],
  },
  {
    readableId: 'manage_pricing',
    model: 'Pricing',
    name: 'Manage Pricing',
    description: 'Change rate cards on the Pricing screen, with Customer or Supplier Pricing’s manage.',
    requires: ['view_pricing'],
  },
  {
    readableId: 'view_customer_pricing',
    model: 'Pricing',
    name: 'View Customer Pricing',
    description: 'See the rate cards agreed with each customer.',
    requires: ['view_customer', 'view_pricing'],
  },
  {
    readableId: 'manage_customer_pricing',
    model: 'Pricing',
    name: 'Manage Customer Pricing',
    description: 'Add and edit the rate cards agreed with each customer.',
    requires: ['view_customer_pricing', 'manage_pricing'],
  },
  {
    readableId: 'view_supplier_pricing',
    model: 'Pricing',
    name: 'View Supplier Pricing',
    description: 'See the rate cards agreed with each supplier.',
    requires: ['view_supplier', 'view_pricing'],
  },
  {
    readableId: 'manage_supplier_pricing',
    model: 'Pricing',
    name: 'Manage Supplier Pricing',
    description: 'Add and edit the rate cards agreed with each supplier.',
    requires: ['view_supplier_pricing', 'manage_pricing'],
  },

  // ── Supplier Group ─────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_supplier_group',
    model: 'Supplier Group',
    name: 'View Supplier Groups',
    description: 'See the groups suppliers are sorted into.',
    requires: [],
  },
  {
    readableId: 'manage_supplier_group',
    model: 'Supplier Group',
    name: 'Manage Supplier Groups',
    description: 'Add and edit supplier groups.',
    requires: ['view_supplier_group'],
  },

  // ── Supplier ───────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_supplier',
    model: 'Supplier',
    name: 'View Suppliers',
    description: 'See suppliers with their billing details and settings.',
    requires: [],
  },
  {
    readableId: 'manage_supplier',
    model: 'Supplier',
    name: 'Manage Suppliers',
    description: 'Add and edit suppliers, their billing details and settings.',
    requires: ['view_supplier'],
  },
  {
    readableId: 'view_supplier_user',
    model: 'Supplier',
    name: 'View Supplier Users',
    description: 'See the people who sign in on behalf of each supplier.',
    requires: ['view_supplier'],
  },
  {
    readableId: 'manage_supplier_user',
    model: 'Supplier',
    name: 'Manage Supplier Users',
    description: 'Add, edit and deactivate the people who sign in on behalf of each supplier.',
    requires: ['view_supplier_user'],
  },

  // ── Duty Type ──────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_duty_type',
    model: 'Duty Type',
    name: 'View Duty Types',
    description: 'See the duty types, such as local and outstation packages.',
    requires: [],
  },
  {
    readableId: 'manage_duty_type',
    model: 'Duty Type',
    name: 'Manage Duty Types',
    description: 'Add and edit duty types and their limits.',
    requires: ['view_duty_type'],
  },

  // ── Tax ────────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_tax',
    model: 'Tax',
    name: 'View Taxes',
    description: 'See the taxes and their percentages.',
    requires: [],
  },
  {
    readableId: 'manage_tax',
    model: 'Tax',
    name: 'Manage Taxes',
    description: 'Add and edit taxes and their percentages.',
    requires: ['view_tax'],
  },

  // ── Branch ─────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_branch',
    model: 'Branch',
    name: 'View Branches',
    description: 'See the office and dispatch branches.',
    requires: [],
  },
  {
    readableId: 'manage_branch',
    model: 'Branch',
    name: 'Manage Branches',
    description: 'Add and edit office and dispatch branches.',
    requires: ['view_branch'],
  },

  // ── Billing Item ───────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_billing_item',
    model: 'Billing Item',
    name: 'View Billing Items',
    description: 'See the billing items, such as tolls, parking and permits.',
    requires: [],
  },
  {
    readableId: 'manage_billing_item',
    model: 'Billing Item',
    name: 'Manage Billing Items',
    description: 'Add and edit billing items.',
    requires: ['view_billing_item'],
  },

  // ── Bank Account ───────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_bank_account',
    model: 'Bank Account',
    name: 'View Bank Accounts',
    description: 'See the bank accounts printed on invoices and used for payments.',
    requires: [],
  },
  {
    readableId: 'manage_bank_account',
    model: 'Bank Account',
    name: 'Manage Bank Accounts',
    description: 'Add and edit bank accounts.',
    requires: ['view_bank_account'],
  },

  // ── Sister Company ─────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_my_company',
    model: 'Sister Company',
    name: 'View My Companies',
    description: 'See the companies you bill from, with their tax numbers and addresses.',
    requires: [],
  },
  {
    readableId: 'manage_my_company',
    model: 'Sister Company',
    name: 'Manage My Companies',
    description: 'Add and edit the companies you bill from.',
    requires: ['view_my_company'],
  },
  {
    readableId: 'edit_primary_company_information',
    model: 'Sister Company',
    name: 'Edit Primary Company',
    description: 'Change the details of the primary company, such as its name and tax numbers.',
    requires: ['view_my_company', 'manage_my_company'],
  },

  // ── Company ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_people',
    model: 'Company',
    name: 'View People',
    description: 'See the contact people of the company.',
    requires: [],
  },
  {
    readableId: 'manage_people',
    model: 'Company',
    name: 'Manage People',
    description: 'Add and edit the contact people of the company.',
    requires: ['view_people'],
  },
  {
    readableId: 'view_custom_fields',
    model: 'Company',
    name: 'View Custom Fields',
    description: 'See the custom fields added to bookings and other records.',
    requires: [],
  },
  {
    readableId: 'manage_custom_fields',
    model: 'Company',
    name: 'Manage Custom Fields',
    description: 'Add and edit the custom fields added to bookings and other records.',
    requires: ['view_custom_fields'],
  },

  // ── Business Profile ───────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_company_profile',
    model: 'Business Profile',
    name: 'View Business Settings',
    description: 'See the business profile and settings.',
    requires: [],
  },
  {
    readableId: 'manage_company_profile',
    model: 'Business Profile',
    name: 'Manage Business Settings',
    description: 'Change the business profile and settings.',
    requires: ['view_company_profile'],
  },

  // ── Label ──────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_label',
    model: 'Label',
    name: 'View Labels',
    description: 'See the coloured labels that can be put on duties.',
    requires: [],
  },
  {
    readableId: 'manage_label',
    model: 'Label',
    name: 'Manage Labels',
    description: 'Add and edit labels and their colours.',
    requires: ['view_label'],
  },

  // ── Feedback Form ──────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_feedback_form',
    model: 'Feedback Form',
    name: 'View Feedback Forms',
    description: 'See the feedback forms sent to passengers and their answers.',
    requires: [],
  },
  {
    readableId: 'manage_feedback_form',
    model: 'Feedback Form',
    name: 'Manage Feedback Forms',
    description: 'Add and edit feedback forms and their questions.',
    requires: ['view_feedback_form'],
  },

  // ── Report ─────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_report',
    model: 'Report',
    name: 'View Reports',
    description: 'See and download the business reports.',
    requires: [],
  },

  // ── Network ────────────────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_accept_reject_incoming_requests',
    model: 'Network',
    name: 'Accept or Reject Incoming Requests',
    description:
      'See duties sent by network customers and accept or reject them, and see duties that need attention.',
    requires: [BASIC_DRIVER, 'view_booking'],
  },
  {
    readableId: 'network',
    model: 'Network',
    name: 'Network',
    description: 'Connect with other operators as customers or suppliers and share duties with them.',
    requires: ['manage_booking', 'view_accept_reject_incoming_requests'],
  },

  // ── Invoice Export Profile ─────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_invoice_export_profile',
    model: 'Invoice Export Profile',
    name: 'View Invoice Export Profiles',
    description: 'See the saved column choices for invoice and invoice duty exports.',
    requires: [],
  },
  {
    readableId: 'edit_invoice_export_profile',
    model: 'Invoice Export Profile',
    name: 'Edit Invoice Export Profiles',
    description: 'Add and change the saved column choices for invoice and invoice duty exports.',
    requires: ['view_invoice_export_profile'],
  },

  // ── Duty Export Profile ────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_duty_export_profile',
    model: 'Duty Export Profile',
    name: 'View Duty Export Profiles',
    description: 'See the saved column choices for duty exports.',
    requires: [],
  },
  {
    readableId: 'edit_duty_export_profile',
    model: 'Duty Export Profile',
    name: 'Edit Duty Export Profiles',
    description: 'Add and change the saved column choices for duty exports.',
    requires: ['view_duty_export_profile'],
  },

  // ── Purchase Export Profile ────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_purchase_export_profile',
    model: 'Purchase Export Profile',
    name: 'View Purchase Export Profiles',
    description: 'See the saved column choices for purchase invoice exports.',
    requires: [],
  },
  {
    readableId: 'edit_purchase_export_profile',
    model: 'Purchase Export Profile',
    name: 'Edit Purchase Export Profiles',
    description: 'Add and change the saved column choices for purchase invoice exports.',
    requires: ['view_purchase_export_profile'],
  },

  // ── Location Tracking ──────────────────────────────────────────────────────────────────────────
  {
    readableId: 'view_location_tracking',
    model: 'Location Tracking',
    name: 'View Location Tracking',
    description: 'See the live location of drivers on the map and the route of each duty.',
    requires: [BASIC_DRIVER],
  },
] as const satisfies readonly PermissionDefinition[];

/** Every permission identifier in the catalogue, as a union of string literals. */
export type PermissionId = (typeof PERMISSION_CATALOGUE)[number]['readableId'];

/** A catalogue entry whose identifiers are typed. */
export interface Permission extends PermissionDefinition {
  readonly readableId: PermissionId;
  readonly requires: readonly PermissionId[];
}

/**
 * The catalogue with typed identifiers. This assignment is also a compile-time guard: it fails to
 * type-check if any `requires` entry names a permission that is not in the catalogue.
 */
export const PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE;

/**
 * `PERMISSION.view_booking === 'view_booking'`: lets code name a permission with type checking, so a
 * misspelt or removed permission is a compile error rather than a silently missing menu item.
 */
export const PERMISSION = Object.freeze(
  Object.fromEntries(PERMISSION_CATALOGUE.map((p) => [p.readableId, p.readableId])),
) as { readonly [K in PermissionId]: K };
