// Records to proto. A master's record travels generically as Record (values in a Struct, through the
// domain's codec) to the gateway; the masters other services read also travel typed (Vehicle, Driver,
// Customer, Supplier, DutyType, RateCard, VehicleGroup, Label, and what invoicing reads: Company,
// CompanyProfile, Tax, BillingItem, BankAccount, BusinessSettings, FuelStation), each mapped here field by field from the record its
// declaration types, so a renamed or retyped field fails to compile here, not in a consumer.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  type ALLOWANCE_FIELDS,
  type bankAccountMaster,
  type billingItemMaster,
  type businessSettingsMaster,
  type companyMaster,
  type companyProfileMaster,
  type customerMaster,
  type driverMaster,
  type dutyTypeMaster,
  encodeValuesJson,
  type fuelStationMaster,
  type labelMaster,
  type MasterDefinition,
  type MasterRecord,
  type rateCardMaster,
  type supplierMaster,
  type taxMaster,
  type ValuesOf,
  type vehicleGroupMaster,
  type vehicleMaster,
} from '@fleet/domain';
import type {
  BankAccountSchema,
  BillingItemSchema,
  BusinessSettingsSchema,
  CompanyProfileSchema,
  CompanySchema,
  FuelStationSchema,
  LabelSchema,
  TaxSchema,
} from '@fleet/proto/fleet/masters/v1/billing_masters_pb';
import type {
  ConnectionSchema,
  CustomerSchema,
  SupplierSchema,
} from '@fleet/proto/fleet/masters/v1/connection_pb';
import type { AllowancesSchema, DriverSchema } from '@fleet/proto/fleet/masters/v1/driver_pb';
import type { DutyTypeSchema } from '@fleet/proto/fleet/masters/v1/duty_type_pb';
import { type RateCardSchema, RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { type Record as RecordMessage, RecordSchema } from '@fleet/proto/fleet/masters/v1/record_pb';
import type { VehicleGroupSchema, VehicleSchema } from '@fleet/proto/fleet/masters/v1/vehicle_pb';

/** A record as the wire carries it to the gateway: its values through the codec, as JSON text. */
export function recordToProto<D extends MasterDefinition>(
  definition: D,
  record: MasterRecord<D>,
): RecordMessage {
  const refNames: RecordMessage['refNames'] = {};
  for (const [field, names] of Object.entries<string[] | undefined>(record.refNames)) {
    if (names) refNames[field] = { $typeName: 'fleet.masters.v1.RefNames', names };
  }
  return create(RecordSchema, {
    id: record.id,
    kind: definition.kind,
    isActive: record.isActive,
    createdAt: timestampFromDate(record.createdAt),
    updatedAt: timestampFromDate(record.updatedAt),
    valuesJson: encodeValuesJson(definition, record.values),
    refNames,
    lapsed: record.lapsed,
  });
}

/** Proto3 has no null for strings: a value not set is ''. */
const text = (value: string | null) => value ?? '';
/** An optional number not set is absent. */
const count = (value: number | null) => value ?? undefined;

const recordColumns = (record: Pick<MasterRecord, 'id' | 'isActive' | 'createdAt' | 'updatedAt'>) => ({
  id: record.id,
  isActive: record.isActive,
  createdAt: timestampFromDate(record.createdAt),
  updatedAt: timestampFromDate(record.updatedAt),
});

export function vehicleToProto(
  record: MasterRecord<typeof vehicleMaster>,
): MessageInitShape<typeof VehicleSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    vehicleNo: v.vehicle_no,
    vehicleModel: v.vehicle_model,
    vehicleGroupId: v.vehicle_group_id,
    vehicleFuelType: v.vehicle_fuel_type,
    vehicleSeatingCapacity: count(v.vehicle_seating_capacity),
    colour: text(v.colour),
    manufacturingYear: count(v.manufacturing_year),
    branchId: text(v.branch_id),
    driverId: text(v.driver_id),
    supplierId: text(v.supplier_id),
    isAvailableForBooking: v.is_available_for_booking,
    rtoRegistrationDate: text(v.rto_registration_date),
    rtoTaxExpiry: text(v.rto_tax_expiry),
    insuranceCompany: text(v.insurance_company),
    insurancePolicyNo: text(v.insurance_policy_no),
    insuranceExpiry: text(v.insurance_expiry),
    fitnessCertificateNo: text(v.fitness_certificate_no),
    fitnessExpiry: text(v.fitness_expiry),
    permitNo: text(v.permit_no),
    permitExpiry: text(v.permit_expiry),
    pucNo: text(v.puc_no),
    pucExpiry: text(v.puc_expiry),
    loanBank: text(v.loan_bank),
    loanAccountNo: text(v.loan_account_no),
    loanEmi: text(v.loan_emi),
    loanEmiDay: count(v.loan_emi_day),
    loanEndDate: text(v.loan_end_date),
  };
}

