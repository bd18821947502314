// The one store every master is kept in. It reads a master's declaration (@fleet/domain) and writes
// the SQL for it: a column per field, values cast to the column's type on the way in and read back as
// JSON (money, rates and dates as text, so no amount ever becomes a JavaScript number). Row-level
// security keeps every statement to the transaction's operator; no tenant condition is written here.
import {
  columnType,
  decodeListedValues,
  decodeMasterValues,
  FILE_TARGET,
  type Field,
  type FieldValue,
  isFieldOf,
  isUuid,
  type JsonObject,
  listedFieldsOf,
  type MasterDefinition,
  type MasterListRecord,
  type MasterRecord,
  type MasterValues,
  masterOf,
  refNamesOf,
  sortKeyShapeOf,
  TEXT_KEYED_TARGETS,
} from '@fleet/domain';
import { keyset, rows, type SortDirection, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SCHEMA } from './migrations';

/** A record as read from its table: the master's typed record. */
export type StoredRecord<D extends MasterDefinition = MasterDefinition> = MasterRecord<D>;

/** A record as a list reads it: its listed fields only, plus the key the list was sorted by. */
export type ListedRecord<D extends MasterDefinition = MasterDefinition> = MasterListRecord<D> & {
  sortKey: string | null;
};

/** A row as the select below returns it: values and ref names as JSON, before the codec reads them. */
interface Row {
  id: string;
  isActive: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  values: JsonObject;
  refNames: JsonObject;
  lapsed: string[];
  sortKey: string | null;
}

/** A row's record columns, its ref fields' names and its lapsed documents, checked against the declaration. */
function columnsOf<D extends MasterDefinition>(definition: D, row: Row) {
  return {
    id: row.id,
    isActive: row.isActive,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    refNames: refNamesOf(definition, row.refNames),
    lapsed: row.lapsed.filter((name) => isFieldOf(definition, name)),
  };
}

/** A row read back through the master's codec: values checked against and typed by its declaration. */
function recordOf<D extends MasterDefinition>(definition: D, row: Row): StoredRecord<D> {
  return { ...columnsOf(definition, row), values: decodeMasterValues(definition, row.values) };
}

/** A list's row read back through the codec: its listed fields, checked and typed the same way. */
function listedOf<D extends MasterDefinition>(definition: D, row: Row): ListedRecord<D> {
  return {
    ...columnsOf(definition, row),
    values: decodeListedValues(definition, row.values),
    sortKey: row.sortKey,
  };
}

const id = (name: string) => sql.identifier(name);
const tableOf = (definition: { table: string }) => sql`${id(SCHEMA)}.${id(definition.table)}`;

/** Where the records a ref field points at live, and the column that names them. */
export function targetOf(target: string): {
  table: string;
  display: string;
  scope?: { column: string; value: string };
} {
  if (target === FILE_TARGET.kind) return FILE_TARGET;
  const master = masterOf(target);
  return { table: master.table, display: master.display, scope: master.scope };
}

/** A value as its column takes it: every parameter is cast, so both drivers agree on types. */
function toColumn(field: Field, value: FieldValue<Field> | undefined): SQL {
  if (value === null || value === undefined) return sql`null`;
  switch (field.type) {
    case 'rows':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'refs': {
      const type = sql.raw(columnType(field));
      return sql`array(select jsonb_array_elements_text(${JSON.stringify(value)}::jsonb))::${type}`;
    }
    case 'boolean':
      return sql`${value ? 'true' : 'false'}::boolean`;
    case 'integer':
      return sql`${String(value)}::integer`;
    default:
      return sql`${String(value)}::${sql.raw(columnType(field))}`;
  }
}

/** A field as it reads back into JSON: exact text for numbers with places and dates. */
function fromColumn(name: string, field: Field): SQL {
  const column = sql`t.${id(name)}`;
  switch (field.type) {
    case 'money':
    case 'rate':
    case 'percent':
    case 'date':
      return sql`${column}::text`;
    case 'refs':
      return sql`to_jsonb(${column})`;
    default:
      return column;
  }
}

// jsonb_build_object takes at most 100 arguments; wide masters are built in slices and joined.
function jsonObject(pairs: [string, SQL][]): SQL {
  if (pairs.length === 0) return sql`'{}'::jsonb`;
  const slices: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 40) {
    const args = pairs.slice(i, i + 40).flatMap(([key, value]) => [sql`${key}::text`, value]);
    slices.push(sql`jsonb_build_object(${sql.join(args, sql`, `)})`);
  }
  return sql.join(slices, sql` || `);
}

