// Exports as CSV for machines and spreadsheets alike: UTF-8 with a byte-order mark (so Excel on Windows
// reads Indian names right), CRLF line ends, and values as programs read them best, in ISO forms:
// dates YYYY-MM-DD, instants with their offset (2026-04-01T09:30:00+05:30), amounts as exact decimal
// text with two places and no grouping (12345678901234.56, -12.50), booleans true/false.
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DEFAULT_OPERATOR_TIME_ZONE } from '@fleet/domain';
import { stringify } from 'csv-stringify/sync';
import {
  checkExportColumns,
  checkTimeZone,
  type ExportCell,
  type ExportColumn,
  type ExportResult,
  readCell,
  wallClockAsUtc,
} from './export-columns';
import { drained, type ExportProgress, progressReporter } from './export-stream';

const BYTE_ORDER_MARK = '\uFEFF';

// csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR, which
// readers take as a line end too; quote those as well.
const CSV_OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const;

export interface CsvExportOptions<Row> {
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  /**
   * Where the file goes. It is ended when the export is whole, and destroyed when the export fails, so
   * a half-written file is never taken for a whole one.
   */
  out: Writable;
  onProgress?: ExportProgress;
  /** The IANA time zone datetime columns are written in; the operator's default when absent. */
  timeZone?: string;
}

/** Writes the rows as CSV, a header row first, waiting whenever the destination is full. */
export async function writeCsvExport<Row>({
  columns,
  rows,
  out,
  onProgress,
  timeZone = DEFAULT_OPERATOR_TIME_ZONE,
}: CsvExportOptions<Row>): Promise<ExportResult> {
  checkExportColumns(columns);
  checkTimeZone(timeZone);
  const progress = progressReporter(onProgress);
  let bytes = 0;
  let written = 0;
  const write = async (text: string) => {
    const chunk = Buffer.from(text, 'utf8');
    bytes += chunk.length;
    if (!out.write(chunk)) await drained(out, out);
  };
  try {
    await write(BYTE_ORDER_MARK + csvRecord(columns.map((column) => column.header)));
    for await (const row of rows) {
      const rowNumber = written + 1;
      await write(csvRecord(columns.map((column) => csvField(readCell(column, row, rowNumber), timeZone))));
      written = rowNumber;
      progress.rowWritten(written);
    }
    out.end();
    await finished(out);
  } catch (error) {
    // Without the error: destroying with one emits 'error', which crashes a process whose destination
    // has no listener; the caller has the error from the rejection.
    out.destroy();
    throw error;
  }
  progress.finished(written);
  return { rows: written, bytes };
}

function csvRecord(fields: string[]): string {
  return stringify([fields], CSV_OPTIONS);
}

function csvField(cell: ExportCell, timeZone: string): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'text':
      return cell.text;
    case 'integer':
      return String(cell.value);
    case 'money':
      return cell.value.toFixed(2);
    case 'decimal':
      // toFixed() with no places writes every digit and never an exponent (1e-7 as 0.0000001).
      return cell.value.toFixed();
    case 'date':
      return cell.date;
    case 'datetime':
      return isoInstantIn(cell.at, timeZone);
    case 'boolean':
      return cell.value ? 'true' : 'false';
  }
}

/** 2026-04-01T09:30:00+05:30: the wall clock of the time zone, to the second, with its offset. */
function isoInstantIn(at: Date, timeZone: string): string {
  const wall = wallClockAsUtc(at, timeZone);
  const offsetMinutes = Math.round((wall.getTime() - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${wall.toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}
