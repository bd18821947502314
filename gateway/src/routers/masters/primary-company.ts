// Making a company the primary one (the company every document is issued by unless another is chosen)
// needs edit_primary_company_information beside manage_my_company. What the gateway can see in the
// request it refuses here; masters refuses the rest (changing or deactivating the present primary),
// which it alone knows.
import { PERMISSION } from '@fleet/domain';
import { TRPCError } from '@trpc/server';
import type { SignedInCaller } from '../../context';
import { missingPermissionMessage } from '../../guard';

export function requirePrimaryCompanyPermission(
  caller: SignedInCaller,
  kind: string,
  values: Readonly<Record<string, unknown>>,
): void {
  if (kind !== 'company' || values.is_primary !== true) return;
  if (caller.permissions.includes(PERMISSION.edit_primary_company_information)) return;
  throw new TRPCError({
    code: 'FORBIDDEN',
    message: missingPermissionMessage(PERMISSION.edit_primary_company_information),
  });
}
