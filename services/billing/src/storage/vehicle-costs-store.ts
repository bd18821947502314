// Vehicle fuel logs (billing.fuel_logs) with the full-to-full stretch each full-tank fill closes, vehicle
// expenses (billing.vehicle_expenses), and the mileage and cost reports read from them.
import { type CursorShape, idIn, keyset, rows, type Tx } from '@fleet/platform';
import { type SQL, sql } from 'drizzle-orm';

export interface FuelLogRow {
  id: string;
  fillDate: string;
  fillTime: string;
  filledAt: string;
  vehicleId: string;
  vehicleNo: string;
  fuelType: string;
  driverId: string | null;
  driverName: string;
  quantity: string;
  amount: string;
  odometerKm: number;
  fuelStationId: string | null;
  stationName: string;
  isFullTank: boolean;
  paymentMode: string;
  billNo: string;
  notes: string;
  /** The stretch a full-tank fill closes; null when it closes none. */
  stretchKm: number | null;
  stretchQuantity: string | null;
  stretchAmount: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const FUEL_COLUMNS =
  sql.raw(`l.id, to_char(l.fill_date, 'YYYY-MM-DD') as "fillDate", l.fill_time as "fillTime",
  l.filled_at::text as "filledAt", l.vehicle_id as "vehicleId", l.vehicle_no as "vehicleNo", l.fuel_type as "fuelType",
  l.driver_id as "driverId", l.driver_name as "driverName", l.quantity::text as quantity, l.amount::text as amount,
  l.odometer_km as "odometerKm", l.fuel_station_id as "fuelStationId", l.station_name as "stationName",
  l.is_full_tank as "isFullTank", l.payment_mode as "paymentMode", l.bill_no as "billNo", l.notes,
  l.stretch_km as "stretchKm", l.stretch_quantity::text as "stretchQuantity", l.stretch_amount::text as "stretchAmount",
  l.version, l.created_at::text as "createdAt", l.updated_at::text as "updatedAt"`);

/** What a fill records, as billing checked it. */
export interface FuelLogValues {
  fillDate: string;
  fillTime: string;
  filledAt: Date;
  vehicleId: string;
  vehicleNo: string;
  fuelType: string;
  driverId: string | null;
  driverName: string;
  quantity: string;
  amount: string;
  odometerKm: number;
  fuelStationId: string | null;
  stationName: string;
  isFullTank: boolean;
  paymentMode: string;
  billNo: string;
  notes: string;
}

/**
 * Serialises the writes to one vehicle's fills until the transaction ends: the odometer check and the
 * stretches read the vehicle's other fills, which a concurrent write must not change in between.
 */
export async function lockVehicleFills(tx: Tx, vehicleId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fuel:${vehicleId}`}, 0))`);
}

export async function insertFuelLog(
  tx: Tx,
  row: FuelLogValues & { id: string; tenantId: string; createdByUserId: string },
): Promise<void> {
  await tx.execute(sql`insert into billing.fuel_logs (id, tenant_id, fill_date, fill_time, filled_at, vehicle_id,
      vehicle_no, fuel_type, driver_id, driver_name, quantity, amount, odometer_km, fuel_station_id, station_name,
      is_full_tank, payment_mode, bill_no, notes, created_by_user_id)
    values (${row.id}, ${row.tenantId}, ${row.fillDate}, ${row.fillTime}, ${row.filledAt.toISOString()}, ${row.vehicleId},
      ${row.vehicleNo}, ${row.fuelType}, ${row.driverId}, ${row.driverName}, ${row.quantity}, ${row.amount},
      ${row.odometerKm}, ${row.fuelStationId}, ${row.stationName}, ${row.isFullTank}, ${row.paymentMode},
      ${row.billNo}, ${row.notes}, ${row.createdByUserId})`);
}

export async function updateFuelLogRow(tx: Tx, id: string, row: FuelLogValues): Promise<void> {
  await tx.execute(sql`update billing.fuel_logs set fill_date = ${row.fillDate}, fill_time = ${row.fillTime},
      filled_at = ${row.filledAt.toISOString()}, vehicle_id = ${row.vehicleId}, vehicle_no = ${row.vehicleNo},
      fuel_type = ${row.fuelType}, driver_id = ${row.driverId}, driver_name = ${row.driverName},
      quantity = ${row.quantity}, amount = ${row.amount}, odometer_km = ${row.odometerKm},
      fuel_station_id = ${row.fuelStationId}, station_name = ${row.stationName}, is_full_tank = ${row.isFullTank},
      payment_mode = ${row.paymentMode}, bill_no = ${row.billNo}, notes = ${row.notes},
      version = version + 1, updated_at = now()
    where id = ${id}`);
}

