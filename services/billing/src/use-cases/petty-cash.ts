// Petty cash: the office's cash box of each billing company. Entries are recorded (add_petty_cash),
// edited and voided (manage_petty_cash; add_petty_cash may void its own entry on the day it recorded
// it), and sent to their person (send_petty_cash_info). Every change moves the box's balance and the
// holdings of the people it names under their rows' locks, checked by the domain's `pettyCashChange`
// (the box never pays more than it holds, a person never gives back or spends more than they hold),
// and enqueues its event in the same transaction.
import { randomBytes } from 'node:crypto';
import {
  checkPettyCashEntry,
  financialYearOf,
  isEmail,
  isPhoneNumber,
  operatorDate,
  PAYMENT_MODES,
  PERMISSION,
  PETTY_CASH_CATEGORIES,
  PETTY_CASH_KINDS,
  PettyCashError,
  type PettyCashMovement,
  pettyCashChange,
  pettyCashPaise,
  pettyCashPersonKey,
  pettyCashRupees,
  pettyCashVoucherNumber,
} from '@fleet/domain';
import {
  invalidField,
  notFound,
  type Page,
  pageSize,
  permissionDenied,
  preconditionFailed,
  requireId,
  requireIds,
  requirePermission,
  type Tx,
  toPage,
} from '@fleet/platform';
import Decimal from 'decimal.js';
import { BillingEvents, billingOutbox } from '../events/published';
import { pettyCashToProto } from '../petty-cash-mappers';
import {
  boxes,
  getEntry,
  type HoldingRow,
  heldByAll,
  holders,
  holdingOf,
  insertEntry,
  listEntries,
  lockBox,
  markSent,
  moveBox,
  type PettyCashFacts,
  type PettyCashFilters,
  type PettyCashRow,
  takeVoucherSequence,
  updateEntry,
  voidEntry,
} from '../storage/petty-cash-store';
import { checkedDate, checkedText, oneOf } from './checked-input';
import type { BillingDeps, TenantCaller } from './deps';

export interface PettyCashInput {
  companyId?: string;
  entryDate?: string;
  kind: string;
  amount: string;
  category: string;
  driverId?: string;
  personName?: string;
  personPhone?: string;
  personEmail?: string;
  bookingNo?: string;
  vehicleNo?: string;
  paymentMode?: string;
  notes?: string;
}

export interface PettyCashListInput {
  search?: string;
  kinds?: readonly string[];
  categories?: readonly string[];
  personKey?: string;
  companyIds?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  includeVoided?: boolean;
  limit?: number;
  cursor?: string;
  direction?: 'asc' | 'desc';
}

export interface PettyCashSummary {
  boxes: { companyId: string; companyName: string; balance: string }[];
  balance: string;
  holders: HoldingRow[];
  held: string;
}

/** The summary names at most this many people (those holding most). */
const HOLDERS_SHOWN = 500;

/** The last id's millisecond and its count within it: ids made in this process only ever increase. */
const lastId = { ms: 0, count: 0 };

/**
 * A version 7 UUID (time first): an entry's id orders the entries of one day by when they were recorded,
 * so the cash book pages by (date, id) and reads in the order the cash moved. Within one millisecond (or a
 * clock that stands still, as tests fix it) a 12-bit count follows the time, so order holds there too.
 */
function timeOrderedId(at: Date): string {
  let ms = Math.max(at.getTime(), lastId.ms);
  let count = ms === lastId.ms ? lastId.count + 1 : 0;
  if (count > 0xfff) {
    ms += 1;
    count = 0;
  }
  lastId.ms = ms;
  lastId.count = count;
  const bytes = randomBytes(16);
  const time = BigInt(ms);
  for (let i = 0; i < 6; i += 1) bytes[i] = Number((time >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (count >> 8);
  bytes[7] = count & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A domain PettyCashError is the person's mistake, named by its field. */
function asInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PettyCashError) throw invalidField(error.field, error.message);
    throw error;
  }
}

/** A stored amount (numeric(14,2), never below zero) in paise. */
const storedPaise = (text: string) => BigInt(new Decimal(text).times(100).toFixed(0));

const movementOf = (row: Pick<PettyCashFacts, 'kind' | 'amount' | 'personKey'>): PettyCashMovement => ({
  kind: row.kind,
  amount: asInput(() => pettyCashPaise(row.amount)),
  personKey: row.personKey,
});

