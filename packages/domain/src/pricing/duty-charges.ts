// The price of a duty (DOMAIN.md, Pricing): from what the duty measured and the rate card it was booked
// on, the lines a customer is charged — or a supplier paid, on a supplier's card — in decimals only.
// Billing reuses this module for invoice lines; the bookings service stores its answer when a duty
// closes. Decisions taken here, once:
// - Every amount is rounded to the paisa, half up, line by line; the total is the sum of the lines.
// - Extra hours are charged by the minute or rounded up to a step, as the card (else the business
//   settings) says; a card with no extra hour rate charges its overtime rate for them.
// - Only the costlier of extra km and extra hours is charged where the customer asks for it (ties: km).
// - DAY_KM: the card's base rate is per km; a trip is charged at least its calendar days × the duty
//   type's daily km; nights are the days less one. Early start and night allowances are for local
//   duties, not outstation trips.
// - Monthly kinds: KM_HR counts km and hours over the month; KM_DAILY_HR counts km over the month and
//   the hours beyond each day's allowance.
// - FLAT and the other kinds charge the base rate as it stands.
// - A no-show is charged the card's no-show rate and nothing else (nothing, when the card sets none).
// - Fuel surcharge = (current fuel price − the card's contract price) ÷ the vehicle's km per unit × km,
//   only when fuel costs more than at contract.
import Decimal from 'decimal.js';
import type { EXTRA_HOUR_ROUNDING } from '../masters/business-masters';
import type { DutyMeasure, DutyTypeTerms } from './duty-measure';
import { localClock, minutesOfTime } from './local-clock';
import { climbLadder, type SwitchTerms } from './slab-ladder';

export type ExtraHourRounding = (typeof EXTRA_HOUR_ROUNDING)[number];

export const ALLOWANCE_KEYS = [
  'outstation',
  'overnight',
  'sunday',
  'earlyStart',
  'night',
  'extraDuty',
  'driverDaily',
] as const;
export type AllowanceKey = (typeof ALLOWANCE_KEYS)[number];

/** Allowance amounts (per day, night or occasion); the caller fills gaps in a card from the customer's master. */
export type Allowances = Partial<Record<AllowanceKey, Decimal | null>>;

/** A rate card row as pricing reads it (spec §3 Pricing). */
export interface RateCard extends SwitchTerms {
  id: string;
  /** The card's duty type. */
  terms: DutyTypeTerms;
  normalRate: Decimal;
  extraKmRate: Decimal | null;
  extraHourRate: Decimal | null;
  overTimePerHour: Decimal | null;
  noShowRate: Decimal | null;
  extraHourRounding: ExtraHourRounding;
  allowances: Allowances;
}

/** The customer's working hours in the duty's city, "HH:MM" (early start before, night after, overnight after). */
export interface CityTimings {
  earlyTime?: string | null;
  lateTime?: string | null;
  overnightTime?: string | null;
}

export interface FuelPrices {
  /** The fuel's price per litre (or unit) now. */
  current: Decimal;
  /** The price the card was agreed at. */
  atContract: Decimal;
  /** The vehicle's km per litre (or unit). */
  kmPerUnit: Decimal;
}

export interface DutyChargeInput {
  /** The card the duty was booked on. */
  card: RateCard;
  /** The other cards the duty may switch to (slab-ladder.ts). */
  ladder?: readonly RateCard[];
  outcome: 'COMPLETED' | 'NO_SHOW';
  /** One per duty; several for a month of a monthly kind. None for a no-show. */
  measures: readonly DutyMeasure[];
  costlierOfKmOrHours?: boolean;
  timings?: CityTimings;
  /** 1 for the vehicle's first duty of the day, 2 for its second, … */
  dutyOfDay?: number;
  fuel?: FuelPrices;
  timeZone?: string;
}

export const CHARGE_CODES = [
  'BASE',
  'EXTRA_KM',
  'EXTRA_HOURS',
  'OUTSTATION_ALLOWANCE',
  'OVERNIGHT_ALLOWANCE',
  'SUNDAY_ALLOWANCE',
  'EARLY_START_ALLOWANCE',
  'NIGHT_ALLOWANCE',
  'EXTRA_DUTY_ALLOWANCE',
  'DRIVER_DAILY_ALLOWANCE',
  'FUEL_SURCHARGE',
  'NO_SHOW',
] as const;
export type ChargeCode = (typeof CHARGE_CODES)[number];

