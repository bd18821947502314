// Vehicle fuel and expenses (spec §1; §6 Vehicle Fuel, Vehicle Expense): fills of each vehicle with the
// full-to-full mileage they measure, what else a vehicle costs, and a vehicle's cost per km. A fill's
// odometer keeps its place among the vehicle's fills; every change is written with its stretches and
// its event in one transaction. A mistaken fill or expense is deleted, not voided: neither is a
// numbered document nothing else points at, and a voided fill kept in place would still have to be
// skipped by every odometer check and mileage sum; the deleted event keeps what it was.
import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  amountOf,
  checkOdometer,
  expenseTotalPaise,
  FUEL_PAYMENT_MODES,
  FUEL_TYPES,
  type FuelType,
  formatIsoDate,
  isLowMileage,
  LOW_MILEAGE_BASELINE_DAYS,
  LOW_MILEAGE_MIN_KM,
  LOW_MILEAGE_SHARE,
  type Measured,
  mileageOf,
  odometerOf,
  operatorDate,
  operatorInstant,
  PAYMENT_MODES,
  PERMISSION,
  perKm,
  quantityOf,
  quantityText,
  rupees,
  VEHICLE_EXPENSE_CATEGORIES,
  VehicleCostError,
} from '@fleet/domain';
import {
  conflict,
  invalidField,
  notFound,
  type Page,
  pageSize,
  requireId,
  requireIds,
  requirePermission,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import { BillingEvents, billingOutbox } from '../events/published';
import {
  type CostRow,
  costsByVehicle,
  deleteExpenseRow,
  deleteFuelLogRow,
  EXPENSE_SORTS,
  type ExpenseRow,
  type ExpenseValues,
  FUEL_LOG_SORTS,
  type FuelLogRow,
  type FuelLogValues,
  fuelLogTotals,
  getExpense,
  getFuelLog,
  insertExpense,
  insertFuelLog,
  listExpenses,
  listFuelLogs,
  lockVehicleFills,
  mileageByVehicle,
  readingsAround,
  recomputeStretches,
  updateExpenseRow,
  updateFuelLogRow,
} from '../storage/vehicle-costs-store';
import { expenseToProto, fuelLogToProto, unitsOf } from '../vehicle-costs-mappers';
import { checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface FuelLogInput {
  fillDate?: string;
  fillTime?: string;
  vehicleId: string;
  driverId?: string;
  quantity: string;
  amount: string;
  odometerKm: number;
  fuelStationId?: string;
  stationName?: string;
  isFullTank: boolean;
  paymentMode: string;
  billNo?: string;
  notes?: string;
}

export interface VehicleExpenseInput {
  expenseDate?: string;
  vehicleId: string;
  category: string;
  amount: string;
  gstAmount?: string;
  odometerKm?: string;
  vendor?: string;
  billNo?: string;
  paymentMode: string;
  notes?: string;
}

interface PeriodInput {
  dateFrom?: string;
  dateTo?: string;
  vehicleIds?: readonly string[];
}

export interface VehicleMileage {
  vehicleId: string;
  vehicleNo: string;
  fuelType: string;
  fills: number;
  quantity: string;
  amount: string;
  km: number;
  measuredQuantity: string;
  measuredAmount: string;
  kmPerUnit: string;
  costPerKm: string;
  baselineKmPerUnit: string;
  isLow: boolean;
}

export interface VehicleCost {
  vehicleId: string;
  vehicleNo: string;
  fills: number;
  fuelQuantity: string;
  fuelAmount: string;
  expenses: number;
  expenseTotal: string;
  byCategory: { category: string; total: string }[];
  total: string;
  km: number;
  fuelPerKm: string;
  costPerKm: string;
}

/** The reports name at most this many vehicles. */
const REPORT_VEHICLES = 2000;
/** A report's period is at most a year and a day. */
const LONGEST_PERIOD_DAYS = 366;

export const LOW_MILEAGE_RULE =
  `Low: its km per litre over the period is below ${new Decimal(LOW_MILEAGE_SHARE).times(100).toFixed(0)}% of ` +
  `its own over the ${LOW_MILEAGE_BASELINE_DAYS} days before, when those measured at least ${LOW_MILEAGE_MIN_KM} km.`;

/** A domain VehicleCostError is the person's mistake, named by its field. */
function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof VehicleCostError) throw invalidField(error.field, error.message);
    throw error;
  }
}