export function createPettyCash(deps: BillingDeps) {
  const { db, clock, copies } = deps;

  /** What was typed, checked field by field, with a driver's contact details from the driver master. */
  async function factsOf(caller: TenantCaller, input: PettyCashInput): Promise<PettyCashFacts> {
    const kind = oneOf(PETTY_CASH_KINDS, input.kind, 'kind');
    const category = oneOf(PETTY_CASH_CATEGORIES, input.category, 'category');
    const paymentMode = input.paymentMode ? oneOf(PAYMENT_MODES, input.paymentMode, 'paymentMode') : 'CASH';
    const amount = pettyCashRupees(asInput(() => pettyCashPaise(input.amount ?? '', 'amount')));
    const entryDate = checkedDate(input.entryDate, 'entryDate') ?? operatorDate(clock());
    let personName = checkedText(input.personName, 'personName', 100);
    let personPhone = checkedText(input.personPhone, 'personPhone', 16);
    let personEmail = checkedText(input.personEmail, 'personEmail', 254);
    const bookingNo = checkedText(input.bookingNo, 'bookingNo', 30);
    const vehicleNo = checkedText(input.vehicleNo, 'vehicleNo', 20);
    const notes = checkedText(input.notes, 'notes', 1000);
    const driverId = input.driverId ? requireId(input.driverId, 'driverId') : null;
    if (driverId) {
      const loaded = await copies.load(caller, { driver: [driverId] });
      const driver = loaded.driver.get(driverId);
      if (!driver) throw invalidField('driverId', 'There is no such driver.');
      personName = driver.name;
      personPhone = personPhone || driver.phone;
      personEmail = personEmail || driver.email;
    }
    if (personPhone && !isPhoneNumber(personPhone)) {
      throw invalidField('personPhone', 'Give the phone number with its country code, e.g. +919876543210.');
    }
    if (personEmail && !isEmail(personEmail)) {
      throw invalidField('personEmail', 'Give a valid email address, e.g. name@example.com.');
    }
    if (!personName && (personPhone || personEmail)) {
      throw invalidField('personName', 'Give the name of the person the phone or email is of.');
    }
    const personKey = pettyCashPersonKey({
      driverId: driverId ?? undefined,
      name: personName,
      phone: personPhone,
    });
    asInput(() => checkPettyCashEntry({ kind, personKey }));
    return {
      entryDate,
      kind,
      amount,
      category,
      personKey,
      personName,
      personPhone,
      personEmail,
      driverId,
      bookingNo,
      vehicleNo,
      paymentMode,
      notes,
    };
  }

  async function companyOf(caller: TenantCaller, companyId: string | undefined) {
    const companies = await copies.loadAll(caller, 'company');
    if (companyId) {
      requireId(companyId, 'companyId');
      const company = companies.find((c) => c.id === companyId);
      if (!company) throw invalidField('companyId', 'There is no such company of yours.');
      return company;
    }
    const company = companies.find((c) => c.isPrimary) ?? companies[0];
    if (!company) throw preconditionFailed('Add your company first: a cash box is one of your companies’.');
    return company;
  }

  /**
   * Applies a change to the box and to what the people it names hold: locks their rows, checks the
   * change against what they hold now, and moves them.
   */
  async function moveCash(
    tx: Tx,
    caller: TenantCaller,
    companyId: string,
    change: { before?: PettyCashFacts; after?: PettyCashFacts },
  ) {
    const named = [change.before, change.after].filter((f): f is PettyCashFacts => !!f && f.personKey !== '');
    const now = await lockBox(
      tx,
      caller.tenantId,
      companyId,
      named.map((f) => ({
        key: f.personKey,
        name: f.personName,
        phone: f.personPhone,
        email: f.personEmail,
        driverId: f.driverId,
      })),
    );
    const result = asInput(() =>
      pettyCashChange(
        {
          box: storedPaise(now.box),
          held: new Map([...now.held].map(([key, held]) => [key, storedPaise(held)])),
        },
        {
          before: change.before ? movementOf(change.before) : undefined,
          after: change.after ? movementOf(change.after) : undefined,
        },
        new Map(named.map((f) => [f.personKey, f.personName])),
      ),
    );
    await moveBox(
      tx,
      caller.tenantId,
      companyId,
      pettyCashRupees(result.boxDelta),
      [...result.heldDelta].map(([key, delta]) => {
        const latest = change.after?.personKey === key ? change.after : undefined;
        return {
          key,
          delta: pettyCashRupees(delta),
          name: latest?.personName,
          phone: latest?.personPhone,
          email: latest?.personEmail,
        };
      }),
    );
  }

  async function publish(
    tx: Tx,
    caller: TenantCaller,
    event: 'pettyCashRecorded' | 'pettyCashUpdated' | 'pettyCashVoided' | 'pettyCashSent',
    entry: PettyCashRow,
    extra: { companyName?: string; channels?: string[] } = {},
  ) {
    const held = entry.personKey ? await holdingOf(tx, entry.companyId, entry.personKey) : '0.00';
    await billingOutbox.enqueue(
      tx,
      BillingEvents[event],
      {
        tenantId: caller.tenantId,
        entry: pettyCashToProto(entry),
        action: event.replace('pettyCash', '').toLowerCase(),
        changedByUserId: caller.userId,
        held: new Decimal(held).toFixed(2),
        companyName: extra.companyName ?? '',
        channels: extra.channels ?? [],
      },
      caller,
    );
  }

  async function entryOf(tx: Tx, id: string, lock = false): Promise<PettyCashRow> {
    const entry = await getEntry(tx, id, lock);
    if (!entry) throw notFound('The petty cash entry');
    return entry;
  }

  return {
    async list(caller: TenantCaller, input: PettyCashListInput): Promise<Page<PettyCashRow>> {
      requirePermission(caller, PERMISSION.view_petty_cash, 'see petty cash');
      const limit = pageSize(input.limit);
      const filters: PettyCashFilters = {
        search: checkedText(input.search, 'search', 100) || undefined,
        kinds: (input.kinds ?? []).map((k) => oneOf(PETTY_CASH_KINDS, k, 'kinds')),
        categories: (input.categories ?? []).map((c) => oneOf(PETTY_CASH_CATEGORIES, c, 'categories')),
        personKey: checkedText(input.personKey, 'personKey', 200) || undefined,
        companyIds: requireIds(input.companyIds ?? [], 'companyIds'),
        dateFrom: checkedDate(input.dateFrom, 'dateFrom'),
        dateTo: checkedDate(input.dateTo, 'dateTo'),
        includeVoided: input.includeVoided ?? false,
      };
      const fetched = await db.read(caller.tenantId, (tx) =>
        listEntries(tx, filters, { direction: input.direction ?? 'desc', cursor: input.cursor, limit }),
      );
      return toPage(fetched, limit, (row) => [row.sortKey, row.id]);
    },

    async get(caller: TenantCaller, id: string): Promise<{ entry: PettyCashRow; held: string }> {
      requirePermission(caller, PERMISSION.view_petty_cash, 'see petty cash');
      requireId(id, 'id');
      return db.read(caller.tenantId, async (tx) => {
        const entry = await entryOf(tx, id);
        const held = entry.personKey ? await holdingOf(tx, entry.companyId, entry.personKey) : '0.00';
        return { entry, held: new Decimal(held).toFixed(2) };
      });
    },

    /** What each company's box holds, and who holds how much of it now. */
    async summary(caller: TenantCaller): Promise<PettyCashSummary> {
      requirePermission(caller, PERMISSION.view_petty_cash, 'see petty cash');
      const { found, holding, held } = await db.read(caller.tenantId, async (tx) => ({
        found: await boxes(tx),
        holding: await holders(tx, HOLDERS_SHOWN),
        held: await heldByAll(tx),
      }));
      const names = await copies.namesOf(
        caller,
        'company',
        found.map((b) => b.companyId),
      );
      const sum = (values: string[]) => values.reduce((t, v) => t.plus(v), new Decimal(0)).toFixed(2);
      return {
        boxes: found.map((b) => ({
          companyId: b.companyId,
          companyName: names.get(b.companyId) ?? '',
          balance: new Decimal(b.balance).toFixed(2),
        })),
        balance: sum(found.map((b) => b.balance)),
        holders: holding.map((h) => ({ ...h, held: new Decimal(h.held).toFixed(2) })),
        held: new Decimal(held).toFixed(2),
      };
    },

    async record(caller: TenantCaller, input: PettyCashInput): Promise<PettyCashRow> {
      requirePermission(caller, PERMISSION.add_petty_cash, 'record petty cash');
      const facts = await factsOf(caller, input);
      const company = await companyOf(caller, input.companyId);
      return db.withTenant(caller.tenantId, async (tx) => {
        await moveCash(tx, caller, company.id, { after: facts });
        const financialYear = financialYearOf(facts.entryDate).label;
        const sequence = await takeVoucherSequence(tx, {
          tenantId: caller.tenantId,
          companyId: company.id,
          financialYear,
        });
        const recordedAt = clock();
        const id = timeOrderedId(recordedAt);
        await insertEntry(tx, {
          recordedAt,
          ...facts,
          id,
          tenantId: caller.tenantId,
          companyId: company.id,
          voucherNo: pettyCashVoucherNumber(facts.entryDate, Number(sequence)),
          sequence,
          financialYear,
          recordedByUserId: caller.userId || null,
        });
        const entry = await entryOf(tx, id);
        await publish(tx, caller, 'pettyCashRecorded', entry);
        return entry;
      });
    },

    /** Changes an entry; its company and voucher number stay. */
    async update(
      caller: TenantCaller,
      id: string,
      input: PettyCashInput,
      expectedVersion: number,
    ): Promise<PettyCashRow> {
      requirePermission(caller, PERMISSION.manage_petty_cash, 'edit petty cash');
      requireId(id, 'id');
      const facts = await factsOf(caller, input);
      return db.withTenant(caller.tenantId, async (tx) => {
        const before = await entryOf(tx, id, true);
        if (before.isVoided) throw preconditionFailed('The entry is voided.');
        if (expectedVersion && before.version !== expectedVersion) {
          throw preconditionFailed('Someone changed this entry since you opened it; reload it.', 'STALE');
        }
        if (input.companyId && input.companyId !== before.companyId) {
          throw invalidField(
            'companyId',
            'An entry stays in its company’s cash box: void it and record it there.',
          );
        }
        if (financialYearOf(facts.entryDate).label !== before.financialYear) {
          throw invalidField('entryDate', 'An entry stays in the financial year of its voucher number.');
        }
        await moveCash(tx, caller, before.companyId, { before, after: facts });
        await updateEntry(tx, id, facts);
        const entry = await entryOf(tx, id);
        await publish(tx, caller, 'pettyCashUpdated', entry);
        return entry;
      });
    },

    /**
     * Voids an entry with a reason: it keeps its number and stops counting. Whoever may manage petty
     * cash voids any; whoever may only add it voids an entry of their own on the day they recorded it.
     */
    async void(caller: TenantCaller, id: string, reason: string | undefined): Promise<PettyCashRow> {
      requirePermission(caller, PERMISSION.add_petty_cash, 'void petty cash');
      requireId(id, 'id');
      const why = checkedText(reason, 'reason', 500);
      if (!why) throw invalidField('reason', 'Say why the entry is voided.');
      return db.withTenant(caller.tenantId, async (tx) => {
        const before = await entryOf(tx, id, true);
        if (!caller.permissions.includes(PERMISSION.manage_petty_cash)) {
          const today = operatorDate(clock());
          const own = before.recordedByUserId !== null && before.recordedByUserId === caller.userId;
          if (!own || operatorDate(new Date(before.createdAt)) !== today) {
            throw permissionDenied(
              'You need the “Manage Petty Cash” permission to void this entry: without it you void only your own, on the day you recorded it.',
            );
          }
        }
        if (before.isVoided) throw preconditionFailed('The entry is already voided.');
        await moveCash(tx, caller, before.companyId, { before });
        await voidEntry(tx, id, why);
        const entry = await entryOf(tx, id);
        await publish(tx, caller, 'pettyCashVoided', entry);
        return entry;
      });
    },

    /** Sends an entry to its person by SMS and/or email, through messaging. */
    async send(
      caller: TenantCaller,
      id: string,
      channels: { sms: boolean; email: boolean },
    ): Promise<PettyCashRow> {
      requirePermission(caller, PERMISSION.send_petty_cash_info, 'send petty cash information');
      requireId(id, 'id');
      if (!channels.sms && !channels.email) throw invalidField('sms', 'Choose SMS, email or both.');
      const entry = await db.read(caller.tenantId, (tx) => entryOf(tx, id));
      if (entry.isVoided) throw preconditionFailed('The entry is voided: there is nothing to send.');
      if (!entry.personKey) throw preconditionFailed('The entry names no person to send it to.');
      if (channels.sms && !entry.personPhone)
        throw invalidField('sms', `${entry.personName} has no phone number.`);
      if (channels.email && !entry.personEmail)
        throw invalidField('email', `${entry.personName} has no email address.`);
      const names = await copies.namesOf(caller, 'company', [entry.companyId]);
      return db.withTenant(caller.tenantId, async (tx) => {
        await markSent(tx, id);
        const sent = await entryOf(tx, id);
        await publish(tx, caller, 'pettyCashSent', sent, {
          companyName: names.get(entry.companyId) ?? '',
          channels: [...(channels.sms ? ['SMS'] : []), ...(channels.email ? ['EMAIL'] : [])],
        });
        return sent;
      });
    },
  };
}

export type PettyCash = ReturnType<typeof createPettyCash>;