/** The allowances drivers, customers and suppliers all declare (ALLOWANCE_FIELDS). */
function allowancesToProto(
  v: ValuesOf<ReturnType<typeof ALLOWANCE_FIELDS>>,
): MessageInitShape<typeof AllowancesSchema> {
  return {
    dailyAllowance: text(v.daily_allowance),
    otPerHour: text(v.ot_per_hour),
    outstationDayAllowance: text(v.outstation_day_allowance),
    outstationNightAllowance: text(v.outstation_night_allowance),
    sundayAllowance: text(v.sunday_allowance),
    earlyStartAllowance: text(v.early_start_allowance),
    nightAllowance: text(v.night_allowance),
    extraDutyAllowance: text(v.extra_duty_allowance),
  };
}

export function driverToProto(
  record: MasterRecord<typeof driverMaster>,
): MessageInitShape<typeof DriverSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    userRecordId: v.user_record_id ?? 0,
    name: v.name,
    phone: v.phone,
    alternatePhone: text(v.alternate_phone),
    email: text(v.email),
    address: text(v.address),
    branchId: text(v.branch_id),
    gender: text(v.gender),
    dob: text(v.dob),
    dateOfJoining: text(v.date_of_joining),
    isContractor: v.is_contractor,
    monthlySalary: text(v.monthly_salary),
    dailyWage: text(v.daily_wage),
    allowances: allowancesToProto(v),
    licenceNo: text(v.licence_no),
    licenceExpiry: text(v.licence_expiry),
    badgeNo: text(v.badge_no),
    badgeExpiry: text(v.badge_expiry),
    policeVerificationNo: text(v.police_verification_no),
    policeStation: text(v.police_station),
    policeVerificationExpiry: text(v.police_verification_expiry),
    bankName: text(v.bank_name),
    bankAccountNo: text(v.bank_account_no),
    bankIfsc: text(v.bank_ifsc),
  };
}

/** What customers and suppliers share, from either's values; `groupId` is the party's own group. */
function connectionToProto(
  record: MasterRecord<typeof customerMaster> | MasterRecord<typeof supplierMaster>,
  groupId: string | null,
): MessageInitShape<typeof ConnectionSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    phone: text(v.phone),
    alternatePhone: text(v.alternate_phone),
    email: text(v.email),
    contactPerson: text(v.contact_person),
    groupId: text(groupId),
    cityId: text(v.city_id),
    address: text(v.address),
    taxType: v.tax_type,
    billingDetails: v.billing_details.map((b) => ({
      billingName: b.billing_name,
      gstNo: text(b.gst_no),
      panNo: text(b.pan_no),
      address: b.address,
      stateId: b.state_id,
      cityId: text(b.city_id),
      pincode: text(b.pincode),
      email: text(b.email),
      isDefault: b.is_default,
    })),
    tdsPercentage: text(v.tds_percentage),
    invoiceDueInDays: count(v.invoice_due_in_days),
    surchargePercentage: text(v.surcharge_percentage),
    defaultDiscountPercentage: text(v.default_discount_percentage),
    forcedFuelType: text(v.forced_fuel_type),
    minGarageStartMinutes: count(v.min_garage_start_minutes),
    minGarageEndMinutes: count(v.min_garage_end_minutes),
    autoInvoiceOnDutyEnd: v.auto_invoice_on_duty_end,
    sendPassengerMessages: v.send_passenger_messages,
    sendBookerMessages: v.send_booker_messages,
    limitedCityIds: v.limited_city_ids,
    dutyTypeIds: v.duty_type_ids,
    vehicleGroupIds: v.vehicle_group_ids,
    labelIds: v.label_ids,
    taxIds: v.tax_ids,
    allowances: allowancesToProto(v),
    branches: v.branches.map((b) => ({
      name: b.name,
      cityId: text(b.city_id),
      address: text(b.address),
      phone: text(b.phone),
    })),
    customFields: v.custom_fields.map((c) => ({ customFieldId: c.custom_field_id, value: c.value })),
    notes: text(v.notes),
  };
}