export type ChargeUnit = 'duty' | 'km' | 'hour' | 'day' | 'night' | 'occasion';

export interface ChargeLine {
  code: ChargeCode;
  label: string;
  quantity: Decimal;
  unit: ChargeUnit;
  rate: Decimal;
  /** quantity × rate, to the paisa. */
  amount: Decimal;
}

export interface DutyCharges {
  /** The card charged: the booked one, or the rung a slab switch reached. */
  cardId: string;
  km: Decimal;
  minutes: number;
  lines: ChargeLine[];
  total: Decimal;
}

const ZERO = new Decimal(0);
const toPaisa = (amount: Decimal) => amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function line(code: ChargeCode, label: string, quantity: Decimal.Value, unit: ChargeUnit, rate: Decimal) {
  const q = new Decimal(quantity);
  return { code, label, quantity: q, unit, rate, amount: toPaisa(q.times(rate)) };
}

const isCharged = (rate: Decimal | null | undefined): rate is Decimal => !!rate && rate.greaterThan(0);

const STEP_MINUTES: Record<ExtraHourRounding, number> = {
  PRO_RATA: 1,
  STEP_15: 15,
  STEP_30: 30,
  STEP_60: 60,
};

/** Minutes beyond the allowance, rounded up to the card's step. */
function chargedExtraMinutes(minutes: number, rounding: ExtraHourRounding): number {
  const step = STEP_MINUTES[rounding];
  return Math.ceil(Math.max(0, minutes) / step) * step;
}