const dayOf = formatIsoDate;

export function createVehicleCosts(deps: BillingDeps) {
  const { db, clock, copies } = deps;
  const today = () => operatorDate(clock());

  function period(input: PeriodInput, defaultFrom: (today: string) => string) {
    const to = checkedDate(input.dateTo, 'dateTo') ?? today();
    const from = checkedDate(input.dateFrom, 'dateFrom') ?? defaultFrom(to);
    if (to < from) throw invalidField('dateTo', 'The period ends on or after the day it starts.');
    if (addCalendarDays(from, LONGEST_PERIOD_DAYS) < to) {
      throw invalidField('dateFrom', `Ask for at most ${LONGEST_PERIOD_DAYS} days at a time.`);
    }
    return {
      from,
      to,
      fromInstant: operatorInstant(from, '00:00'),
      toInstant: operatorInstant(addCalendarDays(to, 1), '00:00'),
      vehicleIds: requireIds(input.vehicleIds ?? [], 'vehicleIds'),
    };
  }

  async function vehicleOf(caller: TenantCaller, vehicleId: string) {
    requireId(vehicleId, 'vehicleId');
    const vehicle = (await copies.load(caller, { vehicle: [vehicleId] })).vehicle.get(vehicleId);
    if (!vehicle) throw invalidField('vehicleId', 'There is no such vehicle.');
    return vehicle;
  }

  /** A fill as typed, checked field by field, with the names it is recorded with. */
  async function checkedFill(caller: TenantCaller, input: FuelLogInput): Promise<FuelLogValues> {
    const fillDate = checkedDate(input.fillDate, 'fillDate') ?? today();
    if (fillDate > today()) throw invalidField('fillDate', 'A fill cannot be dated after today.');
    const fillTime = input.fillTime?.trim() || '00:00';
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(fillTime))
      throw invalidField('fillTime', 'Give the time as HH:MM.');
    const quantity = asInput(() => quantityOf(input.quantity, 'quantity'));
    const amount = asInput(() => amountOf(input.amount, 'amount'));
    const odometerKm = asInput(() => odometerOf(input.odometerKm, 'odometerKm'));
    const paymentMode = oneOf(FUEL_PAYMENT_MODES, input.paymentMode, 'paymentMode');
    const billNo = checkedText(input.billNo, 'billNo', 40);
    const notes = checkedText(input.notes, 'notes', 1000);
    const typedStation = checkedText(input.stationName, 'stationName', 120);
    if (input.driverId) requireId(input.driverId, 'driverId');
    if (input.fuelStationId) requireId(input.fuelStationId, 'fuelStationId');
    const vehicle = await vehicleOf(caller, input.vehicleId);
    const fuelType: FuelType | undefined = FUEL_TYPES.find((t) => t === vehicle.vehicleFuelType);
    if (!fuelType) throw invalidField('vehicleId', 'Give this vehicle its fuel type in masters first.');
    const loaded = await copies.load(caller, {
      driver: input.driverId ? [input.driverId] : [],
      fuel_station: input.fuelStationId ? [input.fuelStationId] : [],
    });
    const driver = input.driverId ? loaded.driver.get(input.driverId) : undefined;
    if (input.driverId && !driver) throw invalidField('driverId', 'There is no such driver.');
    const station = input.fuelStationId ? loaded.fuel_station.get(input.fuelStationId) : undefined;
    if (input.fuelStationId && !station)
      throw invalidField('fuelStationId', 'There is no such fuel station.');
    const stationName = station?.name ?? typedStation;
    if (!stationName) throw invalidField('stationName', 'Choose the fuel station, or type its name.');
    if (paymentMode === 'STATION_CREDIT' && !station?.hasCreditAccount) {
      throw invalidField(
        'paymentMode',
        'Only a station you fill on credit at (fuel stations master) gives credit.',
      );
    }
    return {
      fillDate,
      fillTime,
      filledAt: operatorInstant(fillDate, fillTime),
      vehicleId: vehicle.id,
      vehicleNo: vehicle.vehicleNo,
      fuelType,
      driverId: driver?.id ?? null,
      driverName: driver?.name ?? '',
      quantity: quantityText(quantity),
      amount: rupees(amount),
      odometerKm,
      fuelStationId: station?.id ?? null,
      stationName,
      isFullTank: input.isFullTank,
      paymentMode,
      billNo,
      notes,
    };
  }

  async function checkOdometerAt(tx: Tx, fill: FuelLogValues, exceptId?: string) {
    const around = await readingsAround(tx, { vehicleId: fill.vehicleId, at: fill.filledAt, exceptId });
    const at = (r: { fillDate: string; fillTime: string } | undefined) =>
      r ? `${dayOf(r.fillDate)} ${r.fillTime}` : '';
    asInput(() =>
      checkOdometer(fill.odometerKm, {
        previous: around.previous && { odometerKm: around.previous.odometerKm, at: at(around.previous) },
        next: around.next && { odometerKm: around.next.odometerKm, at: at(around.next) },
      }),
    );
  }

  async function publishFill(
    tx: Tx,
    caller: TenantCaller,
    event: 'fuelLogRecorded' | 'fuelLogUpdated' | 'fuelLogDeleted',
    row: FuelLogRow,
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        fuelLog: fuelLogToProto(row),
        action: event.replace('fuelLog', '').toLowerCase(),
        changedByUserId: caller.userId,
      },
      caller,
    );
  }

  async function publishExpense(
    tx: Tx,
    caller: TenantCaller,
    event: 'vehicleExpenseRecorded' | 'vehicleExpenseUpdated' | 'vehicleExpenseDeleted',
    row: ExpenseRow,
  ) {
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        expense: expenseToProto(row),
        action: event.replace('vehicleExpense', '').toLowerCase(),
        changedByUserId: caller.userId,
      },
      caller,
    );
  }

  function sameVersion(current: { version: number }, version: number | undefined, what: string) {
    if (version && version !== current.version) {
      throw conflict(`Someone else changed this ${what} meanwhile: reload it and make your change again.`);
    }
  }

  async function checkedExpense(caller: TenantCaller, input: VehicleExpenseInput): Promise<ExpenseValues> {
    const expenseDate = checkedDate(input.expenseDate, 'expenseDate') ?? today();
    if (expenseDate > today()) throw invalidField('expenseDate', 'An expense cannot be dated after today.');
    const category = oneOf(VEHICLE_EXPENSE_CATEGORIES, input.category, 'category');
    const paymentMode = oneOf(PAYMENT_MODES, input.paymentMode, 'paymentMode');
    const amount = asInput(() => amountOf(input.amount, 'amount'));
    const gst = asInput(() => amountOf(input.gstAmount ?? '', 'gstAmount', false));
    if (gst > amount) {
      throw invalidField(
        'gstAmount',
        'The GST is more than the amount before GST: give the amount before GST.',
      );
    }
    // The total (amount and GST) must fit the same ceiling as each of them.
    asInput(() => amountOf(rupees(expenseTotalPaise(amount, gst)), 'amount'));
    const odometerText = input.odometerKm?.trim() ?? '';
    const odometerKm = odometerText === '' ? null : asInput(() => odometerOf(odometerText, 'odometerKm'));
    const vendor = checkedText(input.vendor, 'vendor', 120);
    const billNo = checkedText(input.billNo, 'billNo', 40);
    const notes = checkedText(input.notes, 'notes', 1000);
    const vehicle = await vehicleOf(caller, input.vehicleId);
    return {
      expenseDate,
      vehicleId: vehicle.id,
      vehicleNo: vehicle.vehicleNo,
      category,
      amount: rupees(amount),
      gstAmount: rupees(gst),
      odometerKm,
      vendor,
      billNo,
      paymentMode,
      notes,
    };
  }

  const fuel = {
    async list(
      caller: TenantCaller,
      input: {
        vehicleIds?: readonly string[];
        fuelStationIds?: readonly string[];
        dateFrom?: string;
        dateTo?: string;
        fullTankOnly?: boolean;
        limit?: number;
        cursor?: string;
        sortBy?: string;
        direction?: 'asc' | 'desc';
      },
    ): Promise<Page<FuelLogRow> & { totals?: { fills: number; amount: Decimal } }> {
      requirePermission(caller, PERMISSION.view_vehicle_fuel, 'see fuel logs');
      const sortBy = sortKey(input.sortBy, FUEL_LOG_SORTS, 'filled_at', 'Fuel logs');
      const limit = pageSize(input.limit);
      const dateFrom = checkedDate(input.dateFrom, 'dateFrom');
      const dateTo = checkedDate(input.dateTo, 'dateTo');
      const filters = {
        vehicleIds: requireIds(input.vehicleIds ?? [], 'vehicleIds'),
        stationIds: requireIds(input.fuelStationIds ?? [], 'fuelStationIds'),
        from: dateFrom ? operatorInstant(dateFrom, '00:00') : undefined,
        to: dateTo ? operatorInstant(addCalendarDays(dateTo, 1), '00:00') : undefined,
        fullTankOnly: input.fullTankOnly ?? false,
      };
      const { fetched, totals } = await db.read(caller.tenantId, async (tx) => ({
        fetched: await listFuelLogs(tx, filters, {
          sortBy,
          direction: input.direction ?? 'desc',
          cursor: input.cursor,
          limit,
        }),
        // The whole filter's, once: on the first page, as the list opens or its filter changes.
        totals: input.cursor ? undefined : await fuelLogTotals(tx, filters),
      }));
      const page = toPage(fetched, limit, (row) => [row.sortKey, row.id]);
      return totals ? { ...page, totals: { fills: totals.fills, amount: new Decimal(totals.amount) } } : page;
    },

    async get(caller: TenantCaller, id: string): Promise<FuelLogRow> {
      requirePermission(caller, PERMISSION.view_vehicle_fuel, 'see fuel logs');
      requireId(id, 'id');
      const row = await db.read(caller.tenantId, (tx) => getFuelLog(tx, id));
      if (!row) throw notFound('The fuel log');
      return row;
    },

    async record(caller: TenantCaller, input: FuelLogInput): Promise<FuelLogRow> {
      requirePermission(caller, PERMISSION.manage_vehicle_fuel, 'record fuel');
      const fill = await checkedFill(caller, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        await lockVehicleFills(tx, fill.vehicleId);
        await checkOdometerAt(tx, fill);
        const id = randomUUID();
        await insertFuelLog(tx, { ...fill, id, tenantId: caller.tenantId, createdByUserId: caller.userId });
        await recomputeStretches(tx, fill.vehicleId, fill.filledAt);
        const row = await getFuelLog(tx, id);
        if (!row) throw notFound('The fuel log');
        await publishFill(tx, caller, 'fuelLogRecorded', row);
        return row;
      });
    },

    async update(
      caller: TenantCaller,
      id: string,
      version: number,
      input: FuelLogInput,
    ): Promise<FuelLogRow> {
      requirePermission(caller, PERMISSION.manage_vehicle_fuel, 'change fuel logs');
      requireId(id, 'id');
      const fill = await checkedFill(caller, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const before = await getFuelLog(tx, id);
        if (!before) throw notFound('The fuel log');
        // Both vehicles' fills, in one order, so two edits moving fills between them cannot deadlock.
        for (const vehicleId of [...new Set([before.vehicleId, fill.vehicleId])].sort()) {
          await lockVehicleFills(tx, vehicleId);
        }
        const current = await getFuelLog(tx, id);
        if (!current) throw notFound('The fuel log');
        sameVersion(current, version, 'fuel log');
        await checkOdometerAt(tx, fill, id);
        await updateFuelLogRow(tx, id, fill);
        const was = new Date(current.filledAt);
        if (current.vehicleId !== fill.vehicleId) {
          await recomputeStretches(tx, current.vehicleId, was);
          await recomputeStretches(tx, fill.vehicleId, fill.filledAt);
        } else {
          await recomputeStretches(tx, fill.vehicleId, was < fill.filledAt ? was : fill.filledAt);
        }
        const row = await getFuelLog(tx, id);
        if (!row) throw notFound('The fuel log');
        await publishFill(tx, caller, 'fuelLogUpdated', row);
        return row;
      });
    },

    /** Deleting a fill keeps the others in odometer order (a reading left out cannot break it). */
    async remove(caller: TenantCaller, id: string, version: number): Promise<void> {
      requirePermission(caller, PERMISSION.manage_vehicle_fuel, 'delete fuel logs');
      requireId(id, 'id');
      await db.withTenant(caller.tenantId, async (tx) => {
        const before = await getFuelLog(tx, id);
        if (!before) throw notFound('The fuel log');
        await lockVehicleFills(tx, before.vehicleId);
        const current = await getFuelLog(tx, id);
        if (!current) throw notFound('The fuel log');
        sameVersion(current, version, 'fuel log');
        await deleteFuelLogRow(tx, id);
        await recomputeStretches(tx, current.vehicleId, new Date(current.filledAt));
        await publishFill(tx, caller, 'fuelLogDeleted', current);
      });
    },

    /**
     * Each vehicle's fuel over a period (default the 30 days to today) and its mileage full to full:
     * the stretches closed by full tanks filled in the period, against its own over the baseline before.
     */
    async mileage(caller: TenantCaller, input: PeriodInput) {
      requirePermission(caller, PERMISSION.view_vehicle_fuel, 'see mileage');
      const p = period(input, (to) => addCalendarDays(to, -29));
      const baselineFrom = addCalendarDays(p.from, -LOW_MILEAGE_BASELINE_DAYS);
      const found = await db.read(caller.tenantId, (tx) =>
        mileageByVehicle(tx, {
          baselineFrom: operatorInstant(baselineFrom, '00:00'),
          from: p.fromInstant,
          to: p.toInstant,
          vehicleIds: p.vehicleIds,
          limit: REPORT_VEHICLES,
        }),
      );
      const vehicles: VehicleMileage[] = found.map((row) => {
        const measured: Measured = {
          km: row.km,
          units: unitsOf(row.stretchQuantity, 3),
          amountPaise: unitsOf(row.stretchAmount, 2),
        };
        const baseline: Measured = {
          km: row.baselineKm,
          units: unitsOf(row.baselineQuantity, 3),
          amountPaise: unitsOf(row.baselineAmount, 2),
        };
        const mileage = mileageOf(measured);
        return {
          vehicleId: row.vehicleId,
          vehicleNo: row.vehicleNo,
          fuelType: row.fuelType,
          fills: row.fills,
          quantity: new Decimal(row.quantity).toFixed(3),
          amount: new Decimal(row.amount).toFixed(2),
          km: row.km,
          measuredQuantity: new Decimal(row.stretchQuantity).toFixed(3),
          measuredAmount: new Decimal(row.stretchAmount).toFixed(2),
          kmPerUnit: mileage.kmPerUnit,
          costPerKm: mileage.costPerKm,
          baselineKmPerUnit: baseline.km >= LOW_MILEAGE_MIN_KM ? mileageOf(baseline).kmPerUnit : '',
          isLow: isLowMileage(measured, baseline),
        };
      });
      return { dateFrom: p.from, dateTo: p.to, baselineFrom, vehicles, lowRule: LOW_MILEAGE_RULE };
    },
  };

  const expenses = {
    async list(
      caller: TenantCaller,
      input: {
        search?: string;
        vehicleIds?: readonly string[];
        categories?: readonly string[];
        dateFrom?: string;
        dateTo?: string;
        limit?: number;
        cursor?: string;
        sortBy?: string;
        direction?: 'asc' | 'desc';
      },
    ): Promise<Page<ExpenseRow>> {
      requirePermission(caller, PERMISSION.view_vehicle_expense, 'see vehicle expenses');
      const sortBy = sortKey(input.sortBy, EXPENSE_SORTS, 'expense_date', 'Vehicle expenses');
      const limit = pageSize(input.limit);
      const search = checkedText(input.search, 'search', 100);
      const fetched = await db.read(caller.tenantId, (tx) =>
        listExpenses(
          tx,
          {
            search: search || undefined,
            vehicleIds: requireIds(input.vehicleIds ?? [], 'vehicleIds'),
            categories: (input.categories ?? []).map((c) =>
              oneOf(VEHICLE_EXPENSE_CATEGORIES, c, 'categories'),
            ),
            dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
            dateTo: checkedDate(input.dateTo, 'dateTo'),
          },
          { sortBy, direction: input.direction ?? 'desc', cursor: input.cursor, limit },
        ),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<ExpenseRow> {
      requirePermission(caller, PERMISSION.view_vehicle_expense, 'see vehicle expenses');
      requireId(id, 'id');
      const row = await db.read(caller.tenantId, (tx) => getExpense(tx, id));
      if (!row) throw notFound('The vehicle expense');
      return row;
    },

    async record(caller: TenantCaller, input: VehicleExpenseInput): Promise<ExpenseRow> {
      requirePermission(caller, PERMISSION.manage_vehicle_expense, 'record vehicle expenses');
      const values = await checkedExpense(caller, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const id = randomUUID();
        await insertExpense(tx, { ...values, id, tenantId: caller.tenantId, createdByUserId: caller.userId });
        const row = await getExpense(tx, id);
        if (!row) throw notFound('The vehicle expense');
        await publishExpense(tx, caller, 'vehicleExpenseRecorded', row);
        return row;
      });
    },

    async update(
      caller: TenantCaller,
      id: string,
      version: number,
      input: VehicleExpenseInput,
    ): Promise<ExpenseRow> {
      requirePermission(caller, PERMISSION.manage_vehicle_expense, 'change vehicle expenses');
      requireId(id, 'id');
      const values = await checkedExpense(caller, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const current = await getExpense(tx, id, true);
        if (!current) throw notFound('The vehicle expense');
        sameVersion(current, version, 'expense');
        await updateExpenseRow(tx, id, values);
        const row = await getExpense(tx, id);
        if (!row) throw notFound('The vehicle expense');
        await publishExpense(tx, caller, 'vehicleExpenseUpdated', row);
        return row;
      });
    },

    async remove(caller: TenantCaller, id: string, version: number): Promise<void> {
      requirePermission(caller, PERMISSION.manage_vehicle_expense, 'delete vehicle expenses');
      requireId(id, 'id');
      await db.withTenant(caller.tenantId, async (tx) => {
        const current = await getExpense(tx, id, true);
        if (!current) throw notFound('The vehicle expense');
        sameVersion(current, version, 'expense');
        await deleteExpenseRow(tx, id);
        await publishExpense(tx, caller, 'vehicleExpenseDeleted', current);
      });
    },

    /**
     * What each vehicle cost over a period (default this month to today): its fuel and expenses, and per
     * km its odometer ran, with the total of them all.
     */
    async costs(caller: TenantCaller, input: PeriodInput) {
      requirePermission(caller, PERMISSION.view_vehicle_expense, 'see what vehicles cost');
      const p = period(input, (to) => `${to.slice(0, 8)}01`);
      const found = await db.read(caller.tenantId, (tx) =>
        costsByVehicle(tx, {
          dateFrom: p.from,
          dateTo: p.to,
          from: p.fromInstant,
          to: p.toInstant,
          vehicleIds: p.vehicleIds,
          limit: REPORT_VEHICLES,
        }),
      );
      const vehicles = found.map(costOf);
      const sum = (pick: (row: CostRow) => string) =>
        found.reduce((total, row) => total.plus(pick(row)), new Decimal(0)).toFixed(2);
      const categories = new Map<string, Decimal>();
      for (const row of found) {
        for (const [category, total] of Object.entries(row.byCategory)) {
          categories.set(category, (categories.get(category) ?? new Decimal(0)).plus(total));
        }
      }
      const total = costOf({
        vehicleId: '',
        vehicleNo: '',
        fills: found.reduce((n, row) => n + row.fills, 0),
        fuelQuantity: found.reduce((t, row) => t.plus(row.fuelQuantity), new Decimal(0)).toFixed(3),
        fuelAmount: sum((row) => row.fuelAmount),
        km: found.reduce((n, row) => n + row.km, 0),
        expenses: found.reduce((n, row) => n + row.expenses, 0),
        expenseTotal: sum((row) => row.expenseTotal),
        byCategory: Object.fromEntries([...categories].map(([c, t]) => [c, t.toFixed(2)])),
      });
      return { dateFrom: p.from, dateTo: p.to, vehicles, total };
    },
  };

  return { fuel, expenses };
}

function costOf(row: CostRow): VehicleCost {
  const fuelPaise = unitsOf(row.fuelAmount, 2);
  const totalPaise = fuelPaise + unitsOf(row.expenseTotal, 2);
  return {
    vehicleId: row.vehicleId,
    vehicleNo: row.vehicleNo,
    fills: row.fills,
    fuelQuantity: new Decimal(row.fuelQuantity).toFixed(3),
    fuelAmount: rupees(fuelPaise),
    expenses: row.expenses,
    expenseTotal: new Decimal(row.expenseTotal).toFixed(2),
    byCategory: VEHICLE_EXPENSE_CATEGORIES.filter((c) => row.byCategory[c] !== undefined).map((category) => ({
      category,
      total: new Decimal(row.byCategory[category] ?? '0').toFixed(2),
    })),
    total: rupees(totalPaise),
    km: row.km,
    fuelPerKm: perKm(fuelPaise, row.km),
    costPerKm: perKm(totalPaise, row.km),
  };
}

export type VehicleCosts = ReturnType<typeof createVehicleCosts>;