export async function deleteFuelLogRow(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from billing.fuel_logs where id = ${id}`);
}

export async function getFuelLog(tx: Tx, id: string): Promise<FuelLogRow | undefined> {
  const [row] = await rows<FuelLogRow>(
    tx,
    sql`select ${FUEL_COLUMNS} from billing.fuel_logs l where l.id = ${id}`,
  );
  return row;
}

export interface Reading {
  odometerKm: number;
  fillDate: string;
  fillTime: string;
}

/** The vehicle's fills just before and just after an instant (a fill at the same instant counts as before). */
export async function readingsAround(
  tx: Tx,
  query: { vehicleId: string; at: Date; exceptId?: string },
): Promise<{ previous?: Reading; next?: Reading }> {
  const except = query.exceptId ? sql`and l.id <> ${query.exceptId}` : sql``;
  const columns = sql`l.odometer_km as "odometerKm", to_char(l.fill_date, 'YYYY-MM-DD') as "fillDate", l.fill_time as "fillTime"`;
  const [previous] = await rows<Reading>(
    tx,
    sql`select ${columns} from billing.fuel_logs l where l.vehicle_id = ${query.vehicleId}
          and l.filled_at <= ${query.at.toISOString()} ${except}
        order by l.filled_at desc, l.id desc limit 1`,
  );
  const [next] = await rows<Reading>(
    tx,
    sql`select ${columns} from billing.fuel_logs l where l.vehicle_id = ${query.vehicleId}
          and l.filled_at > ${query.at.toISOString()} ${except}
        order by l.filled_at, l.id limit 1`,
  );
  return { previous, next };
}

/**
 * Works out again the full-to-full stretches of a vehicle's fills from the last full-tank fill before
 * `from` onwards (what a fill recorded, changed or deleted at `from` can change): each fill's stretch
 * number is the count of full-tank fills before it, so a stretch is every fill after one full tank up to
 * and including the next; its km run from the odometer of the full tank that opened it (the highest
 * full-tank reading before it, the odometer never going back).
 */
export async function recomputeStretches(tx: Tx, vehicleId: string, from: Date): Promise<void> {
  await tx.execute(sql`
    with opening as (
      select l.filled_at, l.id from billing.fuel_logs l
      where l.vehicle_id = ${vehicleId} and l.is_full_tank and l.filled_at < ${from.toISOString()}
      order by l.filled_at desc, l.id desc limit 1),
    fills as (
      select l.id, l.is_full_tank, l.odometer_km, l.quantity, l.amount,
        count(*) filter (where l.is_full_tank) over before as stretch,
        max(l.odometer_km) filter (where l.is_full_tank) over before as opened_at_km
      from billing.fuel_logs l
      where l.vehicle_id = ${vehicleId}
        and (not exists (select 1 from opening) or (l.filled_at, l.id) >= (select o.filled_at, o.id from opening o))
      window before as (order by l.filled_at, l.id rows between unbounded preceding and 1 preceding)),
    stretches as (
      select f.stretch, sum(f.quantity) as quantity, sum(f.amount) as amount from fills f
      where f.stretch >= 1 group by f.stretch)
    update billing.fuel_logs l set
      stretch_km = case when f.is_full_tank and f.stretch >= 1 then f.odometer_km - f.opened_at_km end,
      stretch_quantity = case when f.is_full_tank and f.stretch >= 1 then s.quantity end,
      stretch_amount = case when f.is_full_tank and f.stretch >= 1 then s.amount end
    from fills f left join stretches s on s.stretch = f.stretch
    where l.id = f.id and l.id is distinct from (select o.id from opening o)`);
}

export const FUEL_LOG_SORTS = ['filled_at', 'created_at'] as const;
export type FuelLogSort = (typeof FUEL_LOG_SORTS)[number];
const FUEL_SORT_SHAPES: Record<FuelLogSort, CursorShape> = {
  filled_at: { sort: { type: 'timestamp', nullable: false } },
  created_at: { sort: { type: 'timestamp', nullable: false } },
};

export interface FuelLogFilters {
  vehicleIds: readonly string[];
  stationIds: readonly string[];
  /** Instants: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
  fullTankOnly: boolean;
}

/** The conditions of the fuel log's filters on billing.fuel_logs as `l`: its list and its totals. */
function fuelLogConditions(filters: FuelLogFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.vehicleIds.length > 0) where.push(idIn(sql`l.vehicle_id`, filters.vehicleIds));
  if (filters.stationIds.length > 0) where.push(idIn(sql`l.fuel_station_id`, filters.stationIds));
  if (filters.from) where.push(sql`l.filled_at >= ${filters.from.toISOString()}`);
  if (filters.to) where.push(sql`l.filled_at < ${filters.to.toISOString()}`);
  if (filters.fullTankOnly) where.push(sql`l.is_full_tank`);
  return where;
}

export interface FuelLogTotals {
  fills: number;
  /** The NUMERIC sum as PostgreSQL writes it, 2 places. */
  amount: string;
}

/** How many fills a filter matches, and their amount summed in NUMERIC: every one, not a page. */
export async function fuelLogTotals(tx: Tx, filters: FuelLogFilters): Promise<FuelLogTotals> {
  const where = fuelLogConditions(filters);
  const [totals] = await rows<FuelLogTotals>(
    tx,
    sql`select count(*)::int as fills, coalesce(sum(l.amount), 0)::numeric(16, 2)::text as amount
        from billing.fuel_logs l
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}`,
  );
  return totals ?? { fills: 0, amount: '0.00' };
}

/** Up to `limit + 1` fills of a filter, keyset-paged. */
export async function listFuelLogs(
  tx: Tx,
  filters: FuelLogFilters,
  page: { sortBy: FuelLogSort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(FuelLogRow & { sortKey: string | null })[]> {
  const column = sql.raw(`l.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('l.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: FUEL_SORT_SHAPES[page.sortBy],
  });
  const where = fuelLogConditions(filters);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${FUEL_COLUMNS}, ${column}::text as "sortKey" from billing.fuel_logs l
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

