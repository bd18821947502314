// Who sees and changes which rate cards. The Pricing screen and its master are view_pricing's and
// manage_pricing's (the menu entry and what the gateway's guard asks); on it, a customer's rate cards are
// view/manage_customer_pricing's and a supplier's view/manage_supplier_pricing's, so the sales desk and
// the purchase desk each keep to their own contracts.
import { type MasterDefinition, PERMISSION, RATE_CARD_PARTIES } from '@fleet/domain';
import { permissionDenied, type Tx } from '@fleet/platform';
import { getRecord } from '../storage/master-store';
import type { TenantCaller } from './deps';

type Party = (typeof RATE_CARD_PARTIES)[number];

const VIEW: Record<Party, string> = {
  CUSTOMER: PERMISSION.view_customer_pricing,
  SUPPLIER: PERMISSION.view_supplier_pricing,
};
const MANAGE: Record<Party, string> = {
  CUSTOMER: PERMISSION.manage_customer_pricing,
  SUPPLIER: PERMISSION.manage_supplier_pricing,
};
const PARTY_NAMES: Record<Party, string> = { CUSTOMER: 'customer', SUPPLIER: 'supplier' };

const isRateCards = (definition: MasterDefinition) => definition.kind === 'rate_card';
const partyOf = (value: unknown): Party | undefined => RATE_CARD_PARTIES.find((party) => party === value);

/**
 * The list filter that keeps a caller to the rate cards it may see (none to add for other masters);
 * refuses someone who may see neither side's.
 */
export function rateCardsSeenFilter(
  caller: TenantCaller,
  definition: MasterDefinition,
): { field: string; values: string[] }[] {
  if (!isRateCards(definition)) return [];
  const seen = RATE_CARD_PARTIES.filter((party) => caller.permissions.includes(VIEW[party]));
  if (seen.length === 0) {
    throw permissionDenied('You need View Customer Pricing or View Supplier Pricing to see rate cards.');
  }
  return seen.length === RATE_CARD_PARTIES.length ? [] : [{ field: 'party', values: seen }];
}

/** Refuses a rate card read by someone who may not see its party's cards. */
export function requireRateCardSeen(
  caller: TenantCaller,
  definition: MasterDefinition,
  values: Readonly<Record<string, unknown>>,
): void {
  const party = isRateCards(definition) ? partyOf(values.party) : undefined;
  if (party && !caller.permissions.includes(VIEW[party])) {
    throw permissionDenied(`You may not see ${PARTY_NAMES[party]} rate cards.`);
  }
}

/**
 * Refuses a change of a rate card (`id` absent when it is made; `party` what the change leaves it) by
 * someone who may not manage the cards of its party, before or after.
 */
export async function requireRateCardManaged(
  tx: Tx,
  caller: TenantCaller,
  definition: MasterDefinition,
  change: { id?: string; party?: unknown },
  today: string,
): Promise<void> {
  if (!isRateCards(definition)) return;
  const before = change.id ? await getRecord(tx, definition, change.id, today) : undefined;
  for (const party of [partyOf(change.party), partyOf(before?.values.party)]) {
    if (party && !caller.permissions.includes(MANAGE[party])) {
      throw permissionDenied(`You may not change ${PARTY_NAMES[party]} rate cards.`);
    }
  }
}
