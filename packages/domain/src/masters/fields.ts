// The field kinds a master is made of. A master's definition lists its fields once; from that list
// come its input schema (services, gateway and web validate with the same one), its table's columns
// (checked against the migration by a test), its form and its list columns. So a master is declared,
// not written: nothing below knows about any particular master.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { gstinSchema } from '../validation/gstin';
import { chosenMessage, isReferenceCode, isUuid } from '../validation/id';
import { ifscSchema } from '../validation/ifsc';
import { isoDateSchema } from '../validation/iso-date';
import { panSchema } from '../validation/pan';
import { phoneSchema } from '../validation/phone';
import { hasNul, plainText } from '../validation/text';
import type { FieldInput, FieldValue, InputOf, ValuesOf } from './values';

/** What another master or the reference data a `ref` field points at is called. */
export type RefTarget = string;

interface FieldCommon {
  label: string;
  required?: boolean;
  /** A line under the input saying what the field is for. */
  help?: string;
  /** The form section the field sits in; fields without one sit at the top. */
  section?: string;
}

// Each kind of field is its own type, and the builders below (`f.text(...)`) return exactly the field
// they build, literal options and `required: true` included: that is what lets a master's declaration
// say, by inference alone, what type each of its values has (values.ts).
export interface TextField extends FieldCommon {
  type: 'text';
  max: number;
  multiline?: boolean;
  /** Stored in capitals; `compact` also drops spaces and dashes (MH 12 AB-1234 → MH12AB1234). */
  upper?: boolean;
  compact?: boolean;
  pattern?: readonly [RegExp, string];
  /**
   * A document number prefix: the form shows the first number it gives this financial year, or the one
   * `whenEmpty` gives when the field is left empty.
   */
  numberPrefix?: { whenEmpty: string };
}
export interface PlainField extends FieldCommon {
  type: 'phone' | 'email' | 'gstin' | 'pan' | 'ifsc' | 'date' | 'time' | 'file';
}
/** Money, NUMERIC(14,2); a rate, NUMERIC(14,4); a percentage, NUMERIC(5,2) from 0 to 100. */
export interface DecimalField extends FieldCommon {
  type: 'money' | 'rate' | 'percent';
}
export interface IntegerField extends FieldCommon {
  type: 'integer';
  min: number;
  max: number;
}
export interface BooleanField extends FieldCommon {
  type: 'boolean';
  default?: boolean;
}
export interface ChoiceField<O extends string = string> extends FieldCommon {
  type: 'choice';
  options: readonly O[];
  labels?: Readonly<Record<string, string>>;
  default?: O;
}
/** One record of another master (or reference data): its id. */
export interface RefField extends FieldCommon {
  type: 'ref';
  target: RefTarget;
}
/** Several records of another master: their ids. */
export interface RefsField extends FieldCommon {
  type: 'refs';
  target: RefTarget;
}
/** Rows of sub-fields kept with the record (billing details, a form's questions…). */
export interface RowsField<S extends Fields = Fields> extends FieldCommon {
  type: 'rows';
  fields: S;
  max: number;
  item: string;
}

export type Field =
  | TextField
  | PlainField
  | DecimalField
  | IntegerField
  | BooleanField
  | ChoiceField
  | RefField
  | RefsField
  | RowsField;

/** A master's (or a row's) fields by name. */
export interface Fields {
  readonly [name: string]: Field;
}

export type FieldType = Field['type'];

// A 10-to-14-digit money amount with up to two (money, percent) or four (rate) decimal places,
// never a JavaScript number: the text is checked, then kept as text.
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function decimalSchema(label: string, places: number, max: Decimal, min = new Decimal(0)) {
  return z
    .union([z.string(), z.instanceof(Decimal)])
    .transform((v) => (typeof v === 'string' ? v.trim().replace(/,/g, '') : v.toFixed()))
    .superRefine((text, ctx) => {
      if (text === '') return;
      if (!DECIMAL.test(text)) {
        ctx.addIssue({ code: 'custom', message: `Enter ${label.toLowerCase()} as a number, e.g. 1250.50` });
        return;
      }
      const value = new Decimal(text);
      if (value.decimalPlaces() > places) {
        ctx.addIssue({ code: 'custom', message: `Use at most ${places} decimal places.` });
      } else if (value.lt(min) || value.gt(max)) {
        ctx.addIssue({ code: 'custom', message: `Enter a value from ${min.toFixed()} to ${max.toFixed()}.` });
      }
    })
    .transform((text) => (text === '' ? null : new Decimal(text).toFixed(places)));
}

/**
 * A whole number as a form's input holds it (plain decimal digits, optionally signed) or as JSON carries
 * it (a number with no fraction); anything JavaScript would coerce — a flag, a list, hex, an exponent —
 * is not one.
 */
