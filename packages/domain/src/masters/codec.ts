// The one way a master's values cross a boundary, typed from its declaration at both ends. On the wire
// (the MastersService's google.protobuf.Struct, the database's JSON) values are plain JSON; here they
// become `MasterValues<D>` again, checked field by field against the declaration, so no layer holds an
// untyped record: the masters service decodes what it reads from its tables, the gateway decodes what
// the service answers and encodes what it sends, and the web app's forms convert to and from their
// inputs' text the same way.
import type { z } from 'zod';
import type { Field, Fields } from './fields';
import {
  type ListedFieldName,
  listedFieldsOf,
  type MasterDefinition,
  type MasterRecord,
  masterSchema,
} from './master';
import type {
  FieldFormValue,
  FieldName,
  FieldValue,
  FormValuesOf,
  HasFields,
  MasterFormValues,
  MasterValues,
  ValuesOf,
} from './values';

/** JSON as protobuf's Struct and PostgreSQL's jsonb carry it (the same shape as @bufbuild's JsonValue). */
export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** A stored value that does not fit its declaration: a bug or a migration gap, never the user's doing. */
export class MasterValueError extends Error {
  constructor(where: string, expected: string, value: unknown) {
    const arrived =
      value === undefined ? 'is missing' : `arrived as ${value === null ? 'null' : typeof value}`;
    super(`${where} should be ${expected}, but ${arrived}.`);
    this.name = 'MasterValueError';
  }
}

export const isJsonObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeField(field: Field, value: Json | undefined, where: string): FieldValue<Field> {
  const empty = value === null || value === undefined;
  switch (field.type) {
    case 'boolean':
      if (empty) return field.default ?? false;
      if (typeof value !== 'boolean') throw new MasterValueError(where, 'a flag', value);
      return value;
    case 'refs':
      if (empty) return [];
      if (!Array.isArray(value)) throw new MasterValueError(where, 'a list of ids', value);
      return value.map((id, i) => {
        if (typeof id !== 'string') throw new MasterValueError(`${where}.${i}`, 'an id', id);
        return id;
      });
    case 'rows':
      if (empty) return [];
      if (!Array.isArray(value)) throw new MasterValueError(where, 'a list of rows', value);
      return value.map((row, i) => decodeFields(field.fields, row, `${where}.${i}`));
    case 'choice': {
      if (empty) {
        if (field.default !== undefined) return field.default;
        if (field.required) throw new MasterValueError(where, 'one of its options', value);
        return null;
      }
      const option = field.options.find((o) => o === value);
      if (option === undefined) throw new MasterValueError(where, 'one of its options', value);
      return option;
    }
    case 'integer':
      if (empty) {
        if (field.required) throw new MasterValueError(where, 'a whole number', value);
        return null;
      }
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        throw new MasterValueError(where, 'a whole number', value);
      }
      return value;
    default:
      if (empty) {
        if (field.required) throw new MasterValueError(where, 'text', value);
        return null;
      }
      if (typeof value !== 'string') throw new MasterValueError(where, 'text', value);
      return value;
  }
}

function decodeFields(fields: Fields, json: Json | undefined, where: string): ValuesOf<Fields> {
  if (!isJsonObject(json)) throw new MasterValueError(where, 'an object', json);
  const values: ValuesOf<Fields> = {};
  for (const [name, field] of Object.entries(fields)) {
    values[name] = decodeField(field, json[name], `${where}.${name}`);
  }
  return values;
}

/**
 * A record's values as the wire or a table holds them (JSON), checked against the master's declaration
 * and typed by it. Keys that are no field are left behind; a value of the wrong kind throws
 * MasterValueError, naming the master and the field.
 */
export function decodeMasterValues<D extends MasterDefinition>(definition: D, json: Json): MasterValues<D>;
export function decodeMasterValues(definition: MasterDefinition, json: Json): MasterValues<MasterDefinition> {
  return decodeFields(definition.fields, json, definition.kind);
}

/** The listed fields' values (see `listedFieldsOf`) of a list page's record, checked like every value. */
export function decodeListedValues<D extends MasterDefinition>(
  definition: D,
  json: Json,
): Pick<MasterValues<D>, ListedFieldName<D>>;
export function decodeListedValues(definition: MasterDefinition, json: Json): ValuesOf<Fields> {
  if (!isJsonObject(json)) throw new MasterValueError(definition.kind, 'an object', json);
  const values: ValuesOf<Fields> = {};
  for (const name of listedFieldsOf(definition)) {
    values[name] = decodeField(definition.fields[name]!, json[name], `${definition.kind}.${name}`);
  }
  return values;
}

/**
 * Values as the masters wire carries them (Record.values_json): one JSON object, read as JSON and then
 * through the codec like any other; text that is not JSON is a MasterValueError naming the master.
 */
export function parseValuesJson(definition: MasterDefinition, text: string): Json {
  return parseWireJson(text, definition.kind, 'a JSON object');
}

/** JSON text from the masters wire, or a MasterValueError saying where and what it should have been. */
export function parseWireJson(text: string, where: string, expected: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new MasterValueError(where, expected, text);
  }
}

