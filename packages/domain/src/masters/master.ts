import type { z } from 'zod';
import type { PermissionId } from '../permissions/catalogue';
import { type Field, objectOf } from './fields';

/** Columns every master table has besides its fields. */
export const RECORD_COLUMNS = ['id', 'tenant_id', 'is_active', 'created_at', 'updated_at'] as const;

/** A filter on a list: a spec §2 filter category (or the master's own) and the field it narrows. */
export interface MasterFilter {
  key: string;
  field: string;
  /** Singular and plural labels, as spec §2's filter categories name them. */
  one: string;
  many: string;
}

/** A rule two records may not break together, kept by a unique index named `<table>_<name>_key`. */
export interface UniqueRule {
  name: string;
  fields: readonly string[];
  /** The field the refusal is shown on, and what it says. */
  field: string;
  message: string;
}

/**
 * One master, declared: where it lives, who may see and change it, its fields, and how its list
 * searches, filters and sorts. The fleet service stores it, the gateway serves it and the web app
 * shows it from this declaration alone.
 */
export interface MasterDefinition {
  /** The name other masters' `ref` fields and the wire use: `vehicle_group`. */
  kind: string;
  /** Its table in the fleet schema. */
  table: string;
  /** The screen under /masters/ (none for reference data and settings). */
  path?: string;
  one: string;
  many: string;
  /** Reading needs this; reference data needs only a session. */
  view: PermissionId | 'signed-in';
  manage: PermissionId;
  /** The field that names a record in pickers, toasts and other lists. */
  display: string;
  fields: Readonly<Record<string, Field>>;
  /** The fields the list shows, in order. */
  columns: readonly string[];
  /** Text fields a list search looks in (case-insensitive, anywhere in the text). */
  search: readonly string[];
  /** What the list may sort by (spec §2: name or created_at unless the master says otherwise). */
  sorts: readonly string[];
  defaultSort: string;
  filters?: readonly MasterFilter[];
  /** Document expiry dates: "expiring within N days" filters on them and lists show lapsed ones. */
  expiries?: readonly string[];
  unique?: readonly UniqueRule[];
  /** Several masters in one table told apart by a column (customers and suppliers are connections). */
  scope?: { column: string; value: string };
  /** A number the service gives each new record, one sequence per operator (drivers' user_record_id). */
  autoNumber?: string;
  /** Listed here, changed elsewhere (channel partners come from the channels service). */
  readOnly?: boolean;
  /** One record per operator (business settings). */
  singleton?: boolean;
  /** Reference data shared by every operator (cities, states): no tenant, read-only. */
  system?: boolean;
  /** Rules across fields, e.g. a contract's end after its start: the field to show each problem on. */
  checks?: (values: Record<string, unknown>) => { field: string; message: string }[];
  /**
   * No two active records with the same `key` may have overlapping `from`..`to` date ranges (both
   * inclusive); an empty key field matches only another empty one.
   */
  noOverlap?: { key: readonly string[]; from: string; to: string; message: string };
}

export function defineMaster<const D extends MasterDefinition>(definition: D): D {
  for (const key of [
    definition.display,
    ...definition.columns,
    ...definition.search,
    ...(definition.expiries ?? []),
    ...(definition.filters ?? []).map((f) => f.field),
    ...(definition.unique ?? []).flatMap((u) => u.fields),
  ]) {
    if (!(key in definition.fields)) throw new Error(`${definition.kind}: ${key} is not one of its fields`);
  }
  for (const sort of definition.sorts) {
    if (sort !== 'created_at' && !(sort in definition.fields)) {
      throw new Error(`${definition.kind}: cannot sort by ${sort}`);
    }
  }
  if (!definition.sorts.includes(definition.defaultSort)) {
    throw new Error(`${definition.kind}: the default sort ${definition.defaultSort} is not offered`);
  }
  return definition;
}

const schemas = new WeakMap<MasterDefinition, z.ZodType<Record<string, unknown>>>();

/** What creating or replacing a record of this master takes: every field, validated and normalised. */
export function masterSchema(definition: MasterDefinition): z.ZodType<Record<string, unknown>> {
  let schema = schemas.get(definition);
  if (!schema) {
    const checks = definition.checks;
    const object = objectOf(definition.fields) as z.ZodType<Record<string, unknown>>;
    schema = checks
      ? object.superRefine((values, ctx) => {
          for (const problem of checks(values)) {
            ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
          }
        })
      : object;
    schemas.set(definition, schema);
  }
  return schema;
}

/** A stored record as every layer sees it: its fields' values by name plus the record columns. */
export interface MasterRecord {
  id: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  values: Record<string, unknown>;
  /** The display names of the records its `ref`/`refs` fields point at. */
  refNames: Record<string, string | string[]>;
  /** Expiry fields whose date has passed. */
  lapsed: string[];
}
