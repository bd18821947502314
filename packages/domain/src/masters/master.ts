import type { z } from 'zod';
import type { PermissionId } from '../permissions/catalogue';
import type { SortKeyShape, SortKeyType } from '../sort-keys';
import { type Field, type Fields, objectOf } from './fields';
import type { FieldName, MasterInput, MasterValues, ValuesOf } from './values';

/** Columns every master table has besides its fields. */
export const RECORD_COLUMNS = ['id', 'tenant_id', 'is_active', 'created_at', 'updated_at'] as const;

/** A filter on a list: a spec §2 filter category (or the master's own) and the field it narrows. */
export interface MasterFilter<N extends string = string> {
  key: string;
  field: N;
  /** Singular and plural labels, as spec §2's filter categories name them. */
  one: string;
  many: string;
}

/** A rule two records may not break together, kept by a unique index named `<table>_<name>_key`. */
export interface UniqueRule<N extends string = string> {
  name: string;
  fields: readonly N[];
  /** The field the refusal is shown on, and what it says. */
  field: N;
  message: string;
}

/** A problem a master's cross-field rule finds, on the field it is shown on. */
export interface MasterProblem<N extends string = string> {
  field: N;
  message: string;
}

/**
 * One master, declared: where it lives, who may see and change it, its fields, and how its list
 * searches, filters and sorts. The masters service stores it, the gateway serves it and the web app
 * shows it from this declaration alone. `F` is its fields, so every other part names only them.
 */
export interface MasterDefinition<F extends Fields = Fields> {
  /** The name other masters' `ref` fields and the wire use: `vehicle_group`. */
  kind: string;
  /** Its table in the masters schema. */
  table: string;
  /** The screen under /masters/ (none for reference data and settings). */
  path?: string;
  one: string;
  many: string;
  /** Reading needs this; reference data needs only a session. */
  view: PermissionId | 'signed-in';
  manage: PermissionId;
  /** The field that names a record in pickers, toasts and other lists. */
  display: keyof F & string;
  fields: F;
  /** The fields the list shows, in order. */
  columns: readonly (keyof F & string)[];
  /** Text fields a list search looks in (case-insensitive, anywhere in the text). */
  search: readonly (keyof F & string)[];
  /** What the list may sort by (spec §2: name or created_at unless the master says otherwise). */
  sorts: readonly ((keyof F & string) | 'created_at')[];
  defaultSort: (keyof F & string) | 'created_at';
  filters?: readonly MasterFilter<keyof F & string>[];
  /** Document expiry dates: "expiring within N days" filters on them and lists show lapsed ones. */
  expiries?: readonly (keyof F & string)[];
  unique?: readonly UniqueRule<keyof F & string>[];
  /** Several masters in one table told apart by a column (customers and suppliers are connections). */
  scope?: { column: string; value: string };
  /** A number the service gives each new record, one sequence per operator (drivers' user_record_id). */
  autoNumber?: keyof F & string;
  /** Listed here, changed elsewhere (channel partners come from the channels service). */
  readOnly?: boolean;
  /** One record per operator (business settings). */
  singleton?: boolean;
  /** Reference data shared by every operator (cities, states): no tenant, read-only. */
  system?: boolean;
  /** Rules across fields, e.g. a contract's end after its start: the field to show each problem on. */
  checks?(values: ValuesOf<F>): MasterProblem<keyof F & string>[];
  /**
   * No two active records with the same `key` may have overlapping `from`..`to` date ranges (both
   * inclusive); an empty key field matches only another empty one.
   */
  noOverlap?: {
    key: readonly (keyof F & string)[];
    from: keyof F & string;
    to: keyof F & string;
    message: string;
  };
}

/**
 * Declares a master. Its fields are inferred exactly (`const`), and every other part may name only
 * them: a column, sort, filter or rule naming no field does not compile (and, should types be
 * bypassed, throws here).
 */
export function defineMaster<const F extends Fields, const D extends MasterDefinition<F>>(
  definition: D & { fields: F },
): D {
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
    const field = definition.fields[sort];
    if (sort !== 'created_at' && !(field && sortKeyTypeOf(field))) {
      throw new Error(`${definition.kind}: cannot sort by ${sort}`);
    }
  }
  if (!definition.sorts.includes(definition.defaultSort)) {
    throw new Error(`${definition.kind}: the default sort ${definition.defaultSort} is not offered`);
  }
  return definition;
}

