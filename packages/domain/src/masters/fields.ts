// The field kinds a master is made of. A master's definition lists its fields once; from that list
// come its input schema (services, gateway and web validate with the same one), its table's columns
// (checked against the migration by a test), its form and its list columns. So a master is declared,
// not written: nothing below knows about any particular master.
import Decimal from 'decimal.js';
import { z } from 'zod';
import { emailSchema } from '../validation/email';
import { gstinSchema } from '../validation/gstin';
import { ifscSchema } from '../validation/ifsc';
import { isoDateSchema } from '../validation/iso-date';
import { panSchema } from '../validation/pan';
import { phoneSchema } from '../validation/phone';

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

export type Field = FieldCommon &
  (
    | {
        type: 'text';
        max: number;
        multiline?: boolean;
        /** Stored in capitals; `compact` also drops spaces and dashes (MH 12 AB-1234 → MH12AB1234). */
        upper?: boolean;
        compact?: boolean;
        pattern?: [RegExp, string];
      }
    | { type: 'phone' | 'email' | 'gstin' | 'pan' | 'ifsc' | 'date' | 'time' | 'file' }
    /** Money, NUMERIC(14,2); a rate, NUMERIC(14,4); a percentage, NUMERIC(5,2) from 0 to 100. */
    | { type: 'money' | 'rate' | 'percent' }
    | { type: 'integer'; min: number; max: number }
    | { type: 'boolean'; default?: boolean }
    | {
        type: 'choice';
        options: readonly string[];
        labels?: Readonly<Record<string, string>>;
        default?: string;
      }
    | { type: 'ref' | 'refs'; target: RefTarget }
    /** Rows of sub-fields kept with the record (billing details, a form's questions…). */
    | { type: 'rows'; fields: Readonly<Record<string, Field>>; max: number; item: string }
  );

export type FieldType = Field['type'];

// A 10-to-14-digit money amount with up to two (money, percent) or four (rate) decimal places,
// never a JavaScript number: the text is checked, then kept as text.
const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimalSchema(label: string, places: number, max: Decimal, min = new Decimal(0)) {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REF_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;

/** Empty input ('' or null) means "not given": optional fields become null, required ones are refused. */
function optionalOr<T extends z.ZodType>(schema: T, field: Field) {
  if (field.required) {
    return z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z
        .unknown()
        .superRefine((v, ctx) => {
          if (v === null) ctx.addIssue({ code: 'custom', message: requiredMessage(field) });
        })
        .pipe(schema),
    );
  }
  // Not a union with the empty values: a union failing on both sides says only "Invalid input", hiding
  // the field's own message (e.g. "Use at most 2 decimal places."). Only spaces count as empty too.
  const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
  return z.preprocess((v) => (blank(v) ? null : v), schema.nullable());
}

function requiredMessage(field: Field): string {
  const article =
    field.type === 'ref' || field.type === 'choice' || field.type === 'date' ? 'Choose' : 'Enter';
  return `${article} the ${field.label.toLowerCase()}.`;
}

/** The input schema of one field: what a form may send, normalised to what is stored. */
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
        z.string().trim().min(1, requiredMessage(field)).transform(normalise).pipe(text),
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
        z.string().trim().regex(TIME, 'Choose a time on the quarter hour, e.g. 06:30'),
        field,
      );
    case 'file':
      return optionalOr(z.string().regex(UUID, 'Upload the file again.'), field);
    case 'money':
      return optionalOr(decimalSchema(field.label, 2, new Decimal('999999999999.99')), field);
    case 'rate':
      return optionalOr(decimalSchema(field.label, 4, new Decimal('9999999999.9999')), field);
    case 'percent':
      return optionalOr(decimalSchema(field.label, 2, new Decimal(100)), field);
    case 'integer':
      return optionalOr(
        z.coerce
          .number({ message: 'Enter a whole number.' })
          .int('Enter a whole number.')
          .min(field.min, `Enter at least ${field.min}.`)
          .max(field.max, `Enter at most ${field.max}.`),
        field,
      );
    case 'boolean':
      return z
        .boolean()
        .nullish()
        .transform((v) => v ?? field.default ?? false);
    case 'choice': {
      const choice = z.enum(field.options as [string, ...string[]], {
        message: `Choose one of ${field.options.map((o) => field.labels?.[o] ?? o).join(', ')}.`,
      });
      if (field.default && !field.required) {
        return z.preprocess((v) => (v === '' || v === null || v === undefined ? field.default : v), choice);
      }
      return optionalOr(choice, field);
    }
    case 'ref':
      return optionalOr(
        z.string().regex(REF_ID, `Choose the ${field.label.toLowerCase()} from the list.`),
        field,
      );
    case 'refs':
      return z
        .array(z.string().regex(REF_ID, `Choose ${field.label.toLowerCase()} from the list.`))
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

