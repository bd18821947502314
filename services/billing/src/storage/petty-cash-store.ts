// Petty cash (billing.petty_cash_entries), what each company's box holds (petty_cash_boxes) and what each
// person holds of it (petty_cash_holdings): the two summaries move in the transaction that records,
// edits or voids an entry, under their rows' locks, so the balance and the holdings are read from
// them and never summed over the cash book.
import { idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export interface PettyCashRow {
  id: string;
  companyId: string;
  voucherNo: string;
  financialYear: string;
  entryDate: string;
  kind: 'RECEIVED' | 'GIVEN' | 'RETURNED' | 'SPENT';
  amount: string;
  category: string;
  personKey: string;
  personName: string;
  personPhone: string;
  personEmail: string;
  driverId: string | null;
  bookingNo: string;
  vehicleNo: string;
  paymentMode: string;
  notes: string;
  isVoided: boolean;
  voidReason: string;
  voidedAt: string | null;
  lastSentAt: string | null;
  version: number;
  createdAt: string;
  recordedByUserId: string | null;
}

const ENTRY_COLUMNS = sql.raw(`e.id, e.company_id as "companyId", e.voucher_no as "voucherNo",
  e.financial_year as "financialYear", to_char(e.entry_date, 'YYYY-MM-DD') as "entryDate", e.kind,
  e.amount::text as amount, e.category, e.person_key as "personKey", e.person_name as "personName",
  e.person_phone as "personPhone", e.person_email as "personEmail", e.driver_id as "driverId",
  e.booking_no as "bookingNo", e.vehicle_no as "vehicleNo", e.payment_mode as "paymentMode", e.notes,
  e.is_voided as "isVoided", e.void_reason as "voidReason", e.voided_at as "voidedAt",
  e.last_sent_at as "lastSentAt", e.version, e.created_at as "createdAt",
  e.recorded_by_user_id as "recordedByUserId"`);

/** The entry's editable facts, as stored. */
export interface PettyCashFacts {
  entryDate: string;
  kind: PettyCashRow['kind'];
  amount: string;
  category: string;
  personKey: string;
  personName: string;
  personPhone: string;
  personEmail: string;
  driverId: string | null;
  bookingNo: string;
  vehicleNo: string;
  paymentMode: string;
  notes: string;
}

export interface NewPettyCashEntry extends PettyCashFacts {
  id: string;
  tenantId: string;
  companyId: string;
  voucherNo: string;
  sequence: bigint;
  financialYear: string;
  recordedByUserId: string | null;
  /** When it was recorded, by billing's clock (the "own entry of the day" rule reads it). */
  recordedAt: Date;
}

/** The next voucher number of a company's series for a financial year, taken under the series row's lock. */
export async function takeVoucherSequence(
  tx: Tx,
  series: { tenantId: string; companyId: string; financialYear: string },
): Promise<bigint> {
  const [row] = await rows<{ taken: string }>(
    tx,
    sql`insert into billing.petty_cash_series as s (tenant_id, company_id, financial_year, next_sequence)
        values (${series.tenantId}, ${series.companyId}, ${series.financialYear}, 2)
        on conflict (tenant_id, company_id, financial_year) do update set next_sequence = s.next_sequence + 1
        returning (s.next_sequence - 1)::text as taken`,
  );
  return BigInt(row!.taken);
}

export async function insertEntry(tx: Tx, e: NewPettyCashEntry): Promise<void> {
  await tx.execute(sql`insert into billing.petty_cash_entries (id, tenant_id, company_id, voucher_no, sequence,
      financial_year, entry_date, kind, amount, category, person_key, person_name, person_phone, person_email,
      driver_id, booking_no, vehicle_no, payment_mode, notes, recorded_by_user_id, created_at)
    values (${e.id}, ${e.tenantId}, ${e.companyId}, ${e.voucherNo}, ${e.sequence.toString()}, ${e.financialYear},
      ${e.entryDate}, ${e.kind}, ${e.amount}, ${e.category}, ${e.personKey}, ${e.personName}, ${e.personPhone},
      ${e.personEmail}, ${e.driverId}, ${e.bookingNo}, ${e.vehicleNo}, ${e.paymentMode}, ${e.notes},
      ${e.recordedByUserId}, ${e.recordedAt.toISOString()})`);
}

export async function updateEntry(tx: Tx, id: string, f: PettyCashFacts): Promise<void> {
  await tx.execute(sql`update billing.petty_cash_entries set entry_date = ${f.entryDate}, kind = ${f.kind},
      amount = ${f.amount}, category = ${f.category}, person_key = ${f.personKey}, person_name = ${f.personName},
      person_phone = ${f.personPhone}, person_email = ${f.personEmail}, driver_id = ${f.driverId},
      booking_no = ${f.bookingNo}, vehicle_no = ${f.vehicleNo}, payment_mode = ${f.paymentMode}, notes = ${f.notes},
      version = version + 1, updated_at = now()
    where id = ${id}`);
}

export async function voidEntry(tx: Tx, id: string, reason: string): Promise<void> {
  await tx.execute(sql`update billing.petty_cash_entries set is_voided = true, void_reason = ${reason},
      voided_at = now(), version = version + 1, updated_at = now() where id = ${id}`);
}

export async function markSent(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`update billing.petty_cash_entries set last_sent_at = now() where id = ${id}`);
}