export function customerToProto(
  record: MasterRecord<typeof customerMaster>,
): MessageInitShape<typeof CustomerSchema> {
  const v = record.values;
  return {
    connection: connectionToProto(record, v.customer_group_id),
    billTo: v.bill_to,
    cityTimings: v.city_timings.map((t) => ({
      cityId: t.city_id,
      earlyTime: text(t.early_time),
      lateTime: text(t.late_time),
      overnightTime: text(t.overnight_time),
    })),
    costlierOfKmOrHourCityIds: v.costlier_of_km_or_hour_city_ids,
    slipAutoAcceptHours: count(v.slip_auto_accept_hours),
    showChargesOnDigitalSlip: v.show_charges_on_digital_slip,
    feedbackFormId: text(v.feedback_form_id),
    billedFromCompanyId: text(v.billed_from_company_id),
  };
}

export function supplierToProto(
  record: MasterRecord<typeof supplierMaster>,
): MessageInitShape<typeof SupplierSchema> {
  const v = record.values;
  return {
    connection: connectionToProto(record, v.supplier_group_id),
    supplierType: v.supplier_type,
    revenueSharePercentage: text(v.revenue_share_percentage),
    tdsLedgerType: text(v.tds_ledger_type),
    invoiceUnacceptedNetworkDuties: v.invoice_unaccepted_network_duties,
    dco: {
      vehicleNo: text(v.dco_vehicle_no),
      vehicleModel: text(v.dco_vehicle_model),
      vehicleGroupId: text(v.dco_vehicle_group_id),
      fuelType: text(v.dco_fuel_type),
      permitNo: text(v.dco_permit_no),
      permitExpiry: text(v.dco_permit_expiry),
      insuranceExpiry: text(v.dco_insurance_expiry),
      licenceNo: text(v.dco_licence_no),
      licenceExpiry: text(v.dco_licence_expiry),
    },
    bankAccounts: v.bank_accounts.map((a) => ({
      accountHolder: a.account_holder,
      bankName: a.bank_name,
      accountNo: a.account_no,
      ifsc: a.ifsc,
    })),
  };
}

export function dutyTypeToProto(
  record: MasterRecord<typeof dutyTypeMaster>,
): MessageInitShape<typeof DutyTypeSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    type: v.type,
    maxKm: count(v.max_km),
    maxHr: count(v.max_hr),
    maxDays: count(v.max_days),
    isP2p: v.is_p2p,
    isG2g: v.is_g2g,
    isGarageStartCalculated: v.is_garage_start_calculated,
    isGarageEndCalculated: v.is_garage_end_calculated,
    hasOutstationAllowance: v.has_outstation_allowance,
  };
}

/** A rate card as the services that charge from it read it (ResolveRate, RateCardChanged). */
export function rateCardToProto(
  record: MasterRecord<typeof rateCardMaster>,
): MessageInitShape<typeof RateCardSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    party: v.party === 'CUSTOMER' ? RateParty.CUSTOMER : RateParty.SUPPLIER,
    customerId: text(v.customer_id),
    supplierId: text(v.supplier_id),
    dutyTypeId: v.duty_type_id,
    cityId: text(v.city_id),
    vehicleGroupId: v.vehicle_group_id,
    contractStart: v.contract_start,
    contractEnd: v.contract_end,
    normalRate: v.normal_rate,
    extraKmRate: text(v.extra_km_rate),
    extraHourRate: text(v.extra_hour_rate),
    overTimePerHr: text(v.over_time_per_hr),
    noShowRate: text(v.no_show_rate),
    outstationAllowance: text(v.outstation_allowance),
    outstationOverNightAllowance: text(v.outstation_over_night_allowance),
    sundayAllowance: text(v.sunday_allowance),
    earlyStartAllowance: text(v.early_start_allowance),
    nightAllowance: text(v.night_allowance),
    extraDutyAllowance: text(v.extra_duty_allowance),
    driverDailyAllowance: text(v.driver_daily_allowance),
    petrolRate: text(v.petrol_rate),
    dieselRate: text(v.diesel_rate),
    cngRate: text(v.cng_rate),
    electricRate: text(v.electric_rate),
    switchPathGroup: v.switch_path_group,
    kmCrossSlab: count(v.km_cross_slab),
    hourCrossSlab: count(v.hour_cross_slab),
    extraHourRounding: text(v.extra_hour_rounding),
  };
}

