// What a duty measured: the km and the time it is charged for, read off its slip (DOMAIN.md, "Duty
// slip"). The duty type decides which legs count: garage-to-garage counts from leaving the garage to
// returning to it, point-to-point only from pickup to drop, and otherwise each garage leg counts when the
// duty type says so. A counted garage leg shorter than the customer's minimum counts as the minimum
// (decided: the minimum applies to time, not km; a counted leg with no reading counts as the minimum).
import type Decimal from 'decimal.js';
import type { DutyTypeKind } from '../vocabulary';
import { localClock } from './local-clock';

/** The five points of a slip, in the order a duty passes them. */
export const SLIP_POINTS = ['garageStart', 'arrival', 'dutyStart', 'dutyEnd', 'garageEnd'] as const;
export type SlipPointName = (typeof SLIP_POINTS)[number];

/** One point of a slip: when it was passed and the odometer there. */
export interface SlipReading {
  at: Date;
  km: Decimal;
}

export type SlipReadings = Partial<Record<SlipPointName, SlipReading>>;

/** The duty type's terms the charge depends on (spec §3 DutyType). */
export interface DutyTypeTerms {
  kind: DutyTypeKind;
  /** Km included: per duty, per day for DAY_KM, per month for the monthly kinds. */
  maxKm: number | null;
  /** Hours included: per duty, per day for KM_DAILY_HR, per month for KM_HR. */
  maxHours: number | null;
  isP2p: boolean;
  isG2g: boolean;
  isGarageStartCalculated: boolean;
  isGarageEndCalculated: boolean;
  hasOutstationAllowance: boolean;
}

/** The customer's minimum garage legs, in minutes (spec §3 UserConnection garage time minimums). */
export interface GarageMinimums {
  startMinutes: number;
  endMinutes: number;
}

export const NO_GARAGE_MINIMUMS: GarageMinimums = { startMinutes: 0, endMinutes: 0 };

/** The counted span of one duty. */
export interface DutyMeasure {
  /** When counting starts and ends (a garage minimum moves these out). */
  from: Date;
  to: Date;
  /** Km counted. */
  km: Decimal;
  /** Whole minutes counted. */
  minutes: number;
  /** The operator's calendar dates the counted span touches, first to last (a day runs 00:00–24:00). */
  dates: string[];
}

/** A slip that cannot be measured; names the point at fault, as the slip form shows it. */
export class SlipError extends Error {
  constructor(
    readonly point: SlipPointName,
    message: string,
    /** What is out of order at that point: its time or its km. */
    readonly reading: 'at' | 'km',
  ) {
    super(message);
    this.name = 'SlipError';
  }
}

const POINT_LABELS: Record<SlipPointName, string> = {
  garageStart: 'Garage start',
  arrival: 'Arrival at pickup',
  dutyStart: 'Duty start',
  dutyEnd: 'Duty end',
  garageEnd: 'Garage end',
};

/**
 * The points recorded must follow one another: each later point no earlier and with no fewer km than
 * the one before it. Throws a SlipError naming the first point out of order.
 */
export function checkSlipOrder(readings: SlipReadings): void {
  let previous: { name: SlipPointName; reading: SlipReading } | undefined;
  for (const name of SLIP_POINTS) {
    const reading = readings[name];
    if (!reading) continue;
    if (reading.km.isNegative())
      throw new SlipError(name, `${POINT_LABELS[name]}: km cannot be negative.`, 'km');
    if (previous) {
      if (reading.at < previous.reading.at) {
        throw new SlipError(
          name,
          `${POINT_LABELS[name]} cannot be before ${POINT_LABELS[previous.name].toLowerCase()}.`,
          'at',
        );
      }
      if (reading.km.lessThan(previous.reading.km)) {
        throw new SlipError(
          name,
          `${POINT_LABELS[name]}: the km reading cannot be less than at ${POINT_LABELS[previous.name].toLowerCase()}.`,
          'km',
        );
      }
    }
    previous = { name, reading };
  }
}

/**
 * How far ahead of the service's clock a slip point may be: a phone's or an office PC's clock running a
 * few minutes fast (decided: 15 minutes). Anything later has not happened yet.
 */
export const SLIP_CLOCK_SKEW_MINUTES = 15;

/** The first point of a slip later than `now` (beyond the clock skew allowed), or undefined. */
export function slipPointAhead(readings: SlipReadings, now: Date): SlipPointName | undefined {
  const latest = now.getTime() + SLIP_CLOCK_SKEW_MINUTES * 60_000;
  return SLIP_POINTS.find((name) => {
    const reading = readings[name];
    return reading !== undefined && reading.at.getTime() > latest;
  });
}

/** What a slip point's name reads as in messages: "Duty end". */
export const slipPointLabel = (name: SlipPointName): string => POINT_LABELS[name];

const MINUTE = 60_000;
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / MINUTE);

/** Whether each garage leg counts for a duty type. */
export function countedLegs(terms: DutyTypeTerms): { garageStart: boolean; garageEnd: boolean } {
  if (terms.isG2g) return { garageStart: true, garageEnd: true };
  if (terms.isP2p) return { garageStart: false, garageEnd: false };
  return { garageStart: terms.isGarageStartCalculated, garageEnd: terms.isGarageEndCalculated };
}

/** The km and time a duty is charged for, from its slip. Duty start and end are required. */
export function measureDuty(
  readings: SlipReadings,
  terms: DutyTypeTerms,
  minimums: GarageMinimums = NO_GARAGE_MINIMUMS,
  timeZone?: string,
): DutyMeasure {
  checkSlipOrder(readings);
  const { dutyStart, dutyEnd, garageStart, garageEnd } = readings;
  if (!dutyStart) throw new SlipError('dutyStart', 'Record when the duty started.', 'at');
  if (!dutyEnd) throw new SlipError('dutyEnd', 'Record when the duty ended.', 'at');
  const legs = countedLegs(terms);
  const startLeg = legs.garageStart
    ? Math.max(garageStart ? minutesBetween(garageStart.at, dutyStart.at) : 0, minimums.startMinutes)
    : 0;
  const endLeg = legs.garageEnd
    ? Math.max(garageEnd ? minutesBetween(dutyEnd.at, garageEnd.at) : 0, minimums.endMinutes)
    : 0;
  const kmFrom = legs.garageStart && garageStart ? garageStart.km : dutyStart.km;
  const kmTo = legs.garageEnd && garageEnd ? garageEnd.km : dutyEnd.km;
  const from = new Date(dutyStart.at.getTime() - startLeg * MINUTE);
  const to = new Date(dutyEnd.at.getTime() + endLeg * MINUTE);
  return {
    from,
    to,
    km: kmTo.minus(kmFrom),
    minutes: minutesBetween(from, to),
    dates: datesSpanned(from, to, timeZone),
  };
}

/** The calendar dates from one instant's to another's, both included. */
function datesSpanned(from: Date, to: Date, timeZone?: string): string[] {
  const first = localClock(from, timeZone).date;
  const last = localClock(to, timeZone).date;
  const dates = [first];
  for (let day = new Date(`${first}T00:00:00Z`); dates.at(-1)! < last; ) {
    day = new Date(day.getTime() + 86_400_000);
    dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}
