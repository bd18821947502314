// What every area's mappers share (routers/<area>/mappers.ts): proto messages become plain camelCase
// JSON for the web app, unset strings and enums become null, Timestamps become Dates. The common
// enums and paging (fleet.common.v1) are mapped once, in @fleet/platform (rpc/common-mappings.ts).
import { type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import { type ActiveFilterValue, activeFilterToProto, protoEnumMapping } from '@fleet/platform';
import type { ActiveFilter as IdentityActiveFilter } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import Decimal from 'decimal.js';

/** A two-way table between the spec's names and a proto enum; the zero (UNSPECIFIED) value reads as null. */
export function enumTable<Name extends string, Proto extends number>(table: Record<Name, Proto>) {
  const mapping = protoEnumMapping(table);
  return {
    toProto: mapping.toProto,
    fromProto: (value: Proto): Name | null => mapping.fromProto(value) ?? null,
  };
}

export const textOrNull = (value: string): string | null => (value === '' ? null : value);
export const dateOrNull = (value: Timestamp | undefined): Date | null =>
  value ? timestampDate(value) : null;
/** Money and rates travel as decimal text and reach the browser as Decimal (never a number). */
export const decimalOrNull = (value: string): Decimal | null => (value === '' ? null : new Decimal(value));

/** A response field a service must fill; its absence is a bug on the service side, not the user's. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`A service answered without ${what}.`);
  return value;
}

/**
 * The active filter as identity's lists take it: fleet.identity.v1.ActiveFilter came before
 * fleet.common.v1.ActiveFilter and repeats it number for number (shared-mappers.test.ts holds them to
 * it), so the common mapping writes it.
 */
export const identityActiveFilterToProto = (value: ActiveFilterValue | undefined): IdentityActiveFilter =>
  activeFilterToProto(value) as number as IdentityActiveFilter;