function refName(field: Field & { type: 'ref' | 'refs' }, name: string): SQL {
  const target = targetOf(field.target);
  const conditions = [
    field.type === 'ref' ? sql`r.id = t.${id(name)}` : sql`r.id = any(t.${id(name)})`,
    ...(target.scope ? [sql`r.${id(target.scope.column)} = ${target.scope.value}`] : []),
  ];
  const from = sql`${id(SCHEMA)}.${id(target.table)} r where ${sql.join(conditions, sql` and `)}`;
  return field.type === 'ref'
    ? sql`(select r.${id(target.display)} from ${from})`
    : sql`coalesce((select jsonb_agg(r.${id(target.display)} order by r.${id(target.display)}) from ${from}), '[]'::jsonb)`;
}

/**
 * The select list: record columns, the values object of `fields`, the names their refs point at,
 * lapsed documents.
 */
function selectList(
  definition: MasterDefinition,
  options: { today: string; fields: readonly string[]; sortBy: string },
): SQL {
  const values = jsonObject(
    options.fields.map((name) => [name, fromColumn(name, definition.fields[name]!)] as [string, SQL]),
  );
  const refPairs: [string, SQL][] = [];
  for (const name of options.fields) {
    const field = definition.fields[name]!;
    if (field.type === 'ref' || field.type === 'refs') refPairs.push([name, refName(field, name)]);
  }
  const lapsed = (definition.expiries ?? []).map(
    (name) => sql`case when t.${id(name)} < ${options.today}::date then ${name}::text end`,
  );
  return sql`t.id, t.is_active as "isActive", t.created_at as "createdAt", t.updated_at as "updatedAt",
    ${values} as "values", ${jsonObject(refPairs)} as "refNames",
    ${lapsed.length ? sql`array_remove(array[${sql.join(lapsed, sql`, `)}], null)` : sql`array[]::text[]`} as "lapsed",
    t.${id(options.sortBy)}::text as "sortKey"`;
}

const dialect = new PgDialect();
const selectLists = new Map<string, SQL>();

/**
 * The select list as one piece of SQL text, its few values (today's date, a master's scope) written in
 * as literals by drizzle's own escaping: lists ask for the same few all day, and writing one from its
 * tree of a hundred-odd chunks cost more than the rest of the query's preparation.
 */
function selectListOnce(
  definition: MasterDefinition,
  options: { today: string; fields: readonly string[]; sortBy: string },
): SQL {
  const key = [definition.kind, options.sortBy, options.today, ...options.fields].join('\u0000');
  let text = selectLists.get(key);
  if (!text) {
    // A day's worth of kinds, sorts and field sets is a few hundred; a new day starts afresh.
    if (selectLists.size >= 2000) selectLists.clear();
    text = sql.raw(dialect.sqlToQuery(selectList(definition, options).inlineParams()).sql);
    selectLists.set(key, text);
  }
  return text;
}

function scopeCondition(definition: MasterDefinition): SQL[] {
  return definition.scope ? [sql`t.${id(definition.scope.column)} = ${definition.scope.value}`] : [];
}