export function companyToProto(
  record: MasterRecord<typeof companyMaster>,
): MessageInitShape<typeof CompanySchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    businessType: text(v.business_type),
    gstNo: text(v.gst_no),
    panNo: text(v.pan_no),
    lutNo: text(v.lut_no),
    stateId: v.state_id,
    cityId: text(v.city_id),
    address: v.address,
    pincode: text(v.pincode),
    phone: text(v.phone),
    email: text(v.email),
    bankAccountId: text(v.bank_account_id),
    isPrimary: v.is_primary,
  };
}

export function companyProfileToProto(
  record: MasterRecord<typeof companyProfileMaster>,
): MessageInitShape<typeof CompanyProfileSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    companyId: v.company_id,
    invoiceTitle: text(v.invoice_title),
    invoicePrefix: text(v.invoice_prefix),
    receiptPrefix: text(v.receipt_prefix),
    creditNotePrefix: text(v.credit_note_prefix),
    invoiceTerms: text(v.invoice_terms),
    invoiceFooter: text(v.invoice_footer),
    logoFileId: text(v.logo_file_id),
    signatureFileId: text(v.signature_file_id),
    bankAccountId: text(v.bank_account_id),
  };
}

export function taxToProto(record: MasterRecord<typeof taxMaster>): MessageInitShape<typeof TaxSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    percentage: v.percentage,
    description: text(v.description),
  };
}

export function billingItemToProto(
  record: MasterRecord<typeof billingItemMaster>,
): MessageInitShape<typeof BillingItemSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    sacCode: text(v.sac_code),
    isTaxable: v.is_taxable,
    taxId: text(v.tax_id),
    driverCanAdd: v.driver_can_add,
    requiredBeforeStart: v.required_before_start,
  };
}

export function bankAccountToProto(
  record: MasterRecord<typeof bankAccountMaster>,
): MessageInitShape<typeof BankAccountSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    accountHolder: v.account_holder,
    bankName: v.bank_name,
    accountNo: v.account_no,
    ifsc: v.ifsc,
    branchName: text(v.branch_name),
    accountType: text(v.account_type),
    upiId: text(v.upi_id),
  };
}

/** The operator's one settings record: it is never deactivated, so it carries no is_active. */
export function businessSettingsToProto(
  record: MasterRecord<typeof businessSettingsMaster>,
): MessageInitShape<typeof BusinessSettingsSchema> {
  const v = record.values;
  return {
    id: record.id,
    createdAt: timestampFromDate(record.createdAt),
    updatedAt: timestampFromDate(record.updatedAt),
    businessName: v.business_name,
    timeZone: v.time_zone,
    headOfficeCityId: text(v.head_office_city_id),
    supportPhone: text(v.support_phone),
    supportEmail: text(v.support_email),
    rentACabGst: v.rent_a_cab_gst,
    invoiceDueInDays: count(v.invoice_due_in_days),
    extraHourRounding: v.extra_hour_rounding,
    isTripStartOtpRequired: v.is_trip_start_otp_required,
    isTripEndOtpRequired: v.is_trip_end_otp_required,
    sendPassengerSms: v.send_passenger_sms,
    sendPassengerEmail: v.send_passenger_email,
    slipAutoAcceptHours: count(v.slip_auto_accept_hours),
  };
}

export function fuelStationToProto(
  record: MasterRecord<typeof fuelStationMaster>,
): MessageInitShape<typeof FuelStationSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    brand: text(v.brand),
    cityId: v.city_id,
    address: text(v.address),
    phone: text(v.phone),
    gstNo: text(v.gst_no),
    hasCreditAccount: v.has_credit_account,
  };
}

export function vehicleGroupToProto(
  record: MasterRecord<typeof vehicleGroupMaster>,
): MessageInitShape<typeof VehicleGroupSchema> {
  const v = record.values;
  return {
    ...recordColumns(record),
    name: v.name,
    seatingCapacity: count(v.seating_capacity),
    luggageCapacity: count(v.luggage_capacity),
    description: text(v.description),
  };
}

export function labelToProto(record: MasterRecord<typeof labelMaster>): MessageInitShape<typeof LabelSchema> {
  const v = record.values;
  return { ...recordColumns(record), name: v.name, colour: v.colour };
}
