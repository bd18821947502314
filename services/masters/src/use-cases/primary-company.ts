// The primary company is the one every invoice, receipt and note is issued by unless another is chosen:
// manage_my_company adds and edits the other companies, while changing the primary's information, making
// a company primary or deactivating the primary needs edit_primary_company_information as well.
import { type MasterDefinition, PERMISSION } from '@fleet/domain';
import { permissionDenied, type Tx } from '@fleet/platform';
import { getRecord } from '../storage/master-store';
import type { TenantCaller } from './deps';

const REFUSAL =
  'Only someone who may edit the primary company can change it, or make another company primary.';

/**
 * Refuses a change of a company (`id` absent when it is being created, `isPrimary` what the change
 * leaves it, undefined when the change does not say) that touches the primary company, unless the caller
 * holds edit_primary_company_information.
 */
export async function requirePrimaryCompanyPermission(
  tx: Tx,
  caller: TenantCaller,
  definition: MasterDefinition,
  change: { id?: string; isPrimary?: boolean },
  today: string,
): Promise<void> {
  if (definition.kind !== 'company') return;
  if (caller.permissions.includes(PERMISSION.edit_primary_company_information)) return;
  if (change.isPrimary) throw permissionDenied(REFUSAL);
  if (!change.id) return;
  const before = await getRecord(tx, definition, change.id, today);
  if (before?.values.is_primary === true) throw permissionDenied(REFUSAL);
}
