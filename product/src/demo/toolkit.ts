// What every area of the demo plan works with: one seeded generator (so every first start looks the
// same), the operator's today, refs between records by name, and the small makers of addresses, phones,
// registrations and tax numbers. Dates and the financial year come from @fleet/domain.
import {
  addCalendarDays,
  type FinancialYear,
  financialYearOf,
  isPan,
  type PanHolderType,
} from '@fleet/domain';
import type { CityPlan } from './cities';

export type Values = Record<string, unknown>;

/** mulberry32: a small, fast, seeded generator; the same seed gives the same demo every time. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'; // no I or O, as on number plates
  return {
    next,
    int,
    pick,
    chance: (p: number) => next() < p,
    letters: (n: number, alphabet = LETTERS) =>
      Array.from({ length: n }, () => alphabet[int(0, alphabet.length - 1)]).join(''),
    digits: (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A field pointing at another planned record, by its kind and key; replaced by its id on creation. */
export class Ref {
  constructor(
    readonly kind: string,
    readonly key: string,
  ) {}
}
export const ref = (kind: string, key: string) => new Ref(kind, key);

export interface PlannedRecord {
  kind: string;
  /** What other records' refs call it (its name, or its number for vehicles). */
  key: string;
  values: Values;
}

export interface DemoPlan {
  settings: Values;
  records: PlannedRecord[];
}

export const money = (rupees: number) => `${Math.round(rupees)}.00`;
/** Paise to a decimal string: 1250 → '12.50'. */
export const paise = (amount: number) => (Math.round(amount) / 100).toFixed(2);
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(pvt|ltd|llp|private|limited|and)\b/g, '')
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const BANKS = [
  { name: 'HDFC Bank', ifsc: 'HDFC0', digits: 14 },
  { name: 'State Bank of India', ifsc: 'SBIN0', digits: 11 },
  { name: 'ICICI Bank', ifsc: 'ICIC0', digits: 12 },
  { name: 'Axis Bank', ifsc: 'UTIB0', digits: 15 },
  { name: 'Kotak Mahindra Bank', ifsc: 'KKBK0', digits: 10 },
  { name: 'Bank of Maharashtra', ifsc: 'MAHB0', digits: 11 },
  { name: 'Canara Bank', ifsc: 'CNRB0', digits: 13 },
] as const;

/**
 * One plan being made: the records so far and the helpers that draw from its generator. The areas
 * (business.ts, fleet.ts, people.ts, pricing.ts) take turns with it in the order plan.ts gives, so
 * the generator is read in the same order every time.
 */
export interface PlanContext {
  today: string;
  year: number;
  fy: FinancialYear & { previous: FinancialYear };
  random: Random;
  records: PlannedRecord[];
  add(kind: string, key: string, values: Values): void;
  /** A date `days` from today, give or take `spread` days. */
  inDays(days: number, spread?: number): string;
  phoneIn(city: CityPlan): string;
  address(city: CityPlan, building: string): { text: string; pincode: string };
  bankAccount(): { bank_name: string; account_no: string; ifsc: string };
  /** A registration number of the city's RTOs that no other demo vehicle has. */
  registration(city: CityPlan): string;
  licenceNo(city: CityPlan, issued: number): string;
  /** A PAN for the holder type (C company, F firm, P person) and the name's initial. */
  pan(holder: PanHolderType, name: string): string;
}

export function planContext(today: string): PlanContext {
  const random = seededRandom(0x5eed_2024);
  const records: PlannedRecord[] = [];
  const plates = new Set<string>();
  return {
    today,
    year: Number(today.slice(0, 4)),
    fy: financialYearOf(today),
    random,
    records,
    add(kind, key, values) {
      records.push({ kind, key, values });
    },
    inDays: (days, spread = 0) => addCalendarDays(today, days + (spread ? random.int(-spread, spread) : 0)),
    phoneIn: (city) => `${city.landline}${random.int(2, 6)}${random.digits(7)}`,
    address(city, building) {
      const locality = random.pick(city.localities);
      return { text: `${building}, ${locality.area}, ${city.name}`, pincode: locality.pincode };
    },
    bankAccount() {
      const bank = random.pick(BANKS);
      return {
        bank_name: bank.name,
        account_no: `${random.int(1, 9)}${random.digits(bank.digits - 1)}`,
        ifsc: `${bank.ifsc}${random.digits(6)}`,
      };
    },
    registration(city) {
      for (;;) {
        const rto = random.pick(city.rtos);
        const number = String(random.int(1, 9999)).padStart(4, '0');
        // Delhi numbers carry a class letter before the series: DL1RAB1234.
        const plate = `${rto}${city.key === 'delhi' ? 'R' : ''}${random.letters(2)}${number}`;
        if (!plates.has(plate)) {
          plates.add(plate);
          return plate;
        }
      }
    },
    licenceNo: (city, issued) =>
      `${city.stateId}${city.rtos[0]!.slice(2).padStart(2, '0')}${issued}${random.digits(7)}`,
    pan(holder, name) {
      const initial =
        name
          .replace(/[^A-Za-z]/g, '')
          .charAt(0)
          .toUpperCase() || 'A';
      const pan = `${random.letters(3, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}${holder}${initial}${random.digits(4)}${random.letters(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`;
      if (!isPan(pan)) throw new Error(`The demo made an invalid PAN: ${pan}`);
      return pan;
    },
  };
}
