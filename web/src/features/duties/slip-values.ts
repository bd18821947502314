// The duty slip form: five points, each typed as a date (DD/MM/YYYY, held as YYYY-MM-DD), a time of day
// in the operator's zone, the odometer, where, and optionally a photo uploaded there; what booking.recordSlip takes is made from them here,
// and the server's word about a point (`points.2.km`) is put back on the row it came from.
import {
  DUTY_SLIP_MEDIA,
  type DutySlipMedium,
  isIsoDate,
  operatorDate,
  operatorInstant,
} from '@fleet/domain';
import type { SlipPoint } from './booking-types';
import { timeText } from './duty-format';

export const SLIP_POINT_NAMES = ['GARAGE_START', 'ARRIVAL', 'DUTY_START', 'DUTY_END', 'GARAGE_END'] as const;
export type SlipPointName = (typeof SLIP_POINT_NAMES)[number];

export const SLIP_POINT_LABELS: Readonly<Record<SlipPointName, string>> = {
  GARAGE_START: 'Garage start',
  ARRIVAL: 'Reporting (at pickup)',
  DUTY_START: 'Duty start',
  DUTY_END: 'Duty end',
  GARAGE_END: 'Garage end',
};

export type SlipVariant = 'SALES' | 'PURCHASE';

export interface SlipRowValues {
  point: SlipPointName;
  date: string;
  time: string;
  km: string;
  location: string;
  /** A photo uploaded for the point; '' for none. */
  fileId: string;
}

export interface SlipFormValues {
  medium: DutySlipMedium | '';
  points: SlipRowValues[];
}

/** The slip as recorded so far, each point on its row; empty rows dated on the duty's day. */
export function slipFormValues(
  recorded: readonly SlipPoint[],
  dutyDate: string,
  medium: string | null,
): SlipFormValues {
  return {
    medium: DUTY_SLIP_MEDIA.find((m) => m === medium) ?? '',
    points: SLIP_POINT_NAMES.map((point) => {
      const found = recorded.find((p) => p.point === point);
      if (!found?.at) return { point, date: dutyDate, time: '', km: '', location: '', fileId: '' };
      return {
        point,
        date: operatorDate(found.at),
        time: timeText(found.at),
        km: found.km.toString(),
        location: found.location,
        fileId: found.fileId ?? '',
      };
    }),
  };
}

const TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;
const KM = /^\d{1,7}(\.\d)?$/;

export interface SlipRequestPoint {
  point: SlipPointName;
  at: Date;
  km: string;
  location: string;
  fileId: string | null;
}

export type SlipRequest =
  | { ok: true; points: SlipRequestPoint[]; medium: DutySlipMedium | undefined; rows: number[] }
  | { ok: false; problems: Record<string, string> };

/**
 * The points to record: the rows with a time, km or photo given (a point not passed is left out), each
 * needing its date, time and km. `rows[i]` is the form row of the i-th point sent, for the server's answers.
 */
export function slipRequest(values: SlipFormValues): SlipRequest {
  const problems: Record<string, string> = {};
  const points: SlipRequestPoint[] = [];
  const rows: number[] = [];
  values.points.forEach((row, index) => {
    const time = row.time.trim();
    const km = row.km.trim();
    if (!time && !km && !row.fileId) return;
    const base = `points.${index}`;
    const clock = TIME.exec(time);
    if (!isIsoDate(row.date)) problems[`${base}.date`] = 'Give the date, DD/MM/YYYY.';
    if (!clock) problems[`${base}.time`] = 'Give the time as HH:MM, e.g. 07:45.';
    if (!KM.test(km)) problems[`${base}.km`] = 'Give the odometer in km, e.g. 45210.5';
    if (problems[`${base}.date`] || !clock || !KM.test(km)) return;
    const hhmm = `${clock[1]!.padStart(2, '0')}:${clock[2]}`;
    points.push({
      point: row.point,
      at: operatorInstant(row.date, hhmm),
      km,
      location: row.location.trim(),
      fileId: row.fileId || null,
    });
    rows.push(index);
  });
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  if (points.length === 0) return { ok: false, problems: { root: 'Give at least one point’s time and km.' } };
  return { ok: true, points, medium: values.medium || undefined, rows };
}

/**
 * Where a server field error about the i-th point sent belongs on the form: the same point's row, the
 * time for a problem with its instant (or with the point as a whole, such as being out of order).
 */
export function slipErrorPath(serverPath: string, rows: readonly number[]): string | undefined {
  const match = /^points\.(\d+)(?:\.(\w+))?$/.exec(serverPath);
  if (!match) return serverPath === 'medium' ? 'medium' : undefined;
  const row = rows[Number(match[1])];
  if (row === undefined) return undefined;
  const field = match[2] === 'km' || match[2] === 'location' || match[2] === 'fileId' ? match[2] : 'time';
  return `points.${row}.${field}`;
}