/** A record's values as the masters wire carries them (Record.values_json and the requests' values_json). */
export function encodeValuesJson<D extends MasterDefinition>(definition: D, values: MasterValues<D>): string {
  return JSON.stringify(encodeMasterValues(definition, values));
}

function encodeField(value: FieldValue<Field>): Json {
  if (!Array.isArray(value)) return value;
  return value.map((item: string | ValuesOf<Fields>) =>
    typeof item === 'string' ? item : encodeFields(item),
  );
}

function encodeFields(values: ValuesOf<Fields>): JsonObject {
  const json: JsonObject = {};
  for (const [name, value] of Object.entries(values)) json[name] = encodeField(value);
  return json;
}

/** A record's values as JSON for the wire: what `decodeMasterValues` reads back. Only declared fields go. */
export function encodeMasterValues<D extends MasterDefinition>(
  definition: D,
  values: MasterValues<D> | Pick<MasterValues<D>, ListedFieldName<D>>,
): JsonObject;
export function encodeMasterValues(
  definition: MasterDefinition,
  values: Partial<MasterValues<MasterDefinition>>,
): JsonObject {
  const json: JsonObject = {};
  for (const name of Object.keys(definition.fields)) {
    const value = values[name];
    if (value !== undefined) json[name] = encodeField(value);
  }
  return json;
}

/**
 * A record read as any master's (a service's generic code holds `MasterRecord`) as the record of
 * `definition`, its values checked against that declaration again: how generic code hands a record to
 * code written for one master.
 */
export function recordOf<D extends MasterDefinition>(definition: D, record: MasterRecord): MasterRecord<D>;
export function recordOf(definition: MasterDefinition, record: MasterRecord): MasterRecord {
  return {
    ...record,
    values: decodeFields(definition.fields, encodeFields(record.values), definition.kind),
    refNames: refNamesOf(definition, record.refNames),
    lapsed: record.lapsed.filter((name) => isFieldOf(definition, name)),
  };
}

/** What a field's input holds for a stored value (or for none): text for numbers, '' for nothing. */
function formValue(field: Field, value: FieldValue<Field> | undefined): FieldFormValue<Field> {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : (field.default ?? false);
    case 'refs':
      return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
    case 'rows':
      return Array.isArray(value)
        ? value.flatMap((row) => (typeof row === 'string' ? [] : [formValuesOf(field.fields, row)]))
        : [];
    case 'choice':
      return field.options.find((o) => o === value) ?? field.default ?? '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

function formValuesOf(fields: Fields, values?: ValuesOf<Fields>): FormValuesOf<Fields> {
  const form: FormValuesOf<Fields> = {};
  for (const [name, field] of Object.entries(fields)) form[name] = formValue(field, values?.[name]);
  return form;
}

/** A new row of a rows field, every sub-field empty (or at its default), as its form holds it. */
export function emptyRow(fields: Fields): FormValuesOf<Fields> {
  return formValuesOf(fields);
}

/** A record's form: its values as the inputs hold them, or every field empty (at its default). */
export function masterFormValues<D extends MasterDefinition>(
  definition: D,
  values?: MasterValues<D>,
): MasterFormValues<D>;
export function masterFormValues(
  definition: MasterDefinition,
  values?: MasterValues<MasterDefinition>,
): MasterFormValues<MasterDefinition> {
  return formValuesOf(definition.fields, values);
}

/**
 * The master's schema as its form uses it: the very schema the gateway and the service check with,
 * typed to take what the form's inputs hold and give the record's values.
 */
export function masterFormSchema<D extends MasterDefinition>(
  definition: D,
): z.ZodType<MasterValues<D>, MasterFormValues<D>>;
export function masterFormSchema(definition: MasterDefinition): z.ZodType<MasterValues<MasterDefinition>> {
  return masterSchema(definition);
}

const refFields = new WeakMap<HasFields, readonly string[]>();

/** The master's ref and refs fields (worked out once per declaration: every record read asks). */
function refFieldsOf(definition: HasFields): readonly string[] {
  let names = refFields.get(definition);
  if (!names) {
    names = Object.entries(definition.fields)
      .filter(([, field]) => field.type === 'ref' || field.type === 'refs')
      .map(([name]) => name);
    refFields.set(definition, names);
  }
  return names;
}

/**
 * The names a record's ref and refs fields point at (as the wire or a query carries them: a name or a
 * list of names by field), kept for the master's ref fields only, each as a list.
 */
export function refNamesOf<D extends HasFields>(
  definition: D,
  names: Readonly<Record<string, Json | undefined>>,
): Partial<Record<FieldName<D>, string[]>>;
export function refNamesOf(
  definition: HasFields,
  names: Readonly<Record<string, Json | undefined>>,
): Partial<Record<string, string[]>> {
  const refNames: Partial<Record<string, string[]>> = {};
  for (const name of refFieldsOf(definition)) {
    const given = names[name];
    if (typeof given === 'string') refNames[name] = [given];
    else if (Array.isArray(given)) refNames[name] = given.filter((n) => typeof n === 'string');
  }
  return refNames;
}

/** Whether `name` is one of the master's fields (for names that come from elsewhere: a URL, an error). */
export function isFieldOf<D extends HasFields>(definition: D, name: string): name is FieldName<D> {
  return Object.hasOwn(definition.fields, name);
}
