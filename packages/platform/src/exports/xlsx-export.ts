// Exports as an Excel workbook of one sheet (or several, one after another), streamed: each row is committed as soon as it is added, so
// memory stays flat however many rows there are. Cells are typed for people who total and filter them:
// money and decimals are numbers, dates and instants are Excel dates, booleans are TRUE/FALSE.
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_OPERATOR_TIME_ZONE, formatRupees } from '@fleet/domain';
import type Decimal from 'decimal.js';
import type { CellValue, Column, Worksheet } from 'exceljs';
import {
  cellError,
  checkExportColumns,
  checkTimeZone,
  type ExportCell,
  type ExportColumn,
  type ExportKind,
  type ExportResult,
  readCell,
  wallClockAsUtc,
} from './export-columns';
import { ByteCounter, drained, type ExportProgress, progressReporter } from './export-stream';

/** Indian grouping (1,23,45,678.90) where Windows is set to India's region; Excel groups by the locale. */
export const MONEY_FORMAT = '#,##,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

/** Below ₹10 trillion every amount in paise has at most 15 significant digits (see excelNumber). */
const MONEY_LIMIT = 10_000_000_000_000;
/** What Excel keeps of a number, and what a JS number always gives back as the same decimal text. */
const EXCEL_SIGNIFICANT_DIGITS = 15;
/** The most characters Excel holds in a cell; a longer text makes it call the file corrupt. */
export const EXCEL_MAX_TEXT = 32_767;

const KIND_FORMAT: Partial<Record<ExportKind, string>> = {
  money: MONEY_FORMAT,
  date: DATE_FORMAT,
  datetime: DATETIME_FORMAT,
};

/** Widths in characters that fit a typical value of each kind; a longer header widens its column. */
const KIND_WIDTH: Record<ExportKind, number> = {
  text: 24,
  integer: 10,
  money: 16,
  decimal: 12,
  date: 12,
  datetime: 17,
  boolean: 8,
};
/** Room for the autofilter's drop-down button beside a header. */
const FILTER_BUTTON_WIDTH = 4;

export interface XlsxExportOptions<Row> {
  /** 1 to 31 characters, none of : \ / ? * [ ], not starting or ending with an apostrophe. */
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /**
   * Where the workbook goes. It is ended when the workbook is whole, and destroyed when the export
   * fails, so a half-written file is never taken for a whole one.
   */
  out: Writable;
  onProgress?: ExportProgress;
  /** The IANA time zone datetime columns are shown in; the operator's default when absent. */
  timeZone?: string;
}

/** One sheet of a workbook: its name, columns and rows, its type closed over (see `xlsxSheet`). */
export interface XlsxSheet {
  sheetName: string;
  /** Writes the sheet's rows into the workbook's sheet, answering how many. */
  write(sheet: Worksheet, afterRow: (written: number) => Promise<void>, timeZone: string): Promise<number>;
  columnCount: number;
}

/** A sheet of rows of one type, for `writeXlsxWorkbook`. */
export function xlsxSheet<Row>(
  options: Omit<XlsxExportOptions<Row>, 'out' | 'onProgress' | 'timeZone'>,
): XlsxSheet {
  const { sheetName, columns, rows } = options;
  checkSheetName(sheetName);
  checkExportColumns(columns);
  return {
    sheetName,
    columnCount: columns.length,
    async write(sheet, afterRow, timeZone) {
      sheet.columns = columns.map(columnLayout);
      const header = sheet.addRow(columns.map((column) => column.header));
      header.font = { bold: true };
      header.commit();
      let written = 0;
      for await (const row of rows) {
        const rowNumber = written + 1;
        sheet
          .addRow(
            columns.map((column) =>
              excelValue(column, readCell(column, row, rowNumber), rowNumber, timeZone),
            ),
          )
          .commit();
        written = rowNumber;
        await afterRow(written);
      }
      return written;
    },
  };
}

/**
 * Writes the rows as a workbook: a bold header row that stays in view while scrolling, a filter on
 * every column, widths from the header and kind. Text starting with = + - @ tab or CR gets the same
 * leading quote as in CSV: exceljs stores it as text, but Excel turns such text into a formula when the
 * cell is edited, and a sheet saved as CSV hands it on unquoted; one rule makes both files read alike.
 */
export async function writeXlsxExport<Row>({
  sheetName,
  columns,
  rows,
  out,
  onProgress,
  timeZone = DEFAULT_OPERATOR_TIME_ZONE,
}: XlsxExportOptions<Row>): Promise<ExportResult> {
  return writeXlsxWorkbook({ sheets: [xlsxSheet({ sheetName, columns, rows })], out, onProgress, timeZone });
}

