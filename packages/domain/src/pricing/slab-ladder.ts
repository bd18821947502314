// Slab switching (DOMAIN.md, Pricing; spec §9 switch paths): a customer's rate cards whose switch path
// is in one family (TIME, KM or TIME_KM) form a ladder by their number, 1 to 3. A duty that crosses its
// card's threshold — "switch after total km" for KM, "after total hours" for TIME, whichever comes first
// for TIME_KM — is charged on the next rung's card, and so on up. Crossing means going beyond: a duty of
// exactly the threshold stays on its card. Applied when the duty closes.
import type Decimal from 'decimal.js';
import type { SwitchPathOption } from '../vocabulary';

export type SwitchFamily = 'TIME' | 'KM' | 'TIME_KM';

/** What a rate card says about switching. */
export interface SwitchTerms {
  switchPath: SwitchPathOption;
  /** Switch after this many km in all. */
  kmCrossSlab: number | null;
  /** Switch after this many hours in all. */
  hourCrossSlab: number | null;
}

/** The family and the rung of a switch path; undefined for OFF. */
export function switchRung(path: SwitchPathOption): { family: SwitchFamily; rung: number } | undefined {
  const match = /^(TIME_KM|TIME|KM)([1-3])$/.exec(path);
  if (!match) return undefined;
  return { family: match[1] as SwitchFamily, rung: Number(match[2]) };
}

/** Whether a duty of `km` and `minutes` goes beyond a card's switch threshold. */
export function crossesSlab(card: SwitchTerms, km: Decimal, minutes: number) {
  const rung = switchRung(card.switchPath);
  if (!rung) return false;
  const byKm = card.kmCrossSlab !== null && km.greaterThan(card.kmCrossSlab);
  const byTime = card.hourCrossSlab !== null && minutes > card.hourCrossSlab * 60;
  if (rung.family === 'KM') return byKm;
  if (rung.family === 'TIME') return byTime;
  return byKm || byTime;
}

/**
 * The card a duty is charged on: the booked card, or the highest rung it climbs to. `ladder` holds the
 * candidate cards (the customer's cards in force for the same city and vehicle group); only those of
 * the booked card's family count, and a missing rung stops the climb.
 */
export function climbLadder<C extends SwitchTerms>(
  booked: C,
  ladder: readonly C[],
  km: Decimal,
  minutes: number,
): C {
  let card = booked;
  for (let step = 0; step < 3 && crossesSlab(card, km, minutes); step++) {
    const at = switchRung(card.switchPath)!;
    const next = ladder.find((c) => {
      const rung = switchRung(c.switchPath);
      return rung?.family === at.family && rung.rung === at.rung + 1;
    });
    if (!next) break;
    card = next;
  }
  return card;
}
