// The view_basic_* permissions (spec §6): what someone who sees drivers, vehicles or duty supporters only
// where a duty names them may read of one, the names and numbers a duty shows, never documents or money
// (licences, loans, insurance, PAN, wages). The full view permission reads the rest. Masters reads from
// this which fields to keep; the gateway which permission reads the master.
import type { PermissionId } from '../permissions/catalogue';
import type { MasterDefinition } from './master';

export interface BasicInformation {
  readonly permission: PermissionId;
  /** The fields a basic reader gets (the master's required fields always come too). */
  readonly fields: readonly string[];
}

export const BASIC_INFORMATION: Readonly<Record<string, BasicInformation>> = {
  driver: {
    permission: 'view_basic_driver_information',
    fields: ['user_record_id', 'name', 'phone', 'alternate_phone', 'branch_id', 'is_contractor'],
  },
  vehicle: {
    permission: 'view_basic_vehicle_information',
    fields: [
      'vehicle_no',
      'vehicle_model',
      'vehicle_group_id',
      'vehicle_fuel_type',
      'vehicle_seating_capacity',
      'colour',
      'branch_id',
      'driver_id',
      'supplier_id',
      'is_available_for_booking',
    ],
  },
  duty_supporter: {
    permission: 'view_basic_duty_supporter_information',
    fields: ['name', 'type', 'phone'],
  },
};

/** The basic information of a master, if it has one. */
export function basicInformationOf(kind: string): BasicInformation | undefined {
  return Object.hasOwn(BASIC_INFORMATION, kind) ? BASIC_INFORMATION[kind] : undefined;
}

/** The fields of a master a basic reader gets: the declared ones and the required ones. */
export function basicFieldsOf(definition: MasterDefinition): Set<string> {
  const basic = basicInformationOf(definition.kind);
  const required = Object.entries(definition.fields)
    .filter(([, field]) => 'required' in field && field.required === true)
    .map(([name]) => name);
  return new Set([...(basic?.fields ?? []), ...required]);
}