export interface ListQuery {
  search?: string;
  active: 'active' | 'inactive' | 'all';
  filters: { field: string; values: string[] }[];
  /** Only records with an expiry on or before this date. */
  expiringBy?: string;
  ids?: string[];
  sortBy: string;
  direction: SortDirection;
  cursor?: string;
  limit: number;
  today: string;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the operator's records of the master's table that have, for every word of the search (up
 * to eight), a term starting with it: words are split and lower-cased exactly as search_terms_of()
 * indexes them (migration 0004), and `term >= w and term < w_end` is a leakproof range the index serves.
 */
function searchMatches(definition: MasterDefinition, search: string): SQL {
  return sql`
    with words as (
      select w, w || chr(1114111) as w_end from (
        select distinct left(w, 64) collate "C" as w
        from regexp_split_to_table(lower(${search}::text), '[^[:alnum:]]+') as w
        where w <> ''
        order by 1 limit 8
      ) as split
    )
    select s.record_id from words
    join ${id(SCHEMA)}.search_terms s
      on s.table_name = ${definition.table} and s.term >= words.w and s.term < words.w_end
    group by s.record_id
    having count(distinct words.w) = (select count(*) from words)`;
}

/** Up to `limit + 1` records after the cursor, filtered and in the asked order, as a list shows them. */
export async function listRecords<D extends MasterDefinition>(
  tx: Tx,
  definition: D,
  query: ListQuery,
): Promise<ListedRecord<D>[]> {
  const page = keyset({
    sortKey: sql`t.${id(query.sortBy)}`,
    id: sql`t.id`,
    direction: query.direction,
    cursor: query.cursor,
    shape: { sort: sortKeyShapeOf(definition, query.sortBy), id: definition.system ? 'code' : 'uuid' },
  });
  const conditions = [...scopeCondition(definition)];
  if (query.active !== 'all') conditions.push(sql`t.is_active = ${query.active === 'active'}`);
  const search = query.search?.trim();
  if (search && definition.search.length) {
    if (definition.system) {
      // The shared reference lists (states, cities) are small and have no operator: a scan is enough.
      const pattern = likePattern(search);
      conditions.push(
        sql`(${sql.join(
          definition.search.map((name) => sql`t.${id(name)} ilike ${pattern}`),
          sql` or `,
        )})`,
      );
    } else {
      conditions.push(sql`t.id in (${searchMatches(definition, search)})`);
    }
  }
  for (const filter of query.filters) {
    const field = definition.fields[filter.field]!;
    const json = JSON.stringify(filter.values);
    if (field.type === 'refs') {
      conditions.push(
        sql`t.${id(filter.field)} && array(select jsonb_array_elements_text(${json}::jsonb))::${sql.raw(columnType(field))}`,
      );
    } else if (filter.values.length === 1) {
      // A plain equality lets the planner use the `<field>_by_<sort>` index; `= any(array(...))` does not.
      conditions.push(sql`t.${id(filter.field)} = ${filter.values[0]}::${sql.raw(columnType(field))}`);
    } else {
      conditions.push(
        sql`t.${id(filter.field)} = any(array(select jsonb_array_elements_text(${json}::jsonb))::${sql.raw(`${columnType(field)}[]`)})`,
      );
    }
  }
  if (query.expiringBy && definition.expiries?.length) {
    conditions.push(
      sql`(${sql.join(
        definition.expiries.map((name) => sql`t.${id(name)} <= ${query.expiringBy}::date`),
        sql` or `,
      )})`,
    );
  }
  if (query.ids) {
    const type = definition.system ? 'text[]' : 'uuid[]';
    conditions.push(
      sql`t.id = any(array(select jsonb_array_elements_text(${JSON.stringify(query.ids)}::jsonb))::${sql.raw(type)})`,
    );
  }
  if (page.after) conditions.push(page.after);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const found = await rows<Row>(
    tx,
    sql`select ${selectListOnce(definition, { today: query.today, fields: listedFieldsOf(definition), sortBy: query.sortBy })}
      from ${tableOf(definition)} t ${where}
      order by ${page.orderBy} limit ${query.limit + 1}`,
  );
  return found.map((row) => listedOf(definition, row));
}

export async function getRecord<D extends MasterDefinition>(
  tx: Tx,
  definition: D,
  recordId: string,
  today: string,
): Promise<StoredRecord<D> | undefined> {
  if (!definition.system && !isUuid(recordId)) return undefined;
  const [found] = await rows<Row>(
    tx,
    sql`select ${selectListOnce(definition, { today, fields: Object.keys(definition.fields), sortBy: 'id' })}
      from ${tableOf(definition)} t where ${sql.join([sql`t.id = ${recordId}`, ...scopeCondition(definition)], sql` and `)}`,
  );
  return found && recordOf(definition, found);
}

/** The operator's one record of a singleton master. */
export async function getSingleton<D extends MasterDefinition>(
  tx: Tx,
  definition: D,
  today: string,
): Promise<StoredRecord<D> | undefined> {
  const [found] = await rows<Row>(
    tx,
    sql`select ${selectListOnce(definition, { today, fields: Object.keys(definition.fields), sortBy: 'id' })}
      from ${tableOf(definition)} t limit 1`,
  );
  return found && recordOf(definition, found);
}

export async function insertRecord(
  tx: Tx,
  definition: MasterDefinition,
  record: { id: string; tenantId: string; values: MasterValues<MasterDefinition> },
): Promise<void> {
  const names = Object.keys(definition.fields);
  const columns = [
    sql`id`,
    sql`tenant_id`,
    ...(definition.scope ? [id(definition.scope.column)] : []),
    ...names.map(id),
  ];
  const values = [
    sql`${record.id}::uuid`,
    sql`${record.tenantId}::uuid`,
    ...(definition.scope ? [sql`${definition.scope.value}`] : []),
    ...names.map((name) => toColumn(definition.fields[name]!, record.values[name])),
  ];
  await tx.execute(
    sql`insert into ${tableOf(definition)} (${sql.join(columns, sql`, `)}) values (${sql.join(values, sql`, `)})`,
  );
}

/** Replaces every field of a record; false when there is no such record. */
export async function updateRecord(
  tx: Tx,
  definition: MasterDefinition,
  recordId: string,
  values: MasterValues<MasterDefinition>,
): Promise<boolean> {
  if (!isUuid(recordId)) return false;
  const sets = Object.entries(definition.fields)
    .filter(([name]) => name !== definition.autoNumber)
    .map(([name, field]) => sql`${id(name)} = ${toColumn(field, values[name])}`);
  const updated = await rows<{ id: string }>(
    tx,
    sql`update ${tableOf(definition)} t set ${sql.join(sets, sql`, `)}, updated_at = now()
      where ${sql.join([sql`t.id = ${recordId}::uuid`, ...scopeCondition(definition)], sql` and `)} returning t.id`,
  );
  return updated.length > 0;
}

export async function setRecordActive(
  tx: Tx,
  definition: MasterDefinition,
  recordId: string,
  isActive: boolean,
): Promise<boolean> {
  if (!isUuid(recordId)) return false;
  const updated = await rows<{ id: string }>(
    tx,
    sql`update ${tableOf(definition)} t set is_active = ${isActive}, updated_at = now()
      where ${sql.join([sql`t.id = ${recordId}::uuid`, ...scopeCondition(definition)], sql` and `)} returning t.id`,
  );
  return updated.length > 0;
}

/** The next number of an auto-numbered master (per operator), taken in the creating transaction. */
export async function nextRecordNumber(tx: Tx, tenantId: string, kind: string): Promise<number> {
  const [row] = await rows<{ no: number }>(
    tx,
    sql`insert into ${id(SCHEMA)}.record_numbers (tenant_id, kind, next_no) values (${tenantId}::uuid, ${kind}, 2)
      on conflict (tenant_id, kind) do update set next_no = record_numbers.next_no + 1
      returning next_no - 1 as no`,
  );
  return Number(row!.no);
}

/** Which of these ids exist as records of the target (any state); the rest are unknown to the operator. */
export async function existingIds(tx: Tx, target: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const textKeyed = TEXT_KEYED_TARGETS.has(target);
  const candidates = textKeyed ? ids : ids.filter(isUuid);
  if (candidates.length === 0) return new Set();
  const { table, scope } = targetOf(target);
  const found = await rows<{ id: string }>(
    tx,
    sql`select r.id::text as id from ${id(SCHEMA)}.${id(table)} r
      where r.id = any(array(select jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb))::${sql.raw(textKeyed ? 'text[]' : 'uuid[]')})
      ${scope ? sql`and r.${id(scope.column)} = ${scope.value}` : sql``}`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Active records of the master whose `key` fields equal these values and whose from..to dates meet
 * the given range (a contract overlapping another for the same key).
 */
export async function overlapping(
  tx: Tx,
  definition: MasterDefinition,
  values: MasterValues<MasterDefinition>,
  exceptId: string | undefined,
): Promise<{ id: string; name: string }[]> {
  const rule = definition.noOverlap!;
  const conditions = [
    sql`t.is_active`,
    ...scopeCondition(definition),
    ...rule.key.map((name) => {
      const v = values[name];
      return v === null || v === undefined
        ? sql`t.${id(name)} is null`
        : sql`t.${id(name)} = ${toColumn(definition.fields[name]!, v)}`;
    }),
    sql`t.${id(rule.from)} <= ${String(values[rule.to])}::date`,
    sql`t.${id(rule.to)} >= ${String(values[rule.from])}::date`,
  ];
  if (exceptId) conditions.push(sql`t.id <> ${exceptId}::uuid`);
  return rows<{ id: string; name: string }>(
    tx,
    sql`select t.id, t.${id(definition.display)}::text as name from ${tableOf(definition)} t
      where ${sql.join(conditions, sql` and `)} limit 3`,
  );
}

/** A transaction-long lock on a key, so two writers checking the same rule go one after the other. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
