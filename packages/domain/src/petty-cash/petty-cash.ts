// The office's cash box (petty cash): money put in, cash handed to a person, cash a person gives back,
// and cash spent. All figures are BigInt paise while worked out; decimal text at the edges.
//
// One rule decides every figure. An entry moves cash between the box and a person, or out of both:
//   RECEIVED  into the box (from the bank, the owner)                box +amount
//   GIVEN     from the box to a person (a driver's advance, a float) box −amount, person +amount
//   RETURNED  from a person back into the box                        box +amount, person −amount
//   SPENT     with a person: what they spent of what they hold       person −amount
//             without one: paid out of the box on the spot           box −amount
// The box's balance and each person's holding are the sums of their live entries' effects; a voided
// entry has none. Neither may go below zero: the box cannot pay what it does not hold, nor can a
// person give back or spend more than they were given.

import Decimal from 'decimal.js';
import { formatRupees } from '../display/rupees';
import { financialYearOf } from '../financial-year';
import { invoiceNumber } from '../invoicing/invoice-number';
import { fromPaise, scaled } from '../invoicing/paise';

export const PETTY_CASH_KINDS = ['RECEIVED', 'GIVEN', 'RETURNED', 'SPENT'] as const;
export type PettyCashKind = (typeof PETTY_CASH_KINDS)[number];

export const PETTY_CASH_CATEGORIES = [
  'CASH_DEPOSIT',
  'DRIVER_ADVANCE',
  'EMPLOYEE_FLOAT',
  'FUEL',
  'TOLL_PARKING',
  'VEHICLE_REPAIR',
  'VEHICLE_CLEANING',
  'DRIVER_ALLOWANCE',
  'OFFICE',
  'FOOD',
  'POSTAGE_COURIER',
  'OTHER',
] as const;
export type PettyCashCategory = (typeof PETTY_CASH_CATEGORIES)[number];

/** What the screens call each kind and category. */
export const PETTY_CASH_KIND_LABELS: Record<PettyCashKind, string> = {
  RECEIVED: 'Received',
  GIVEN: 'Given',
  RETURNED: 'Returned',
  SPENT: 'Spent',
};
export const PETTY_CASH_CATEGORY_LABELS: Record<PettyCashCategory, string> = {
  CASH_DEPOSIT: 'Cash put in',
  DRIVER_ADVANCE: 'Driver advance',
  EMPLOYEE_FLOAT: 'Employee float',
  FUEL: 'Fuel',
  TOLL_PARKING: 'Toll & parking',
  VEHICLE_REPAIR: 'Vehicle repair',
  VEHICLE_CLEANING: 'Vehicle cleaning',
  DRIVER_ALLOWANCE: 'Driver allowance',
  OFFICE: 'Office',
  FOOD: 'Tea & food',
  POSTAGE_COURIER: 'Postage & courier',
  OTHER: 'Other',
};

/** A petty cash voucher's number in its billing company's series for the financial year: PC/26-27/0001. */
export const pettyCashVoucherNumber = (entryDate: string, sequence: number) =>
  invoiceNumber(`PC/${financialYearOf(entryDate).short}/`, sequence);

/** What is wrong with an entry, named by the field the person typed it in. */
export class PettyCashError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PettyCashError';
  }
}

const MAX_PAISE = 99_999_999_999_99n;

/** An amount typed by a person: more than zero, to the paisa, at most ₹99,99,99,99,999.99. */
export function pettyCashPaise(value: string, field = 'amount'): bigint {
  const text = value.trim();
  if (text === '') throw new PettyCashError(field, 'Give the amount.');
  let decimal: Decimal;
  try {
    decimal = new Decimal(text);
  } catch {
    throw new PettyCashError(field, 'Give an amount in rupees, e.g. 250.50.');
  }
  const paise = scaled(decimal, 2);
  if (paise === undefined)
    throw new PettyCashError(field, 'Give the amount to the paisa, at most two decimals.');
  if (paise <= 0n) throw new PettyCashError(field, 'The amount is more than zero.');
  if (paise > MAX_PAISE) throw new PettyCashError(field, 'That amount is too large.');
  return paise;
}

export const pettyCashRupees = (paise: bigint) => fromPaise(paise).toFixed(2);