const sum = (values: readonly Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/** The charges of a duty. */
export function priceDuty(input: DutyChargeInput): DutyCharges {
  if (input.outcome === 'NO_SHOW') {
    const lines = isCharged(input.card.noShowRate)
      ? [line('NO_SHOW', 'No-show', 1, 'duty', input.card.noShowRate)]
      : [];
    return { cardId: input.card.id, km: ZERO, minutes: 0, lines, total: sum(lines.map((l) => l.amount)) };
  }
  if (input.measures.length === 0) throw new RangeError('A completed duty is priced from its measure.');
  const km = sum(input.measures.map((m) => m.km));
  const minutes = input.measures.reduce((total, m) => total + m.minutes, 0);
  const card = climbLadder(input.card, input.ladder ?? [], km, minutes);
  const lines = [
    ...packageLines(card, input, km, minutes),
    ...allowanceLines(card, input),
    ...fuelLines(input.fuel, km),
  ].filter((l) => !l.amount.isZero());
  return { cardId: card.id, km, minutes, lines, total: sum(lines.map((l) => l.amount)) };
}

/** Distinct calendar dates of the duty's measures. */
const datesOf = (measures: readonly DutyMeasure[]) => [...new Set(measures.flatMap((m) => m.dates))];

function packageLines(card: RateCard, input: DutyChargeInput, km: Decimal, minutes: number): ChargeLine[] {
  const { terms } = card;
  if (terms.kind === 'DAY_KM') {
    const days = datesOf(input.measures).length;
    const minimum = new Decimal(days).times(terms.maxKm ?? 0);
    const charged = Decimal.max(km, minimum);
    const label = minimum.greaterThan(km)
      ? `Minimum ${days} day${days === 1 ? '' : 's'} × ${terms.maxKm} km`
      : `${charged.toString()} km`;
    return [line('BASE', label, charged, 'km', card.normalRate)];
  }
  const base = line('BASE', 'Package', 1, 'duty', card.normalRate);
  if (!['HR_KM', 'KM_HR', 'KM_DAILY_HR'].includes(terms.kind)) return [base];

  const extras: ChargeLine[] = [];
  const extraKm = terms.maxKm === null ? ZERO : Decimal.max(0, km.minus(terms.maxKm));
  if (isCharged(card.extraKmRate) && extraKm.greaterThan(0)) {
    extras.push(line('EXTRA_KM', `Extra km beyond ${terms.maxKm}`, extraKm, 'km', card.extraKmRate));
  }
  const hourRate = card.extraHourRate ?? card.overTimePerHour;
  if (terms.maxHours !== null && isCharged(hourRate)) {
    const allowed = terms.maxHours * 60;
    const beyond =
      terms.kind === 'KM_DAILY_HR'
        ? input.measures.reduce((total, m) => total + Math.max(0, m.minutes - allowed), 0)
        : Math.max(0, minutes - allowed);
    const charged = chargedExtraMinutes(beyond, card.extraHourRounding);
    if (charged > 0) {
      const hours = new Decimal(charged).dividedBy(60);
      extras.push({
        code: 'EXTRA_HOURS',
        label: `Extra hours beyond ${terms.maxHours}`,
        quantity: hours,
        unit: 'hour',
        rate: hourRate,
        amount: toPaisa(hourRate.times(charged).dividedBy(60)),
      });
    }
  }
  if (input.costlierOfKmOrHours && extras.length === 2) {
    const [byKm, byHours] = extras as [ChargeLine, ChargeLine];
    return [base, byHours.amount.greaterThan(byKm.amount) ? byHours : byKm];
  }
  return [base, ...extras];
}

/** Minutes from the start date's midnight; a threshold before noon means the next morning. */
const frameOf = (threshold: number) => (threshold < 720 ? threshold + 1440 : threshold);

function allowanceLines(card: RateCard, input: DutyChargeInput): ChargeLine[] {
  const { allowances, terms } = card;
  const measures = input.measures;
  const dates = datesOf(measures);
  const days = dates.length;
  const outstation = terms.kind === 'DAY_KM';
  const clocks = measures.map((m) => ({
    start: localClock(m.from, input.timeZone),
    end: localClock(m.to, input.timeZone),
  }));
  const endFrame = ({ start, end }: (typeof clocks)[number]) =>
    Math.round((Date.parse(end.date) - Date.parse(start.date)) / 60_000) + end.minuteOfDay;
  const passing = (time: string | null | undefined) => {
    const threshold = minutesOfTime(time);
    return threshold === undefined ? 0 : clocks.filter((c) => endFrame(c) > frameOf(threshold)).length;
  };
  const early = minutesOfTime(input.timings?.earlyTime);
  const counts: Record<AllowanceKey, number> = {
    outstation: terms.hasOutstationAllowance ? days : 0,
    overnight: outstation ? Math.max(0, days - 1) : passing(input.timings?.overnightTime),
    sunday: dates.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0).length,
    earlyStart:
      outstation || early === undefined ? 0 : clocks.filter((c) => c.start.minuteOfDay < early).length,
    night: outstation ? 0 : passing(input.timings?.lateTime),
    extraDuty: (input.dutyOfDay ?? 1) > 1 ? 1 : 0,
    driverDaily: days,
  };
  const described: Record<AllowanceKey, [ChargeCode, string, ChargeUnit]> = {
    outstation: ['OUTSTATION_ALLOWANCE', 'Outstation allowance', 'day'],
    overnight: ['OVERNIGHT_ALLOWANCE', 'Overnight allowance', 'night'],
    sunday: ['SUNDAY_ALLOWANCE', 'Sunday allowance', 'day'],
    earlyStart: ['EARLY_START_ALLOWANCE', 'Early start allowance', 'occasion'],
    night: ['NIGHT_ALLOWANCE', 'Night allowance', 'occasion'],
    extraDuty: ['EXTRA_DUTY_ALLOWANCE', 'Extra duty allowance', 'occasion'],
    driverDaily: ['DRIVER_DAILY_ALLOWANCE', 'Driver daily allowance', 'day'],
  };
  return ALLOWANCE_KEYS.flatMap((key) => {
    const rate = allowances[key];
    if (!isCharged(rate) || counts[key] === 0) return [];
    const [code, label, unit] = described[key];
    return [line(code, label, counts[key], unit, rate)];
  });
}

function fuelLines(fuel: FuelPrices | undefined, km: Decimal): ChargeLine[] {
  if (!fuel) return [];
  if (!fuel.current.greaterThan(fuel.atContract) || !fuel.kmPerUnit.greaterThan(0)) return [];
  const perKm = fuel.current.minus(fuel.atContract).dividedBy(fuel.kmPerUnit).toDecimalPlaces(4);
  return [line('FUEL_SURCHARGE', 'Fuel surcharge', km, 'km', perKm)];
}