/** The type of the values a field sorts by, or undefined for kinds no list sorts by. */
function sortKeyTypeOf(field: Field): SortKeyType | undefined {
  switch (field.type) {
    case 'text':
    case 'phone':
    case 'email':
    case 'gstin':
    case 'pan':
    case 'ifsc':
    case 'choice':
    case 'time':
      return 'text';
    case 'integer':
      return 'integer';
    case 'money':
    case 'rate':
    case 'percent':
      return 'decimal';
    case 'date':
      return 'date';
    case 'boolean':
    case 'file':
    case 'ref':
    case 'refs':
    case 'rows':
      return undefined;
  }
}

/**
 * What one of a master's sorts orders by, as its page links carry it: the field's kind of value, empty
 * only where the field may be left empty (an auto-numbered field never is); `created_at` is the
 * record's creation time.
 */
export function sortKeyShapeOf(definition: MasterDefinition, sort: string): SortKeyShape {
  if (sort === 'created_at') return { type: 'timestamp', nullable: false };
  const field = definition.fields[sort];
  const type = field && definition.sorts.includes(sort) ? sortKeyTypeOf(field) : undefined;
  if (!field || !type) throw new Error(`${definition.kind}: cannot sort by ${sort}`);
  return { type, nullable: !field.required && definition.autoNumber !== sort };
}

const schemas = new WeakMap<MasterDefinition, z.ZodType<MasterValues<MasterDefinition>>>();

/**
 * What creating or replacing a record of this master takes: every field, validated and normalised,
 * then the master's own rules across fields. Typed from the declaration: it takes `MasterInput<D>` and
 * gives `MasterValues<D>`.
 */
export function masterSchema<D extends MasterDefinition>(
  definition: D,
): z.ZodType<MasterValues<D>, MasterInput<D>>;
export function masterSchema(definition: MasterDefinition): z.ZodType<MasterValues<MasterDefinition>> {
  const known = schemas.get(definition);
  if (known) return known;
  const object = objectOf(definition.fields);
  const schema = definition.checks
    ? object.superRefine((values, ctx) => {
        for (const problem of definition.checks?.(values) ?? []) {
          ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
        }
      })
    : object;
  schemas.set(definition, schema);
  return schema;
}

/** A stored record as every layer sees it: its fields' values by name plus the record columns. */
export interface MasterRecord<D extends MasterDefinition = MasterDefinition> {
  id: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  values: MasterValues<D>;
  /** The display names of the records its `ref`/`refs` fields point at. */
  refNames: Partial<Record<FieldName<D>, string[]>>;
  /** Expiry fields whose date has passed. */
  lapsed: FieldName<D>[];
}

/**
 * The fields a master's list carries: the one that names a record, the columns the list shows and the
 * fields it may be sorted by (a page shows what it is in order of).
 */
export type ListedFieldName<D extends MasterDefinition> =
  | D['display']
  | D['columns'][number]
  | Exclude<D['sorts'][number], 'created_at'>;

/** A record as a list page carries it: the listed fields' values, its ref columns' names, what lapsed. */
export interface MasterListRecord<D extends MasterDefinition = MasterDefinition>
  extends Omit<MasterRecord<D>, 'values' | 'refNames'> {
  values: Pick<MasterValues<D>, ListedFieldName<D>>;
  refNames: Partial<Record<ListedFieldName<D>, string[]>>;
}

const listed = new WeakMap<MasterDefinition, readonly string[]>();

/**
 * The fields a list page carries (display first, then the columns, then the sorts, once each). A list
 * costs what it shows: a vehicles page moves 5 of a vehicle's 30 fields through every layer; a form
 * loads its record whole by id.
 */
export function listedFieldsOf(definition: MasterDefinition): readonly string[] {
  let names = listed.get(definition);
  if (!names) {
    const sorts = definition.sorts.filter((sort) => sort !== 'created_at');
    names = [...new Set([definition.display, ...definition.columns, ...sorts])];
    listed.set(definition, names);
  }
  return names;
}