/**
 * Who an entry's cash went to or came from, as one key: a driver by the driver master's id, anyone
 * else by their name (case and spaces aside) and phone. '' for none.
 */
export function pettyCashPersonKey(person: { driverId?: string; name: string; phone: string }): string {
  if (person.driverId) return `driver:${person.driverId}`;
  const name = person.name.trim().replace(/\s+/g, ' ').toLowerCase();
  if (name === '') return '';
  return `person:${name}|${person.phone.trim()}`;
}

/** What an entry needs of its person: GIVEN and RETURNED name one; SPENT may; RECEIVED may (who brought it). */
export function checkPettyCashEntry(entry: { kind: PettyCashKind; personKey: string }): void {
  if ((entry.kind === 'GIVEN' || entry.kind === 'RETURNED') && entry.personKey === '') {
    throw new PettyCashError(
      'personName',
      entry.kind === 'GIVEN' ? 'Say who the cash is given to.' : 'Say who gives the cash back.',
    );
  }
}

/** An entry as the arithmetic reads it. */
export interface PettyCashMovement {
  kind: PettyCashKind;
  amount: bigint;
  /** '' when the entry names no person. */
  personKey: string;
}

/** What one live entry does to the box and to its person's holding (in paise). */
export function pettyCashEffect(entry: PettyCashMovement): { box: bigint; person: bigint } {
  switch (entry.kind) {
    case 'RECEIVED':
      return { box: entry.amount, person: 0n };
    case 'GIVEN':
      return { box: -entry.amount, person: entry.amount };
    case 'RETURNED':
      return { box: entry.amount, person: -entry.amount };
    case 'SPENT':
      return entry.personKey === '' ? { box: -entry.amount, person: 0n } : { box: 0n, person: -entry.amount };
  }
}

export interface PettyCashLedger {
  box: bigint;
  /** By person key; a person whose holding came back to zero stays, at zero. */
  held: Map<string, bigint>;
}

/** The box's balance and every person's holding, from the live entries. */
export function pettyCashLedger(entries: readonly PettyCashMovement[]): PettyCashLedger {
  const ledger: PettyCashLedger = { box: 0n, held: new Map() };
  for (const entry of entries) applyPettyCash(ledger, entry, 1n);
  return ledger;
}

function applyPettyCash(ledger: PettyCashLedger, entry: PettyCashMovement, sign: 1n | -1n) {
  const effect = pettyCashEffect(entry);
  ledger.box += sign * effect.box;
  if (entry.personKey !== '' && effect.person !== 0n) {
    ledger.held.set(entry.personKey, (ledger.held.get(entry.personKey) ?? 0n) + sign * effect.person);
  }
}

/**
 * What the box and the people concerned hold after a change — an entry recorded (`before` absent), edited
 * (both), or voided (`after` absent) — checked: the box never pays more than it holds, a person never
 * gives back or spends more than they hold. `now` is the box's balance and the holdings of the people
 * the change touches, as they stand.
 */
export function pettyCashChange(
  now: { box: bigint; held: ReadonlyMap<string, bigint> },
  change: { before?: PettyCashMovement; after?: PettyCashMovement },
  names: ReadonlyMap<string, string> = new Map(),
): { box: bigint; held: Map<string, bigint>; boxDelta: bigint; heldDelta: Map<string, bigint> } {
  const ledger: PettyCashLedger = { box: now.box, held: new Map(now.held) };
  if (change.before) applyPettyCash(ledger, change.before, -1n);
  if (change.after) applyPettyCash(ledger, change.after, 1n);
  if (ledger.box < 0n) {
    throw new PettyCashError(
      'amount',
      `The cash box holds ${formatRupees(fromPaise(now.box))}: it cannot pay out ${formatRupees(fromPaise(now.box - ledger.box))}.`,
    );
  }
  const heldDelta = new Map<string, bigint>();
  for (const [key, held] of ledger.held) {
    const delta = held - (now.held.get(key) ?? 0n);
    if (delta !== 0n) heldDelta.set(key, delta);
    if (held < 0n) {
      const who = names.get(key) || 'This person';
      throw new PettyCashError(
        'amount',
        `${who} holds ${formatRupees(fromPaise(now.held.get(key) ?? 0n))}: that is more than they hold.`,
      );
    }
  }
  return { box: ledger.box, held: ledger.held, boxDelta: ledger.box - now.box, heldDelta };
}