/** Writes sheets one after another into one workbook, each as `writeXlsxExport` writes its one. */
export async function writeXlsxWorkbook({
  sheets,
  out,
  onProgress,
  timeZone = DEFAULT_OPERATOR_TIME_ZONE,
}: {
  sheets: readonly XlsxSheet[];
  out: Writable;
  onProgress?: ExportProgress;
  timeZone?: string;
}): Promise<ExportResult> {
  if (sheets.length === 0) throw new RangeError('A workbook needs at least one sheet');
  if (new Set(sheets.map((s) => s.sheetName.toLowerCase())).size !== sheets.length) {
    throw new RangeError('Each sheet of a workbook needs its own name');
  }
  checkTimeZone(timeZone);
  // Loaded on the first export, not with the platform: it takes a quarter of a second and 12 MB, which
  // services that never write a workbook should not pay at start.
  const { default: ExcelJS } = await import('exceljs');
  const progress = progressReporter(onProgress);
  const counter = new ByteCounter();
  const delivery = pipeline(counter, out);
  // Awaited at the end; this only keeps an early failure of the destination from going unhandled.
  delivery.catch(() => undefined);
  let written = 0;
  try {
    // Shared strings would keep every distinct text in memory until the end; inline strings do not.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: counter,
      useStyles: true,
      useSharedStrings: false,
    });
    for (const definition of sheets) {
      const sheet = workbook.addWorksheet(definition.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
      const zipInputs = zipInputsOf(sheet);
      const before = written;
      const rowsOfSheet = await definition.write(
        sheet,
        async (inSheet) => {
          progress.rowWritten(before + inSheet);
          await keepUpWith(zipInputs, counter);
        },
        timeZone,
      );
      written += rowsOfSheet;
      setFilter(sheet, rowsOfSheet, definition.columnCount);
      sheet.commit();
    }
    await workbook.commit();
    await delivery;
  } catch (error) {
    counter.destroy(error instanceof Error ? error : new Error(String(error)));
    await delivery.catch(() => undefined);
    throw error;
  }
  progress.finished(written);
  return { rows: written, bytes: counter.bytes };
}

// exceljs 4.4 hands a sheet's XML to the zip by writes into the zip's input (a readable-stream 3
// PassThrough) that ignore back-pressure, so rows coming faster than deflate takes them would pile up in
// memory. That input still keeps a writable state saying it is over its mark, and emits 'drain' once it
// has caught up: wait on it, then on the destination. exceljs exposes neither; its version is pinned
// exactly, and the test of a source faster than deflate fails if an upgrade moves them.
function zipInputsOf(sheet: Worksheet): EventEmitter[] {
  const sheetBuffer: unknown = Reflect.get(sheet, 'stream');
  const pipes: unknown = sheetBuffer instanceof EventEmitter ? Reflect.get(sheetBuffer, 'pipes') : undefined;
  return Array.isArray(pipes)
    ? pipes.filter((pipe): pipe is EventEmitter => pipe instanceof EventEmitter)
    : [];
}

function overItsMark(input: EventEmitter): boolean {
  const state: unknown = Reflect.get(input, '_writableState');
  return typeof state === 'object' && state !== null && Reflect.get(state, 'needDrain') === true;
}

async function keepUpWith(zipInputs: EventEmitter[], counter: ByteCounter): Promise<void> {
  for (const input of zipInputs) {
    if (overItsMark(input)) await drained(input, counter);
  }
  if (counter.writableNeedDrain) await drained(counter, counter);
}

function columnLayout<Row>(column: ExportColumn<Row>): Partial<Column> {
  const numFmt = KIND_FORMAT[column.kind];
  return {
    key: column.key,
    width: Math.max(KIND_WIDTH[column.kind], column.header.length + FILTER_BUTTON_WIDTH),
    ...(numFmt ? { style: { numFmt } } : {}),
  };
}

function setFilter(sheet: Worksheet, dataRows: number, columnCount: number): void {
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: dataRows + 1, column: columnCount } };
}

function excelValue<Row>(
  column: ExportColumn<Row>,
  cell: ExportCell,
  rowNumber: number,
  timeZone: string,
): CellValue {
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      if (cell.text.length > EXCEL_MAX_TEXT) {
        throw cellError(column, rowNumber, `text longer than Excel's ${EXCEL_MAX_TEXT} characters`);
      }
      return cell.text;
    case 'integer':
      return cell.value;
    case 'money':
      if (cell.value.abs().gte(MONEY_LIMIT)) {
        throw cellError(
          column,
          rowNumber,
          `${formatRupees(cell.value)} is beyond what Excel holds to the paisa`,
        );
      }
      return excelNumber(column, cell.value, rowNumber);
    case 'decimal':
      return excelNumber(column, cell.value, rowNumber);
    case 'date':
      // Midnight UTC: exceljs turns a Date into Excel's day number by UTC, so this is the day itself.
      return new Date(`${cell.date}T00:00:00Z`);
    case 'datetime':
      return wallClockAsUtc(cell.at, timeZone);
    case 'boolean':
      return cell.value;
  }
}

/**
 * The one place money becomes a JS number: exceljs writes numeric cells only from numbers, and Excel
 * totals only numeric cells. It is allowed only where nothing is lost: a decimal of at most 15
 * significant digits is the shortest text of the nearest double, so the number writes back as the same
 * decimal text, and Excel (which keeps 15 digits) shows it exactly. For money that means below ₹10
 * trillion; the tempting bound of 2^53 paise (₹90 trillion) is not enough, since near ₹80 trillion
 * doubles are 1/64 apart and 80000000000000.01 comes back as 80000000000000.02.
 */
function excelNumber<Row>(column: ExportColumn<Row>, value: Decimal, rowNumber: number): number {
  if (value.sd() > EXCEL_SIGNIFICANT_DIGITS) {
    throw cellError(column, rowNumber, `${value.toFixed()} has more digits than Excel keeps`);
  }
  return value.toNumber();
}

// Excel's own rules for a sheet's name.
function checkSheetName(name: string): void {
  if (
    name.length < 1 ||
    name.length > 31 ||
    /[:\\/?*[\]]/.test(name) ||
    name.startsWith("'") ||
    name.endsWith("'")
  ) {
    throw new RangeError(`Not a name Excel accepts for a sheet: "${name}"`);
  }
}