const WHOLE_NUMBER_TEXT = /^[+-]?\d{1,15}$/;
function wholeNumber(field: IntegerField) {
  const message = 'Enter a whole number.';
  return z
    .union([z.number({ message }), z.string({ message })], { message })
    .transform((input, ctx) => {
      const value = typeof input === 'string' && WHOLE_NUMBER_TEXT.test(input.trim()) ? Number(input) : input;
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(
      z.number().min(field.min, `Enter at least ${field.min}.`).max(field.max, `Enter at most ${field.max}.`),
    );
}

/** Whether `value` can be the id of a record of `target`: a UUID, or a state's or city's code. */
const isIdOf = (target: RefTarget): ((value: string) => boolean) =>
  TEXT_KEYED_TARGETS.has(target) ? isReferenceCode : isUuid;

export const QUARTER_HOUR_TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;

/** Empty input ('' or null) means "not given": optional fields become null, required ones are refused. */
function optionalOr<T extends z.ZodType>(schema: T, field: Field) {
  // Only spaces count as empty too.
  const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
  if (field.required) {
    return z.preprocess(
      (v) => (blank(v) ? null : v),
      z
        .unknown()
        .superRefine((v, ctx) => {
          if (v === null) ctx.addIssue({ code: 'custom', message: requiredMessage(field) });
        })
        .pipe(schema),
    );
  }
  // Not a union with the empty values: a union failing on both sides says only "Invalid input", hiding
  // the field's own message (e.g. "Use at most 2 decimal places.").
  return z.preprocess((v) => (blank(v) ? null : v), schema.nullable());
}

function requiredMessage(field: Field): string {
  // A record picker left empty asks for its choice as every picker does (the booking form's too).
  if (field.type === 'ref') return chosenMessage(field.label.toLowerCase());
  const article = field.type === 'choice' || field.type === 'date' ? 'Choose' : 'Enter';
  return `${article} the ${field.label.toLowerCase()}.`;
}

/**
 * The input schema of one field: what a form may send, normalised to what is stored. Its type says so
 * (values.ts): this signature is where the declaration's types meet the runtime schema, and
 * values.test.ts checks the two agree for every kind of field.
 */
export function fieldSchema<F extends Field>(field: F): z.ZodType<FieldValue<F>, FieldInput<F>>;
export function fieldSchema(field: Field): z.ZodType {
  switch (field.type) {
    case 'text': {
      const normalise = (v: string) => {
        const upper = field.upper ? v.toUpperCase() : v;
        return field.compact ? upper.replace(/[\s-]+/g, '') : upper;
      };
      let text = z.string().max(field.max, `Use at most ${field.max} characters.`);
      if (field.pattern) text = text.regex(field.pattern[0], field.pattern[1]);
      return optionalOr(
        plainText().trim().min(1, requiredMessage(field)).transform(normalise).pipe(text),
        field,
      );
    }
    case 'phone':
      return optionalOr(phoneSchema, field);
    case 'email':
      return optionalOr(emailSchema, field);
    case 'gstin':
      return optionalOr(z.string().trim().toUpperCase().pipe(gstinSchema), field);
    case 'pan':
      return optionalOr(z.string().trim().toUpperCase().pipe(panSchema), field);
    case 'ifsc':
      return optionalOr(z.string().trim().toUpperCase().pipe(ifscSchema), field);
    case 'date':
      return optionalOr(isoDateSchema, field);
    case 'time':
      return optionalOr(
        z.string().trim().regex(QUARTER_HOUR_TIME, 'Choose a time on the quarter hour, e.g. 06:30'),
        field,
      );
    case 'file':
      return optionalOr(z.string().refine(isUuid, 'Upload the file again.'), field);
    case 'money':
      return optionalOr(decimalSchema(field.label, 2, new Decimal('999999999999.99')), field);
    case 'rate':
      return optionalOr(decimalSchema(field.label, 4, new Decimal('9999999999.9999')), field);
    case 'percent':
      return optionalOr(decimalSchema(field.label, 2, new Decimal(100)), field);
    case 'integer':
      return optionalOr(wholeNumber(field), field);
    case 'boolean':
      return z
        .boolean()
        .nullish()
        .transform((v) => v ?? field.default ?? false);
    case 'choice': {
      const choice = z.enum(field.options, {
        message: `Choose one of ${field.options.map((o) => field.labels?.[o] ?? o).join(', ')}.`,
      });
      if (field.default && !field.required) {
        return z.preprocess((v) => (v === '' || v === null || v === undefined ? field.default : v), choice);
      }
      return optionalOr(choice, field);
    }
    case 'ref':
      return optionalOr(
        z.string().refine(isIdOf(field.target), `Choose the ${field.label.toLowerCase()} from the list.`),
        field,
      );
    case 'refs':
      return z
        .array(z.string().refine(isIdOf(field.target), `Choose ${field.label.toLowerCase()} from the list.`))
        .max(500)
        .nullish()
        .transform((ids) => [...new Set(ids ?? [])])
        .superRefine((ids, ctx) => {
          if (field.required && ids.length === 0)
            ctx.addIssue({ code: 'custom', message: requiredMessage(field) });
        });
    case 'rows': {
      const row = objectOf(field.fields);
      return z
        .array(row)
        .max(field.max, `Add at most ${field.max} ${field.item}s.`)
        .nullish()
        .transform((r) => r ?? [])
        .superRefine((r, ctx) => {
          if (field.required && r.length === 0) {
            ctx.addIssue({ code: 'custom', message: `Add at least one ${field.item}.` });
          }
        });
    }
  }
}

function fieldsSchemaShape(fields: Fields): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)]));
}