export async function getEntry(tx: Tx, id: string, lock = false): Promise<PettyCashRow | undefined> {
  const [row] = await rows<PettyCashRow>(
    tx,
    sql`select ${ENTRY_COLUMNS} from billing.petty_cash_entries e where e.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/**
 * Locks a company's box and the holdings of these people (made at zero when new), always in the same
 * order, and answers what they hold: a concurrent entry of the same box waits here until this commits.
 */
export async function lockBox(
  tx: Tx,
  tenantId: string,
  companyId: string,
  people: readonly { key: string; name: string; phone: string; email: string; driverId: string | null }[],
): Promise<{ box: string; held: Map<string, string> }> {
  const [box] = await rows<{ balance: string }>(
    tx,
    sql`insert into billing.petty_cash_boxes as b (tenant_id, company_id) values (${tenantId}, ${companyId})
        on conflict (tenant_id, company_id) do update set updated_at = b.updated_at
        returning b.balance::text as balance`,
  );
  const named = [...new Map(people.filter((p) => p.key !== '').map((p) => [p.key, p])).values()].sort(
    (a, b) => (a.key < b.key ? -1 : 1),
  );
  const held = new Map<string, string>();
  for (const person of named) {
    const [row] = await rows<{ held: string }>(
      tx,
      sql`insert into billing.petty_cash_holdings as h (tenant_id, company_id, person_key, person_name,
            person_phone, person_email, driver_id)
          values (${tenantId}, ${companyId}, ${person.key}, ${person.name}, ${person.phone}, ${person.email},
            ${person.driverId})
          on conflict (tenant_id, company_id, person_key) do update set updated_at = h.updated_at
          returning h.held::text as held`,
    );
    held.set(person.key, row!.held);
  }
  return { box: box!.balance, held };
}

/** Moves the box's balance and the holdings by these amounts (rows locked by `lockBox`). */
export async function moveBox(
  tx: Tx,
  tenantId: string,
  companyId: string,
  boxDelta: string,
  heldDeltas: readonly { key: string; delta: string; name?: string; phone?: string; email?: string }[],
): Promise<void> {
  if (boxDelta !== '0.00') {
    await tx.execute(sql`update billing.petty_cash_boxes set balance = balance + ${boxDelta}::numeric,
        updated_at = now() where tenant_id = ${tenantId} and company_id = ${companyId}`);
  }
  for (const h of heldDeltas) {
    // The latest entry's contact details are how the person is reached.
    await tx.execute(sql`update billing.petty_cash_holdings set held = held + ${h.delta}::numeric,
        person_name = coalesce(nullif(${h.name ?? ''}, ''), person_name),
        person_phone = coalesce(nullif(${h.phone ?? ''}, ''), person_phone),
        person_email = coalesce(nullif(${h.email ?? ''}, ''), person_email),
        updated_at = now()
      where tenant_id = ${tenantId} and company_id = ${companyId} and person_key = ${h.key}`);
  }
}

export interface BoxRow {
  companyId: string;
  balance: string;
}

export async function boxes(tx: Tx): Promise<BoxRow[]> {
  return rows<BoxRow>(
    tx,
    sql`select b.company_id as "companyId", b.balance::text as balance from billing.petty_cash_boxes b
        order by b.company_id`,
  );
}

export interface HoldingRow {
  companyId: string;
  personKey: string;
  personName: string;
  personPhone: string;
  personEmail: string;
  driverId: string | null;
  held: string;
}

const HOLDING_COLUMNS = sql.raw(`h.company_id as "companyId", h.person_key as "personKey",
  h.person_name as "personName", h.person_phone as "personPhone", h.person_email as "personEmail",
  h.driver_id as "driverId", h.held::text as held`);

/** The people holding cash now, most first (at most `limit`). */
export async function holders(tx: Tx, limit: number): Promise<HoldingRow[]> {
  return rows<HoldingRow>(
    tx,
    sql`select ${HOLDING_COLUMNS} from billing.petty_cash_holdings h where h.is_holding
        order by h.held desc, h.person_key limit ${limit}`,
  );
}

/** What everyone holds together now. */
export async function heldByAll(tx: Tx): Promise<string> {
  const [row] = await rows<{ held: string }>(
    tx,
    sql`select coalesce(sum(h.held), 0)::text as held from billing.petty_cash_holdings h where h.is_holding`,
  );
  return row?.held ?? '0';
}

/** What one person holds of a company's box now. */
export async function holdingOf(tx: Tx, companyId: string, personKey: string): Promise<string> {
  const [row] = await rows<{ held: string }>(
    tx,
    sql`select h.held::text as held from billing.petty_cash_holdings h
        where h.company_id = ${companyId} and h.person_key = ${personKey}`,
  );
  return row?.held ?? '0.00';
}

export interface PettyCashFilters {
  search?: string;
  kinds: readonly string[];
  categories: readonly string[];
  personKey?: string;
  companyIds: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeVoided: boolean;
}

function conditions(f: PettyCashFilters): SQL[] {
  const where: SQL[] = [];
  const search = f.search?.trim().toLowerCase();
  if (search) {
    // Leakproof conditions only (`^@`, `=`), so row-level security lets them use their indexes.
    where.push(sql`(e.voucher_no_key ^@ ${search} or e.person_name_key ^@ ${search})`);
  }
  const anyOf = (column: SQL, values: readonly string[]) =>
    sql`${column} in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  if (f.kinds.length > 0) where.push(anyOf(sql.raw('e.kind'), f.kinds));
  if (f.categories.length > 0) where.push(anyOf(sql.raw('e.category'), f.categories));
  if (f.personKey) where.push(sql`e.person_key = ${f.personKey}`);
  if (f.companyIds.length > 0) where.push(idIn(sql`e.company_id`, f.companyIds));
  if (f.dateFrom) where.push(sql`e.entry_date >= ${f.dateFrom}::date`);
  if (f.dateTo) where.push(sql`e.entry_date <= ${f.dateTo}::date`);
  if (!f.includeVoided) where.push(sql`not e.is_voided`);
  return where;
}

/** Up to `limit + 1` entries of the cash book, by date (then id), keyset-paged. */
export async function listEntries(
  tx: Tx,
  filters: PettyCashFilters,
  page: { direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(PettyCashRow & { sortKey: string })[]> {
  const paging = keyset({
    sortKey: sql.raw('e.entry_date'),
    id: sql.raw('e.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: { sort: { type: 'date', nullable: false } },
  });
  const where = conditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${ENTRY_COLUMNS}, e.entry_date::text as "sortKey" from billing.petty_cash_entries e
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}
