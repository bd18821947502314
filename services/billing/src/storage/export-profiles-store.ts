// Export profiles (billing.export_profiles): named choices of columns, per operator and kind of export.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

export interface ExportProfileRow {
  id: string;
  kind: string;
  name: string;
  columns: string[];
  isDefault: boolean;
  /** PostgreSQL's text of the instants. */
  createdAt: string;
  updatedAt: string;
}

const PROFILE_COLUMNS =
  sql.raw(`id, kind, name, columns, is_default as "isDefault", created_at as "createdAt",
  updated_at as "updatedAt"`);

export async function listExportProfiles(tx: Tx, kind: string): Promise<ExportProfileRow[]> {
  return rows<ExportProfileRow>(
    tx,
    sql`select ${PROFILE_COLUMNS} from billing.export_profiles where kind = ${kind} order by lower(name), id`,
  );
}

export async function getExportProfile(tx: Tx, id: string): Promise<ExportProfileRow | undefined> {
  const [found] = await rows<ExportProfileRow>(
    tx,
    sql`select ${PROFILE_COLUMNS} from billing.export_profiles where id = ${id}`,
  );
  return found;
}

export async function defaultExportProfile(tx: Tx, kind: string): Promise<ExportProfileRow | undefined> {
  const [found] = await rows<ExportProfileRow>(
    tx,
    sql`select ${PROFILE_COLUMNS} from billing.export_profiles where kind = ${kind} and is_default`,
  );
  return found;
}

export interface ExportProfileContent {
  id: string;
  tenantId: string;
  kind: string;
  name: string;
  columns: readonly string[];
  isDefault: boolean;
}

const textArray = (values: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Writes a profile (new or changed); a new default takes the place of the kind's old one. */
export async function upsertExportProfile(tx: Tx, profile: ExportProfileContent): Promise<void> {
  if (profile.isDefault) {
    await tx.execute(sql`update billing.export_profiles set is_default = false, updated_at = now()
        where kind = ${profile.kind} and is_default and id <> ${profile.id}`);
  }
  await tx.execute(sql`
    insert into billing.export_profiles (id, tenant_id, kind, name, columns, is_default)
    values (${profile.id}, ${profile.tenantId}, ${profile.kind}, ${profile.name}, ${textArray(profile.columns)},
      ${profile.isDefault})
    on conflict (id) do update set name = excluded.name, columns = excluded.columns,
      is_default = excluded.is_default, updated_at = now()`);
}

export async function deleteExportProfile(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from billing.export_profiles where id = ${id}`);
}
