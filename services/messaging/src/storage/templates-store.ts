// The operator's own templates (migration 0003): one row per message type it has reworded; no row is
// the default. Saved against the version the person edited (optimistic), under row-level security.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { OperatorTemplates } from '../domain/compose';
import type { TemplateText, TemplateType } from '../domain/templates';
import { SCHEMA } from './migrations';

const templates = sql.raw(`${SCHEMA}.templates`);

export interface TemplateRow extends TemplateText {
  type: TemplateType;
  updatedBy: string | null;
  updatedAt: Date;
  version: number;
}

const COLUMNS = sql.raw(`type, body, subject, dlt_template_id as "dltTemplateId", sender_id as "senderId",
  updated_by as "updatedBy", updated_at as "updatedAt", version`);

export function listTemplates(tx: Tx): Promise<TemplateRow[]> {
  return rows<TemplateRow>(tx, sql`select ${COLUMNS} from ${templates}`);
}

export async function findTemplate(tx: Tx, type: TemplateType): Promise<TemplateRow | undefined> {
  const [row] = await rows<TemplateRow>(tx, sql`select ${COLUMNS} from ${templates} where type = ${type}`);
  return row;
}

/** The operator's own templates by type (named by tenant too: a consumer may run as the system). */
export async function operatorTemplates(tx: Tx, tenantId: string): Promise<OperatorTemplates> {
  const own = await rows<TemplateRow>(
    tx,
    sql`select ${COLUMNS} from ${templates} where tenant_id = ${tenantId}`,
  );
  return Object.fromEntries(own.map((t) => [t.type, t]));
}

/**
 * Writes the operator's template of a type. `expectedVersion` is the version the person edited: 0 when
 * they edited the default (no row may exist yet). Answers the row written, or undefined when someone
 * saved or reset it since.
 */
export async function saveTemplate(
  tx: Tx,
  input: TemplateText & { tenantId: string; type: TemplateType; userId: string; expectedVersion: number },
): Promise<TemplateRow | undefined> {
  if (input.expectedVersion === 0) {
    const [row] = await rows<TemplateRow>(
      tx,
      sql`insert into ${templates} (tenant_id, type, body, subject, dlt_template_id, sender_id, updated_by)
          values (${input.tenantId}, ${input.type}, ${input.body}, ${input.subject}, ${input.dltTemplateId},
            ${input.senderId}, ${input.userId})
          on conflict (tenant_id, type) do nothing
          returning ${COLUMNS}`,
    );
    return row;
  }
  const [row] = await rows<TemplateRow>(
    tx,
    sql`update ${templates}
        set body = ${input.body}, subject = ${input.subject}, dlt_template_id = ${input.dltTemplateId},
            sender_id = ${input.senderId}, updated_by = ${input.userId}, updated_at = now(), version = version + 1
        where type = ${input.type} and version = ${input.expectedVersion}
        returning ${COLUMNS}`,
  );
  return row;
}

/** Removes the operator's template of a type (back to the default); answers whether there was one. */
export async function deleteTemplate(tx: Tx, type: TemplateType): Promise<boolean> {
  const removed = await rows<{ type: string }>(
    tx,
    sql`delete from ${templates} where type = ${type} returning type`,
  );
  return removed.length > 0;
}
