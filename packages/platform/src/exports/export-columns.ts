// The columns of a CSV or Excel export and the one reading of a row's cell both writers share: what
// each kind of column holds, checked the same way whichever file is written.
import { isIsoDate, wallClock } from '@fleet/domain';
import Decimal from 'decimal.js';

export const EXPORT_KINDS = ['text', 'integer', 'money', 'decimal', 'date', 'datetime', 'boolean'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** What a column's value(row) gives for each kind; null leaves the cell empty. */
export interface ExportValues {
  text: string;
  /** A safe integer (counts, kilometres). */
  integer: number;
  /** Rupees, rounded to the paisa when written. */
  money: Decimal;
  decimal: Decimal;
  /** A calendar date, YYYY-MM-DD. */
  date: string;
  /** An instant, written as the export's time zone's wall clock reads it. */
  datetime: Date;
  boolean: boolean;
}

interface ColumnOfKind<Row, K extends ExportKind> {
  /** Names the column in errors; unique within an export. */
  key: string;
  header: string;
  kind: K;
  value(row: Row): ExportValues[K] | null;
}

/** One column of an export: the value's type follows the kind. */
export type ExportColumn<Row> = { [K in ExportKind]: ColumnOfKind<Row, K> }[ExportKind];

/** A cell as both writers take it: checked, money rounded to the paisa, text made safe from formulas. */
export type ExportCell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'integer'; value: number }
  | { kind: 'money'; value: Decimal }
  | { kind: 'decimal'; value: Decimal }
  | { kind: 'date'; date: string }
  | { kind: 'datetime'; at: Date }
  | { kind: 'boolean'; value: boolean };

export interface ExportResult {
  /** Data rows written, the header not counted. */
  rows: number;
  /** Bytes handed to the destination. */
  bytes: number;
}

/** The problem with one cell, naming the row (1 is the first data row) and the column. */
export function cellError(column: { key: string }, rowNumber: number, problem: string): RangeError {
  return new RangeError(`Export row ${rowNumber}, column "${column.key}": ${problem}`);
}

/** Refuses columns a file could not be written from: none, a blank header, a key used twice. */
export function checkExportColumns<Row>(columns: readonly ExportColumn<Row>[]): void {
  if (columns.length === 0) throw new RangeError('An export needs at least one column');
  const keys = new Set<string>();
  for (const column of columns) {
    if (!EXPORT_KINDS.includes(column.kind)) {
      throw new RangeError(`Export column "${column.key}" has an unknown kind: ${String(column.kind)}`);
    }
    if (column.header.trim() === '') throw new RangeError(`Export column "${column.key}" has no header`);
    if (keys.has(column.key)) throw new RangeError(`Export column "${column.key}" appears twice`);
    keys.add(column.key);
  }
}

/** Refuses a time zone Intl does not know before anything is written, rather than at the first instant. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new RangeError(`Not an IANA time zone: ${timeZone}`);
  }
}

// A spreadsheet reads a cell starting with one of these as a formula (tab and CR included: some
// programs strip them and read what follows); OWASP's advice is a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet will not run: a leading quote before = + - @ tab or CR. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Rounded to the paisa, halves away from zero as pricing rounds, and never minus zero. */
export function toPaise(amount: Decimal): Decimal {
  const paise = amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return paise.isZero() ? new Decimal(0) : paise;
}

/** Reads and checks one cell of a row. */
export function readCell<Row>(column: ExportColumn<Row>, row: Row, rowNumber: number): ExportCell {
  switch (column.kind) {
    case 'text': {
      const text = column.value(row);
      return text === null ? { kind: 'empty' } : { kind: 'text', text: neutraliseFormula(text) };
    }
    case 'integer': {
      const value = column.value(row);
      if (value === null) return { kind: 'empty' };
      if (!Number.isSafeInteger(value)) throw cellError(column, rowNumber, `not a safe integer: ${value}`);
      return { kind: 'integer', value };
    }
    case 'money': {
      const value = column.value(row);
      if (value === null) return { kind: 'empty' };
      if (!value.isFinite()) throw cellError(column, rowNumber, `not a finite amount: ${value.toString()}`);
      return { kind: 'money', value: toPaise(value) };
    }
    case 'decimal': {
      const value = column.value(row);
      if (value === null) return { kind: 'empty' };
      if (!value.isFinite()) throw cellError(column, rowNumber, `not a finite number: ${value.toString()}`);
      return { kind: 'decimal', value: value.isZero() ? new Decimal(0) : value };
    }
    case 'date': {
      const date = column.value(row);
      if (date === null) return { kind: 'empty' };
      if (!isIsoDate(date)) throw cellError(column, rowNumber, `not a YYYY-MM-DD date: "${date}"`);
      return { kind: 'date', date };
    }
    case 'datetime': {
      const at = column.value(row);
      if (at === null) return { kind: 'empty' };
      if (Number.isNaN(at.getTime())) throw cellError(column, rowNumber, 'not a valid instant');
      return { kind: 'datetime', at };
    }
    case 'boolean': {
      const value = column.value(row);
      return value === null ? { kind: 'empty' } : { kind: 'boolean', value };
    }
  }
}

/**
 * The time zone's wall clock at an instant, to the second, held in a Date as if it were UTC: the
 * zone's offset is then the difference from the instant itself.
 */
export function wallClockAsUtc(at: Date, timeZone: string): Date {
  const wall = wallClock(at, timeZone);
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  asUtc.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return asUtc;
}