export interface MileageRow {
  vehicleId: string;
  vehicleNo: string;
  fuelType: string;
  fills: number;
  /** Everything filled in the period, closed stretch or not. */
  quantity: string;
  amount: string;
  /** The stretches closed by full tanks filled in the period. */
  km: number;
  stretchQuantity: string;
  stretchAmount: string;
  /** The same over the baseline before the period. */
  baselineKm: number;
  baselineQuantity: string;
  baselineAmount: string;
}

/**
 * Each vehicle's fills in a period and the stretches closed in it, and the stretches closed in the
 * baseline before it, from the stored stretches (instants: from inclusive, to exclusive).
 */
export async function mileageByVehicle(
  tx: Tx,
  query: { baselineFrom: Date; from: Date; to: Date; vehicleIds: readonly string[]; limit: number },
): Promise<MileageRow[]> {
  const from = query.from.toISOString();
  const to = query.to.toISOString();
  const inPeriod = sql`l.filled_at >= ${from}`;
  const vehicles =
    query.vehicleIds.length > 0 ? sql`and ${idIn(sql`l.vehicle_id`, query.vehicleIds)}` : sql``;
  // Each vehicle's number and fuel as its newest fill in the period names them, read by one index probe
  // per vehicle: ordering every vehicle's fills to take the first cost more than the sums themselves.
  return rows<MileageRow>(
    tx,
    sql`select v.*, newest.vehicle_no as "vehicleNo", newest.fuel_type as "fuelType" from (
        select l.vehicle_id as "vehicleId",
          (count(*) filter (where ${inPeriod}))::int as fills,
          coalesce(sum(l.quantity) filter (where ${inPeriod}), 0)::text as quantity,
          coalesce(sum(l.amount) filter (where ${inPeriod}), 0)::text as amount,
          coalesce(sum(l.stretch_km) filter (where ${inPeriod}), 0)::int as km,
          coalesce(sum(l.stretch_quantity) filter (where ${inPeriod}), 0)::text as "stretchQuantity",
          coalesce(sum(l.stretch_amount) filter (where ${inPeriod}), 0)::text as "stretchAmount",
          coalesce(sum(l.stretch_km) filter (where not ${inPeriod}), 0)::int as "baselineKm",
          coalesce(sum(l.stretch_quantity) filter (where not ${inPeriod}), 0)::text as "baselineQuantity",
          coalesce(sum(l.stretch_amount) filter (where not ${inPeriod}), 0)::text as "baselineAmount"
        from billing.fuel_logs l
        where l.filled_at >= ${query.baselineFrom.toISOString()} and l.filled_at < ${to} ${vehicles}
        group by l.vehicle_id) v
      cross join lateral (
        select n.vehicle_no, n.fuel_type from billing.fuel_logs n
        where n.vehicle_id = v."vehicleId" and n.filled_at < ${to}
        order by n.filled_at desc, n.id desc limit 1) newest
      where v.fills > 0
      order by newest.vehicle_no, v."vehicleId"
      limit ${query.limit}`,
  );
}

