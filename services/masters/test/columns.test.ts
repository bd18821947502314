// The master declarations (@fleet/domain) and fleet's migrations describe the same tables twice; this
// holds them together on the migrated database. For every master: each field is a column of
// masters.<table> of the type columnType() gives, values a form must always give are NOT NULL, a choice's
// CHECK allows exactly its options, a unique rule has the unique index the service maps to its message,
// each sort has its keyset index, and the table has no column no declaration accounts for.
import { columnType, type Field, MASTERS, type MasterDefinition, RECORD_COLUMNS } from '@fleet/domain';
import { rows } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { bootMasters, type MastersHarness } from './support';

interface Column {
  name: string;
  type: string;
  notNull: boolean;
}

let h: MastersHarness;
const columns = new Map<string, Map<string, Column>>();
const checks = new Map<string, { columns: string[]; definition: string }[]>();
const indexes = new Map<string, { name: string; unique: boolean; columns: string[] }[]>();
const searchTriggers = new Map<string, string[]>();

beforeAll(async () => {
  h = await bootMasters();
  await h.database.db.asOwner(async (tx) => {
    const found = await rows<{ table: string; name: string; type: string; notNull: boolean }>(
      tx,
      sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as "notNull"
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'masters' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
    );
    for (const column of found) {
      if (!columns.has(column.table)) columns.set(column.table, new Map());
      columns.get(column.table)!.set(column.name, column);
    }
    const constraints = await rows<{ table: string; columns: string[]; definition: string }>(
      tx,
      sql`select c.relname as "table", pg_get_constraintdef(k.oid) as definition,
            array(select a.attname::text from unnest(k.conkey) as u(n)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n) as columns
          from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'masters' and k.contype = 'c'`,
    );
    for (const check of constraints) checks.set(check.table, [...(checks.get(check.table) ?? []), check]);
    const found2 = await rows<{ table: string; name: string; unique: boolean; columns: string[] }>(
      tx,
      sql`select t.relname as "table", i.relname as name, x.indisunique as unique,
            array(select a.attname::text from unnest(x.indkey) with ordinality as u(n, o)
                  join pg_attribute a on a.attrelid = t.oid and a.attnum = u.n order by u.o) as columns
          from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'masters'`,
    );
    for (const index of found2) indexes.set(index.table, [...(indexes.get(index.table) ?? []), index]);
    // The search_terms triggers and the columns they are given (migration 0004).
    const triggers = await rows<{ table: string; args: string[] }>(
      tx,
      sql`select c.relname as "table",
            array_remove(string_to_array(encode(t.tgargs, 'escape'), '\\000'), '') as args
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'masters' and not t.tgisinternal and t.tgname = c.relname || '_search_terms'`,
    );
    for (const trigger of triggers) searchTriggers.set(trigger.table, trigger.args);
  });
});
afterAll(() => h?.close());

const ALL: readonly MasterDefinition[] = MASTERS;
const byMaster = ALL.map((m) => [m.kind, m] as [string, MasterDefinition]);
const fieldsOf = (m: MasterDefinition) => Object.entries(m.fields) as [string, Field][];

describe.each(byMaster)('%s', (_kind, master) => {
  it(`has a column of the declared type for every field in masters.${master.table}`, () => {
    const table = columns.get(master.table);
    expect(table).toBeDefined();
    const actual = Object.fromEntries(fieldsOf(master).map(([name]) => [name, table!.get(name)?.type]));
    const expected = Object.fromEntries(fieldsOf(master).map(([name, field]) => [name, columnType(field)]));
    expect(actual).toEqual(expected);
  });

  it('has the record columns every master table has', () => {
    const table = columns.get(master.table)!;
    const wanted = master.system ? RECORD_COLUMNS.filter((c) => c !== 'tenant_id') : RECORD_COLUMNS;
    for (const name of wanted) expect([name, table.has(name)]).toEqual([name, true]);
    expect(table.get('id')!.type).toBe(master.system ? 'text' : 'uuid');
    if (master.scope) expect(table.get(master.scope.column)?.type).toBe('text');
  });

  it('keeps NOT NULL what the form always gives', () => {
    const table = columns.get(master.table)!;
    const loose: string[] = [];
    for (const [name, field] of fieldsOf(master)) {
      const always =
        field.type === 'boolean' ||
        field.type === 'rows' ||
        field.type === 'refs' ||
        // A table shared by several masters cannot require what only one of them requires.
        (field.required === true && !master.scope);
      if (always && !table.get(name)?.notNull) loose.push(name);
    }
    expect(loose).toEqual([]);
  });

  it('allows exactly the declared options in each choice column', () => {
    const mismatched: Record<string, { declared: string[]; allowed: string[] }> = {};
    for (const [name, field] of fieldsOf(master)) {
      if (field.type !== 'choice') continue;
      const check = (checks.get(master.table) ?? []).filter(
        (c) => c.columns.length === 1 && c.columns[0] === name,
      );
      const allowed = [...(check[0]?.definition ?? '').matchAll(/'([^']*)'::text/g)].map((m) => m[1]!);
      const declared = [...field.options];
      if (check.length !== 1 || [...allowed].sort().join() !== [...declared].sort().join()) {
        mismatched[name] = { declared, allowed };
      }
    }
    expect(mismatched).toEqual({});
  });

  it('keeps each unique rule with the unique index the service turns into its message', () => {
    for (const rule of master.unique ?? []) {
      const name = `${master.table}_${rule.name}_key`;
      const index = (indexes.get(master.table) ?? []).find((i) => i.name === name);
      expect({ name, unique: index?.unique, columns: index?.columns }).toEqual({
        name,
        unique: true,
        columns: ['tenant_id', ...(master.scope ? [master.scope.column] : []), ...rule.fields],
      });
    }
  });

  // Reference data is a few hundred rows read whole; operators' tables grow and page by keyset.
  if (!master.system)
    it('has a keyset index for each sort', () => {
      const missing: string[] = [];
      for (const sort of master.sorts) {
        const wanted = ['tenant_id', ...(master.scope ? [master.scope.column] : []), sort, 'id'].join();
        if (!(indexes.get(master.table) ?? []).some((i) => i.columns.join() === wanted)) missing.push(sort);
      }
      expect(missing).toEqual([]);
    });
});

it('indexes for search exactly the fields each operator table’s masters search', () => {
  const declared: Record<string, string[]> = {};
  for (const master of ALL) {
    if (master.system) continue;
    declared[master.table] = [...new Set([...(declared[master.table] ?? []), ...master.search])].sort();
  }
  expect(Object.fromEntries([...searchTriggers].map(([table, args]) => [table, [...args].sort()]))).toEqual(
    declared,
  );
});

it('has no master column that no declaration accounts for', () => {
  const declared = new Map<string, Set<string>>();
  for (const master of ALL) {
    const names = declared.get(master.table) ?? new Set<string>(RECORD_COLUMNS);
    for (const name of Object.keys(master.fields)) names.add(name);
    if (master.scope) names.add(master.scope.column);
    declared.set(master.table, names);
  }
  const unaccounted: string[] = [];
  for (const [table, names] of declared) {
    for (const column of columns.get(table)!.keys()) {
      if (!names.has(column)) unaccounted.push(`${table}.${column}`);
    }
  }
  expect(unaccounted).toEqual([]);
});
