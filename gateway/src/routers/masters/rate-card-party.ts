// A rate card is a customer's (manage_customer_pricing) or a supplier's (manage_supplier_pricing): the
// Pricing screen's manage_pricing lets one reach it, the party's permission lets one make or change it.
// The gateway refuses the party the request names; masters checks it again, and the party a card had.
import { PERMISSION } from '@fleet/domain';
import { TRPCError } from '@trpc/server';
import type { SignedInCaller } from '../../context';
import { missingPermissionMessage } from '../../guard';

const MANAGE = {
  CUSTOMER: PERMISSION.manage_customer_pricing,
  SUPPLIER: PERMISSION.manage_supplier_pricing,
} as const;

export function requireRateCardPartyPermission(
  caller: SignedInCaller,
  kind: string,
  values: Readonly<Record<string, unknown>>,
): void {
  if (kind !== 'rate_card') return;
  const party = values.party;
  if (party !== 'CUSTOMER' && party !== 'SUPPLIER') return;
  if (caller.permissions.includes(MANAGE[party])) return;
  throw new TRPCError({ code: 'FORBIDDEN', message: missingPermissionMessage(MANAGE[party]) });
}
