// What a master's values are, read off its declaration by the compiler. A master is declared once
// (`defineMaster({ fields: { vehicle_no: f.text('Vehicle number', { required: true }), … } })`); these
// types turn that declaration into the type of its stored values, of what a caller may send, and of
// what its form holds, so `MasterValues<typeof vehicleMaster>` has `vehicle_no: string`,
// `loan_emi: string | null` and `vehicle_fuel_type: 'PETROL' | 'DIESEL' | 'CNG' | 'ELECTRIC'` without
// anyone writing a Vehicle type by hand.
import type Decimal from 'decimal.js';
import type { Fields } from './fields';

type Blank = null | undefined;
type OrNull<T, F> = F extends { readonly required: true } ? T : T | null;

/**
 * The value a field holds once validated and stored: text, dates, times, ids and decimal amounts as
 * strings (amounts never as JavaScript numbers), whole numbers as numbers, flags as booleans, a choice
 * as one of its options, refs as lists of ids and rows as lists of their own values. An optional field
 * left empty is null; a flag, a list, and a choice with a default never are.
 */
export type FieldValue<F> = F extends { readonly type: 'boolean' }
  ? boolean
  : F extends { readonly type: 'refs' }
    ? string[]
    : F extends { readonly type: 'rows'; readonly fields: infer S extends Fields }
      ? ValuesOf<S>[]
      : F extends { readonly type: 'choice'; readonly options: readonly (infer O extends string)[] }
        ? F extends { readonly required: true } | { readonly default: string }
          ? O
          : O | null
        : F extends { readonly type: 'integer' }
          ? OrNull<number, F>
          : OrNull<string, F>;

/**
 * What a caller may send for a field: its stored value, or what normalises to it (an amount as a
 * Decimal or with separators, a whole number as text, an empty choice as '', nothing as null).
 */
export type FieldInput<F> =
  | FieldValue<F>
  | (F extends { readonly type: 'boolean' }
      ? Blank
      : F extends { readonly type: 'refs' }
        ? readonly string[] | Blank
        : F extends { readonly type: 'rows'; readonly fields: infer S extends Fields }
          ? readonly InputOf<S>[] | Blank
          : F extends { readonly type: 'choice' }
            ? '' | Blank
            : F extends { readonly type: 'integer' }
              ? string | Blank
              : F extends { readonly type: 'money' | 'rate' | 'percent' }
                ? Decimal | Blank
                : Blank);

/**
 * What a field's input holds in a form: text for everything typed (whole numbers and amounts
 * included), a choice's option or '' for none, a flag, the chosen ids, the rows.
 */
export type FieldFormValue<F> = F extends { readonly type: 'boolean' }
  ? boolean
  : F extends { readonly type: 'refs' }
    ? string[]
    : F extends { readonly type: 'rows'; readonly fields: infer S extends Fields }
      ? FormValuesOf<S>[]
      : F extends { readonly type: 'choice'; readonly options: readonly (infer O extends string)[] }
        ? O | ''
        : string;

/** Every field's stored value, by name. */
export type ValuesOf<S extends Fields> = { -readonly [K in keyof S]: FieldValue<S[K]> };
/**
 * What may be sent for a record: each field's input by name. A field left out counts as empty (a
 * required one is then refused with its message, by the schema); a name that is no field is refused by
 * the compiler (and dropped by the schema).
 */
export type InputOf<S extends Fields> = { -readonly [K in keyof S]?: FieldInput<S[K]> };
/** What a record's form holds, by field name. */
export type FormValuesOf<S extends Fields> = { -readonly [K in keyof S]: FieldFormValue<S[K]> };

/** Anything declared with fields: a master, or a row field's sub-fields wrapped as one. */
export interface HasFields {
  readonly fields: Fields;
}

/** The names of a master's fields. */
export type FieldName<D extends HasFields> = keyof D['fields'] & string;
/** A master's values as stored and returned: `MasterValues<typeof vehicleMaster>`. */
export type MasterValues<D extends HasFields> = ValuesOf<D['fields']>;
/** What creating or replacing a record of a master takes. */
export type MasterInput<D extends HasFields> = InputOf<D['fields']>;
/** What a master's form holds. */
export type MasterFormValues<D extends HasFields> = FormValuesOf<D['fields']>;