export interface ExpenseRow {
  id: string;
  expenseDate: string;
  vehicleId: string;
  vehicleNo: string;
  category: string;
  amount: string;
  gstAmount: string;
  total: string;
  odometerKm: number | null;
  vendor: string;
  billNo: string;
  paymentMode: string;
  notes: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const EXPENSE_COLUMNS = sql.raw(`e.id, to_char(e.expense_date, 'YYYY-MM-DD') as "expenseDate",
  e.vehicle_id as "vehicleId", e.vehicle_no as "vehicleNo", e.category, e.amount::text as amount,
  e.gst_amount::text as "gstAmount", e.total::text as total, e.odometer_km as "odometerKm", e.vendor,
  e.bill_no as "billNo", e.payment_mode as "paymentMode", e.notes, e.version, e.created_at::text as "createdAt",
  e.updated_at::text as "updatedAt"`);

export interface ExpenseValues {
  expenseDate: string;
  vehicleId: string;
  vehicleNo: string;
  category: string;
  amount: string;
  gstAmount: string;
  odometerKm: number | null;
  vendor: string;
  billNo: string;
  paymentMode: string;
  notes: string;
}

export async function insertExpense(
  tx: Tx,
  row: ExpenseValues & { id: string; tenantId: string; createdByUserId: string },
): Promise<void> {
  await tx.execute(sql`insert into billing.vehicle_expenses (id, tenant_id, expense_date, vehicle_id, vehicle_no,
      category, amount, gst_amount, odometer_km, vendor, bill_no, payment_mode, notes, created_by_user_id)
    values (${row.id}, ${row.tenantId}, ${row.expenseDate}, ${row.vehicleId}, ${row.vehicleNo}, ${row.category},
      ${row.amount}, ${row.gstAmount}, ${row.odometerKm}, ${row.vendor}, ${row.billNo}, ${row.paymentMode},
      ${row.notes}, ${row.createdByUserId})`);
}

export async function updateExpenseRow(tx: Tx, id: string, row: ExpenseValues): Promise<void> {
  await tx.execute(sql`update billing.vehicle_expenses set expense_date = ${row.expenseDate},
      vehicle_id = ${row.vehicleId}, vehicle_no = ${row.vehicleNo}, category = ${row.category},
      amount = ${row.amount}, gst_amount = ${row.gstAmount}, odometer_km = ${row.odometerKm},
      vendor = ${row.vendor}, bill_no = ${row.billNo}, payment_mode = ${row.paymentMode}, notes = ${row.notes},
      version = version + 1, updated_at = now()
    where id = ${id}`);
}

export async function deleteExpenseRow(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from billing.vehicle_expenses where id = ${id}`);
}

export async function getExpense(tx: Tx, id: string, lock = false): Promise<ExpenseRow | undefined> {
  const [row] = await rows<ExpenseRow>(
    tx,
    sql`select ${EXPENSE_COLUMNS} from billing.vehicle_expenses e where e.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export const EXPENSE_SORTS = ['expense_date', 'created_at'] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];
const EXPENSE_SORT_SHAPES: Record<ExpenseSort, CursorShape> = {
  expense_date: { sort: { type: 'date', nullable: false } },
  created_at: { sort: { type: 'timestamp', nullable: false } },
};

export interface ExpenseFilters {
  search?: string;
  vehicleIds: readonly string[];
  categories: readonly string[];
  dateFrom?: string;
  dateTo?: string;
}

export async function listExpenses(
  tx: Tx,
  filters: ExpenseFilters,
  page: { sortBy: ExpenseSort; direction: 'asc' | 'desc'; cursor?: string; limit: number },
): Promise<(ExpenseRow & { sortKey: string | null })[]> {
  const column = sql.raw(`e.${page.sortBy}`);
  const paging = keyset({
    sortKey: column,
    id: sql.raw('e.id'),
    direction: page.direction,
    cursor: page.cursor,
    shape: EXPENSE_SORT_SHAPES[page.sortBy],
  });
  const where: SQL[] = [];
  const search = filters.search?.trim().toLowerCase();
  // Leakproof conditions only (`^@`), so that row-level security lets them use their indexes.
  if (search) where.push(sql`(e.vendor_key ^@ ${search} or e.bill_no_key ^@ ${search})`);
  if (filters.vehicleIds.length > 0) where.push(idIn(sql`e.vehicle_id`, filters.vehicleIds));
  if (filters.categories.length > 0) {
    where.push(
      sql`e.category in (${sql.join(
        filters.categories.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.dateFrom) where.push(sql`e.expense_date >= ${filters.dateFrom}::date`);
  if (filters.dateTo) where.push(sql`e.expense_date <= ${filters.dateTo}::date`);
  if (paging.after) where.push(paging.after);
  return rows(
    tx,
    sql`select ${EXPENSE_COLUMNS}, ${column}::text as "sortKey" from billing.vehicle_expenses e
        ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by ${paging.orderBy} limit ${page.limit + 1}`,
  );
}

export interface CostRow {
  vehicleId: string;
  vehicleNo: string;
  fills: number;
  fuelQuantity: string;
  fuelAmount: string;
  /** The odometer's run over the period: its last reading in it less the last before it (or its first in it). */
  km: number;
  expenses: number;
  expenseTotal: string;
  /** Expense totals by category, as JSON text {"SERVICE":"1200.00",…}. */
  byCategory: Record<string, string>;
}

/**
 * What each vehicle cost in a period: its fuel (fills in the period), its expenses (dated in it) by
 * category, and the km its odometer ran (fills). Vehicles with neither are left out.
 */
export async function costsByVehicle(
  tx: Tx,
  query: {
    dateFrom: string;
    dateTo: string;
    from: Date;
    to: Date;
    vehicleIds: readonly string[];
    limit: number;
  },
): Promise<CostRow[]> {
  const fuelVehicles =
    query.vehicleIds.length > 0 ? sql`and ${idIn(sql`l.vehicle_id`, query.vehicleIds)}` : sql``;
  const expenseVehicles =
    query.vehicleIds.length > 0 ? sql`and ${idIn(sql`e.vehicle_id`, query.vehicleIds)}` : sql``;
  return rows<CostRow>(
    tx,
    sql`with fuel as (
          select l.vehicle_id, (array_agg(l.vehicle_no order by l.filled_at desc))[1] as vehicle_no,
            count(*)::int as fills, sum(l.quantity) as quantity, sum(l.amount) as amount,
            max(l.odometer_km) as high, min(l.odometer_km) as low
          from billing.fuel_logs l
          where l.filled_at >= ${query.from.toISOString()} and l.filled_at < ${query.to.toISOString()} ${fuelVehicles}
          group by l.vehicle_id),
        categories as (
          select e.vehicle_id, e.category, sum(e.total) as total, count(*)::int as expenses,
            min(e.vehicle_no) as vehicle_no
          from billing.vehicle_expenses e
          where e.expense_date between ${query.dateFrom}::date and ${query.dateTo}::date ${expenseVehicles}
          group by e.vehicle_id, e.category),
        spent as (
          select c.vehicle_id, min(c.vehicle_no) as vehicle_no, sum(c.expenses)::int as expenses,
            sum(c.total) as total, jsonb_object_agg(c.category, c.total::text) as by_category
          from categories c group by c.vehicle_id)
        select coalesce(f.vehicle_id, s.vehicle_id) as "vehicleId",
          coalesce(f.vehicle_no, s.vehicle_no) as "vehicleNo",
          coalesce(f.fills, 0) as fills, coalesce(f.quantity, 0)::text as "fuelQuantity",
          coalesce(f.amount, 0)::text as "fuelAmount",
          coalesce(f.high - coalesce(b.odometer_km, f.low), 0)::int as km,
          coalesce(s.expenses, 0) as expenses, coalesce(s.total, 0)::text as "expenseTotal",
          coalesce(s.by_category, '{}'::jsonb) as "byCategory"
        from fuel f full join spent s on s.vehicle_id = f.vehicle_id
        left join lateral (
          select l.odometer_km from billing.fuel_logs l
          where l.vehicle_id = f.vehicle_id and l.filled_at < ${query.from.toISOString()}
          order by l.filled_at desc, l.id desc limit 1) b on true
        order by 2, 1
        limit ${query.limit}`,
  );
}
