import { BOOKING_STATUSES, BOOKING_TYPES, CONNECTION_REQUEST_STATUSES } from '@fleet/domain';
import { PgDialect } from 'drizzle-orm/pg-core';
import { COUNTED_TABS, type CountedTab } from '../domain/tabs';
import { bookingsMigrations } from './migrations';
import { tabCountSql, tabPredicate } from './tab-sql';

const migrationSql = bookingsMigrations.map((m) => m.sql).join('\n');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

/** The predicate of `create index <name> … where <predicate>;` in the migrations. */
function indexPredicate(name: string): string | undefined {
  return new RegExp(`create index ${name} on [^;]*? where ([^;]*);`).exec(migrationSql)?.[1];
}

/** The values of `check (<column> in ('A', 'B', …))` in the migrations. */
function checkedValues(column: string): string[] {
  const list = new RegExp(`${column} text[^,]*?check \\(${column} in \\(([^)]*)\\)\\)`).exec(
    migrationSql,
  )?.[1];
  return [...(list ?? '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1] as string);
}

describe('the tab predicates', () => {
  it('render incoming as readable SQL', () => {
    expect(tabPredicate('incoming')).toBe(
      [
        'is_network_incoming',
        "and network_request_status = 'PENDING'",
        "and status not in ('CANCELLED', 'CANCELLATION_NO_SHOW')",
      ].join('\n'),
    );
  });

  it('render needs-attention as readable SQL', () => {
    expect(tabPredicate('needs-attention')).toBe(
      [
        "status not in ('CANCELLED', 'CANCELLATION_NO_SHOW', 'CLOSED')",
        'and (has_pending_associate_request',
        "  or status in ('DRIVER_REJECTED', 'DETAILS_NEEDED', 'CANCELLATION_REQUESTED', 'CANCELLATION_REQUEST_BY_ASSOCIATE')",
        '  or driver_rejected',
        '  or supplier_rejected)',
      ].join('\n'),
    );
  });

  it('count the bookings kept with the tab predicate and nothing else (row-level security picks the operator)', () => {
    for (const tab of COUNTED_TABS) {
      expect(new PgDialect().sqlToQuery(tabCountSql(tab))).toEqual({
        sql: `select count(*)::int as count from bookings.bookings\nwhere deleted_at is null and (${tabPredicate(tab)})`,
        params: [],
      });
    }
  });

  it.each(COUNTED_TABS)('%s is the predicate of its partial index, so the planner can use it', (tab) => {
    const name = `bookings_tab_${(tab as CountedTab).replace(/-/g, '_')}`;
    expect(indexPredicate(name)).toBeDefined();
    expect(oneLine(indexPredicate(name) ?? '')).toBe(oneLine(tabPredicate(tab)));
  });
});

describe('the other tabs', () => {
  const on = { today: '2030-01-16' };

  it('render bill-pending as the predicate of its partial index, so its list and count pass no other closed duty', () => {
    expect(oneLine(indexPredicate('bookings_tab_bill_pending') ?? '')).toBe(
      oneLine(tabPredicate('bill-pending', on)),
    );
  });

  it('render upcoming with the date they are given written in', () => {
    expect(tabPredicate('upcoming', on)).toBe(
      [
        "status in ('UNCONFIRMED', 'BOOKED', 'DRIVER_NEEDED', 'SUPPLIER_REQUESTED', 'SUPPLIER_ACCEPTED', 'DETAILS_NEEDED', 'ALLOTED', 'DRIVER_ACCEPTED', 'DRIVER_REJECTED')",
        "and start_date >= '2030-01-16'",
      ].join('\n'),
    );
  });

  it('refuse to write in anything but a calendar date, or no date at all', () => {
    expect(() => tabPredicate('upcoming', { today: "2030-01-16' or true --" })).toThrow(
      /Not a calendar date/,
    );
    expect(() => tabPredicate('upcoming' as CountedTab)).toThrow(/none was given/);
  });

  it('render allotment-pending, bill-pending and all', () => {
    expect(tabPredicate('allotment-pending', on)).toBe(
      [
        "status in ('BOOKED', 'DRIVER_NEEDED', 'DETAILS_NEEDED', 'DRIVER_REJECTED', 'SUPPLIER_REQUESTED')",
        "and (status in ('BOOKED', 'DRIVER_NEEDED', 'DETAILS_NEEDED', 'DRIVER_REJECTED')",
        '  or supplier_rejected)',
      ].join('\n'),
    );
    expect(tabPredicate('bill-pending', on)).toBe("status in ('CLOSED')\nand not is_billed");
    expect(tabPredicate('all', on)).toBe('true');
  });
});

describe('the list indexes', () => {
  it.each([
    ['bookings_by_start_date', 'start_date'],
    ['bookings_by_created_at', 'created_at'],
    ['bookings_by_reporting_at', 'reporting_at'],
  ])('%s leads with the operator, then the sort key and the id', (name, column) => {
    expect(migrationSql).toContain(`create index ${name} on bookings.bookings (tenant_id, ${column}, id);`);
  });

  it('come in their own migration, after the released one', () => {
    const ids = bookingsMigrations.map((m) => m.id);
    expect(ids.indexOf('0002_list_indexes')).toBe(ids.indexOf('0001_bookings') + 1);
  });
});

describe('the bookings table', () => {
  it('checks status, type and network request status against the vocabularies', () => {
    expect(checkedValues('status')).toEqual([...BOOKING_STATUSES]);
    expect(checkedValues('type')).toEqual([...BOOKING_TYPES]);
    expect(checkedValues('network_request_status')).toEqual([...CONNECTION_REQUEST_STATUSES]);
  });
});