/**
 * An object of these fields. A field left out counts as empty (so a required one is asked for by name
 * and an optional one is stored as null); keys that are no field are dropped.
 */
export function objectOf<S extends Fields>(fields: S): z.ZodType<ValuesOf<S>, InputOf<S>>;
export function objectOf(fields: Fields): z.ZodType {
  const empty = Object.fromEntries(Object.keys(fields).map((name) => [name, null]));
  return z.preprocess(
    (input) => (input && typeof input === 'object' && !Array.isArray(input) ? { ...empty, ...input } : input),
    z.object(fieldsSchemaShape(fields)),
  );
}

/** The PostgreSQL column type a field is stored in; the migration must agree (test/columns.test.ts). */
export function columnType(field: Field): string {
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
    case 'ref':
      return refColumnType(field.target);
    case 'refs':
      return `${refColumnType(field.target)}[]`;
    case 'file':
      return 'uuid';
    case 'date':
      return 'date';
    case 'money':
      return 'numeric(14,2)';
    case 'rate':
      return 'numeric(14,4)';
    case 'percent':
      return 'numeric(5,2)';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'rows':
      return 'jsonb';
  }
}

/** Reference data (cities, states) is keyed by readable text ids; masters by uuid. */
export const TEXT_KEYED_TARGETS = new Set(['city', 'state']);

/** Whether `value` can be one of a list filter's values on `field`: an id of its target, or one of its options. */
export function isFilterValue(field: Field, value: string): boolean {
  switch (field.type) {
    case 'ref':
    case 'refs':
      return isIdOf(field.target)(value);
    case 'choice':
      return field.options.includes(value);
    default:
      return value.length <= 100 && !hasNul(value);
  }
}
const refColumnType = (target: RefTarget) => (TEXT_KEYED_TARGETS.has(target) ? 'text' : 'uuid');

type Options = Omit<FieldCommon, 'label'>;
type NoOptions = Record<never, never>;

/** The field: its kind's base with the options given laid over it, both types kept. */
function build<B extends Field, O>(base: B, options: O | undefined): B & O {
  return Object.assign({}, base, options);
}

/**
 * Builders that read like the form they produce. Each returns the very field it builds (`const` keeps
 * `required: true`, a default and a choice's options as literals), so a declaration's types follow
 * from it.
 */
export const f = {
  text: <const O extends Partial<Omit<TextField, 'type' | 'label'>> = NoOptions>(label: string, o?: O) =>
    build({ type: 'text', label, max: 120 }, o),
  note: <const O extends Options = NoOptions>(label: string, o?: O) =>
    build({ type: 'text', label, max: 2000, multiline: true }, o),
  phone: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'phone', label }, o),
  email: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'email', label }, o),
  gstin: <const O extends Options = NoOptions>(label = 'GSTIN', o?: O) => build({ type: 'gstin', label }, o),
  pan: <const O extends Options = NoOptions>(label = 'PAN', o?: O) => build({ type: 'pan', label }, o),
  ifsc: <const O extends Options = NoOptions>(label = 'IFSC', o?: O) => build({ type: 'ifsc', label }, o),
  date: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'date', label }, o),
  time: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'time', label }, o),
  file: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'file', label }, o),
  money: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'money', label }, o),
  rate: <const O extends Options = NoOptions>(label: string, o?: O) => build({ type: 'rate', label }, o),
  percent: <const O extends Options = NoOptions>(label: string, o?: O) =>
    build({ type: 'percent', label }, o),
  integer: <const O extends Options = NoOptions>(label: string, min: number, max: number, o?: O) =>
    build({ type: 'integer', label, min, max }, o),
  flag: <const O extends Options & { default?: boolean } = NoOptions>(label: string, o?: O) =>
    build({ type: 'boolean', label }, o),
  choice: <
    const V extends string,
    const O extends Options & { labels?: Readonly<Record<string, string>>; default?: NoInfer<V> } = NoOptions,
  >(
    label: string,
    options: readonly V[],
    o?: O,
  ) => build({ type: 'choice', label, options }, o),
  ref: <const O extends Options = NoOptions>(label: string, target: RefTarget, o?: O) =>
    build({ type: 'ref', label, target }, o),
  refs: <const O extends Options = NoOptions>(label: string, target: RefTarget, o?: O) =>
    build({ type: 'refs', label, target }, o),
  rows: <const S extends Fields, const O extends Options & { max?: number } = NoOptions>(
    label: string,
    item: string,
    fields: S,
    o?: O,
  ) => build({ type: 'rows', label, item, fields, max: 50 }, o),
};
