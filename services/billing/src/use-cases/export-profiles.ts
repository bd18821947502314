// Export profiles: named choices of columns for one kind of export, kept per operator. Each kind's
// profiles are seen and changed with that kind's permissions (the export catalogues say which).
import { randomUUID } from 'node:crypto';
import {
  type ExportRecordKind,
  exportCatalogue,
  exportColumnsProblem,
  hasNul,
  isExportRecordKind,
} from '@fleet/domain';
import {
  conflict,
  invalidField,
  notFound,
  pgConstraint,
  pgErrorCode,
  requireId,
  requirePermission,
} from '@fleet/platform';
import {
  deleteExportProfile,
  type ExportProfileRow,
  getExportProfile,
  listExportProfiles,
  upsertExportProfile,
} from '../storage/export-profiles-store';
import type { BillingDeps, TenantCaller } from './deps';

export interface ExportProfileInput {
  /** Empty or absent: a new profile. */
  id?: string;
  kind: string;
  name: string;
  columns: readonly string[];
  isDefault: boolean;
}

/** The kind a caller named, refused unless it is one of the catalogues'. */
export function checkedExportKind(kind: string): ExportRecordKind {
  if (!isExportRecordKind(kind)) {
    throw invalidField(
      'kind',
      'Export invoices, invoice duties, duties, purchase invoices or channel duties.',
    );
  }
  return kind;
}

/** Columns a caller chose, refused unless every one is of the kind's catalogue, once. */
export function checkedExportColumns(kind: ExportRecordKind, columns: readonly string[]): string[] {
  const problem = exportColumnsProblem(kind, columns);
  if (problem) throw invalidField('columns', problem);
  return [...columns];
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalidField('name', 'Name the profile.');
  if (trimmed.length > 80) throw invalidField('name', 'Name the profile in at most 80 characters.');
  if (hasNul(trimmed)) throw invalidField('name', 'The name cannot contain NUL characters.');
  return trimmed;
}

export function createExportProfiles(deps: Pick<BillingDeps, 'db'>) {
  const { db } = deps;

  function mayEdit(caller: TenantCaller, kind: ExportRecordKind) {
    requirePermission(caller, exportCatalogue(kind).editProfilePermission, 'change export profiles');
  }

  return {
    async list(caller: TenantCaller, kindText: string): Promise<ExportProfileRow[]> {
      const kind = checkedExportKind(kindText);
      requirePermission(caller, exportCatalogue(kind).viewProfilePermission, 'see export profiles');
      return db.read(caller.tenantId, (tx) => listExportProfiles(tx, kind));
    },

    async save(caller: TenantCaller, input: ExportProfileInput): Promise<ExportProfileRow> {
      const kind = checkedExportKind(input.kind);
      mayEdit(caller, kind);
      const id = input.id ? requireId(input.id, 'id') : randomUUID();
      const name = checkedName(input.name);
      const columns = checkedExportColumns(kind, input.columns);
      try {
        return await db.withTenant(caller.tenantId, async (tx) => {
          if (input.id) {
            const existing = await getExportProfile(tx, id);
            if (!existing) throw notFound('The export profile');
            if (existing.kind !== kind)
              throw invalidField('kind', 'A profile keeps the kind it was made for.');
          }
          await upsertExportProfile(tx, {
            id,
            tenantId: caller.tenantId,
            kind,
            name,
            columns,
            isDefault: input.isDefault,
          });
          return (await getExportProfile(tx, id))!;
        });
      } catch (error) {
        if (
          pgErrorCode(error) === '23505' &&
          pgConstraint(error) === 'export_profiles_tenant_id_kind_name_key'
        ) {
          throw conflict(`There is already a profile named “${name}”.`, 'EXPORT_PROFILE_NAME_TAKEN');
        }
        if (pgErrorCode(error) === '23505') {
          throw conflict('Someone else changed these profiles just now; reload and try again.');
        }
        throw error;
      }
    },

    async delete(caller: TenantCaller, id: string): Promise<void> {
      requireId(id, 'id');
      await db.withTenant(caller.tenantId, async (tx) => {
        const existing = await getExportProfile(tx, id);
        if (!existing) throw notFound('The export profile');
        mayEdit(caller, checkedExportKind(existing.kind));
        await deleteExportProfile(tx, id);
      });
    },
  };
}

export type ExportProfiles = ReturnType<typeof createExportProfiles>;
