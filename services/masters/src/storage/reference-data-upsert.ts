import { INDIAN_CITIES, INDIAN_STATES, type IndianCity, type IndianState } from '@fleet/domain';
import { type ReferenceDataLoader, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

export interface ReferenceDataChanges {
  statesAdded: number;
  statesUpdated: number;
  citiesAdded: number;
  citiesUpdated: number;
}

/**
 * Writes the rows of `wanted` that are missing or differ, and only those: rows already equal are
 * filtered out before the insert, so they are neither written nor locked, and a restart writes nothing.
 * Rows are never deleted (other services keep their ids).
 */
async function upsert(
  tx: Tx,
  table: string,
  columns: string[],
  wanted: Record<string, string>[],
): Promise<{ added: number; updated: number }> {
  const target = sql.raw(table);
  const list = sql.raw(columns.join(', '));
  const record = sql.raw(columns.map((c) => `${c} text`).join(', '));
  const others = columns.filter((c) => c !== 'id');
  const same = sql.raw(others.map((c) => `cur.${c} is not distinct from w.${c}`).join(' and '));
  const set = sql.raw(others.map((c) => `${c} = excluded.${c}`).join(', '));
  const row = (alias: string) => others.map((c) => `${alias}.${c}`).join(', ');
  const differs = sql.raw(`(${row('t')}) is distinct from (${row('excluded')})`);
  const written = await rows<{ inserted: boolean }>(
    tx,
    sql`insert into ${target} as t (${list})
        select ${list} from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(${record})
        where not exists (select from ${target} cur where cur.id = w.id and ${same})
        on conflict (id) do update set ${set}, updated_at = now() where ${differs}
        returning (xmax = 0) as inserted`,
  );
  const added = written.filter((r) => r.inserted).length;
  return { added, updated: written.length - added };
}

/**
 * Brings a masters schema's states and cities in step with the domain's reference lists (INDIAN_STATES,
 * INDIAN_CITIES); see ReferenceDataLoader.
 */
export async function upsertStatesAndCities(
  tx: Tx,
  schema: string,
  data: { states: readonly IndianState[]; cities: readonly IndianCity[] } = {
    states: INDIAN_STATES,
    cities: INDIAN_CITIES,
  },
): Promise<ReferenceDataChanges> {
  const states = await upsert(
    tx,
    `${schema}.states`,
    ['id', 'name', 'gst_code'],
    data.states.map((s) => ({ id: s.id, name: s.name, gst_code: s.gstCode })),
  );
  const cities = await upsert(
    tx,
    `${schema}.cities`,
    ['id', 'name', 'state_id'],
    data.cities.map((c) => ({ id: c.id, name: c.name, state_id: c.stateId })),
  );
  return {
    statesAdded: states.added,
    statesUpdated: states.updated,
    citiesAdded: cities.added,
    citiesUpdated: cities.updated,
  };
}

/** The masters service's reference-data hook for prepareService. */
export const upsertReferenceData: ReferenceDataLoader = async (tx, { schema, logger }) => {
  const changes = await upsertStatesAndCities(tx, schema);
  if (Object.values(changes).some((n) => n > 0)) logger.info(changes, 'reference data updated');
};