export function fieldsSchemaShape(fields: Readonly<Record<string, Field>>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)]));
}

/**
 * An object of these fields. A field left out counts as empty (so a required one is asked for by name
 * and an optional one is stored as null); keys that are no field are dropped.
 */
export function objectOf(fields: Readonly<Record<string, Field>>) {
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

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** States and cities are keyed by readable codes: `MH`, `mh-mumbai`. */
const REFERENCE_ID = /^[A-Za-z0-9-]{1,100}$/;

/** Whether `value` can be one of a list filter's values on `field`: an id of its target, or one of its options. */
export function isFilterValue(field: Field, value: string): boolean {
  switch (field.type) {
    case 'ref':
    case 'refs':
      return TEXT_KEYED_TARGETS.has(field.target) ? REFERENCE_ID.test(value) : UUID_TEXT.test(value);
    case 'choice':
      return field.options.includes(value);
    default:
      return value.length <= 100;
  }
}
const refColumnType = (target: RefTarget) => (TEXT_KEYED_TARGETS.has(target) ? 'text' : 'uuid');

/** Builders that read like the form they produce. */
export const f = {
  text: (
    label: string,
    o: Partial<Omit<Extract<Field, { type: 'text' }>, 'type' | 'label'>> = {},
  ): Field => ({
    type: 'text',
    label,
    max: 120,
    ...o,
  }),
  note: (label: string, o: Partial<FieldCommon> = {}): Field => ({
    type: 'text',
    label,
    max: 2000,
    multiline: true,
    ...o,
  }),
  phone: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'phone', label, ...o }),
  email: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'email', label, ...o }),
  gstin: (label = 'GSTIN', o: Partial<FieldCommon> = {}): Field => ({ type: 'gstin', label, ...o }),
  pan: (label = 'PAN', o: Partial<FieldCommon> = {}): Field => ({ type: 'pan', label, ...o }),
  ifsc: (label = 'IFSC', o: Partial<FieldCommon> = {}): Field => ({ type: 'ifsc', label, ...o }),
  date: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'date', label, ...o }),
  time: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'time', label, ...o }),
  file: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'file', label, ...o }),
  money: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'money', label, ...o }),
  rate: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'rate', label, ...o }),
  percent: (label: string, o: Partial<FieldCommon> = {}): Field => ({ type: 'percent', label, ...o }),
  integer: (label: string, min: number, max: number, o: Partial<FieldCommon> = {}): Field => ({
    type: 'integer',
    label,
    min,
    max,
    ...o,
  }),
  flag: (label: string, o: Partial<FieldCommon> & { default?: boolean } = {}): Field => ({
    type: 'boolean',
    label,
    ...o,
  }),
  choice: (
    label: string,
    options: readonly string[],
    o: Partial<FieldCommon> & { labels?: Readonly<Record<string, string>>; default?: string } = {},
  ): Field => ({ type: 'choice', label, options, ...o }),
  ref: (label: string, target: RefTarget, o: Partial<FieldCommon> = {}): Field => ({
    type: 'ref',
    label,
    target,
    ...o,
  }),
  refs: (label: string, target: RefTarget, o: Partial<FieldCommon> = {}): Field => ({
    type: 'refs',
    label,
    target,
    ...o,
  }),
  rows: (
    label: string,
    item: string,
    fields: Readonly<Record<string, Field>>,
    o: Partial<FieldCommon> & { max?: number } = {},
  ): Field => ({ type: 'rows', label, item, fields, max: 50, ...o }),
};
