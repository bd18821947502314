import type { JsonObject } from '@bufbuild/protobuf';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type RateCard, RateCardSchema, RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { type Record as RecordMessage, RecordSchema } from '@fleet/proto/fleet/masters/v1/record_pb';
import type { StoredRecord } from './storage/master-store';

/** A stored record as the wire carries it; values are JSON already (decimals and dates as text). */
export function recordToProto(kind: string, record: StoredRecord): RecordMessage {
  const refNames: RecordMessage['refNames'] = {};
  for (const [field, names] of Object.entries(record.refNames)) {
    if (names === null) continue;
    refNames[field] = {
      $typeName: 'fleet.masters.v1.RefNames',
      names: Array.isArray(names) ? names : [names],
    };
  }
  return create(RecordSchema, {
    id: record.id,
    kind,
    isActive: record.isActive,
    createdAt: timestampFromDate(new Date(record.createdAt)),
    updatedAt: timestampFromDate(new Date(record.updatedAt)),
    values: record.values as JsonObject,
    refNames,
    lapsed: record.lapsed,
  });
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const count = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));

/** A rate_card record as the typed RateCard other services charge from. */
export function rateCardToProto(record: StoredRecord): RateCard {
  const v = record.values;
  return create(RateCardSchema, {
    id: record.id,
    name: text(v.name),
    party: v.party === 'CUSTOMER' ? RateParty.CUSTOMER : RateParty.SUPPLIER,
    customerId: text(v.customer_id),
    supplierId: text(v.supplier_id),
    dutyTypeId: text(v.duty_type_id),
    cityId: text(v.city_id),
    vehicleGroupId: text(v.vehicle_group_id),
    contractStart: text(v.contract_start),
    contractEnd: text(v.contract_end),
    normalRate: text(v.normal_rate),
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
    switchPathGroup: text(v.switch_path_group),
    kmCrossSlab: count(v.km_cross_slab),
    hourCrossSlab: count(v.hour_cross_slab),
    extraHourRounding: text(v.extra_hour_rounding),
  });
}
