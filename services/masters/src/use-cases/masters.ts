import { randomUUID } from 'node:crypto';
import {
  choiceDetailsOf,
  FILE_TARGET,
  type Field,
  type FieldValue,
  ID_MESSAGE,
  isFilterValue,
  isListedKind,
  isMasterKind,
  isReferenceCode,
  isUuid,
  type JsonObject,
  type MasterDefinition,
  type MasterValues,
  masterOf,
  masterSchema,
  mayChooseFrom,
  operatorDate,
  type ValuesOf,
} from '@fleet/domain';
import {
  type Caller,
  DomainError,
  type FieldViolation,
  invalid,
  invalidField,
  notFound,
  pageSize,
  parseOrThrow,
  permissionDenied,
  pgConstraint,
  pgErrorCode,
  requireTenant,
  type SortDirection,
  sortKey,
  type Tx,
  toPage,
} from '@fleet/platform';
import { eventsOf, type MasterChange } from '../events/published';
import { filesUploadedFor } from '../storage/file-store';
import {
  existingIds,
  getRecord,
  getSingleton,
  insertRecord,
  listRecords,
  lockKey,
  nextRecordNumber,
  overlapping,
  type StoredRecord,
  setRecordActive,
  updateRecord,
} from '../storage/master-store';
import { basicReadOf, basicRecord } from './basic-reads';
import type { MastersDeps, TenantCaller } from './deps';
import { requirePrimaryCompanyPermission } from './primary-company';
import { rateCardsSeenFilter, requireRateCardManaged, requireRateCardSeen } from './rate-card-access';

export interface ListInput {
  search?: string;
  active?: 'active' | 'inactive' | 'all';
  filters?: { key: string; values: string[] }[];
  expiringWithinDays?: number;
  ids?: string[];
  sortBy?: string;
  direction?: SortDirection;
  cursor?: string;
  limit?: number;
}

type Access = 'view' | 'manage';
type Values = MasterValues<MasterDefinition>;

/** The ids a ref or refs value holds (none when empty). */
const idsIn = (value: FieldValue<Field> | undefined): string[] =>
  typeof value === 'string' && value !== ''
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [];
/** The rows a rows value holds. */
const rowsIn = (value: FieldValue<Field> | undefined): ValuesOf<MasterDefinition['fields']>[] =>
  Array.isArray(value) ? value.filter((row) => typeof row !== 'string') : [];

/**
 * A record id a caller sent, checked before any query: a UUID, or for reference data (states, cities)
 * a code; anything else is INVALID_ARGUMENT naming the field.
 */
function requireRecordId(definition: MasterDefinition, id: string, field: string): string {
  if (!(definition.system ? isReferenceCode(id) : isUuid(id))) throw invalidField(field, ID_MESSAGE);
  return id;
}

/** The master a call names, if the caller may do this with it. */
function masterFor(caller: Caller, kind: string, access: Access): MasterDefinition {
  if (!isMasterKind(kind)) throw invalidField('kind', `There is no master called "${kind}".`);
  const definition: MasterDefinition = masterOf(kind);
  const needed = access === 'view' ? definition.view : definition.manage;
  if (needed !== 'signed-in' && !caller.permissions.includes(needed)) throw permissionDenied();
  if (access === 'manage' && (definition.readOnly || definition.system)) {
    throw new DomainError('FAILED_PRECONDITION', `${definition.many} are not changed here.`, {
      reason: 'READ_ONLY',
    });
  }
  return definition;
}

/** The masters: list, read, create, replace and (de)activate any declared master, one way for all. */
export function createMasters(deps: MastersDeps) {
  const { db } = deps;
  const today = () => operatorDate(deps.clock());

  /**
   * Every ref (top level and inside rows) must name a record this operator has, and every file a
   * file field holds must be one of this operator's uploaded for that very field of this master.
   */
  async function checkRefs(tx: Tx, definition: MasterDefinition, values: Values) {
    const wanted = new Map<string, { path: string; id: string; label: string }[]>();
    const files = new Map<string, { path: string; id: string }[]>();
    const want = (field: Field, path: string, value: FieldValue<Field> | undefined, uploadedFor: string) => {
      if (field.type === 'file' || (field.type === 'refs' && field.target === FILE_TARGET.kind)) {
        for (const id of idsIn(value))
          files.set(uploadedFor, [...(files.get(uploadedFor) ?? []), { path, id }]);
      } else if (field.type === 'ref' || field.type === 'refs') {
        for (const id of idsIn(value)) {
          wanted.set(field.target, [...(wanted.get(field.target) ?? []), { path, id, label: field.label }]);
        }
      }
    };
    for (const [name, field] of Object.entries(definition.fields)) {
      const value = values[name];
      want(field, name, value, name);
      if (field.type === 'rows') {
        rowsIn(value).forEach((row, index) => {
          for (const [sub, subField] of Object.entries(field.fields)) {
            want(subField, `${name}.${index}.${sub}`, row[sub], `${name}.${sub}`);
          }
        });
      }
    }
    const problems: FieldViolation[] = [];
    const refuse = (path: string, message: string) => {
      if (!problems.some((p) => p.field === path)) problems.push({ field: path, message });
    };
    for (const [target, refs] of wanted) {
      const found = await existingIds(tx, target, [...new Set(refs.map((r) => r.id))]);
      for (const ref of refs) {
        if (!found.has(ref.id)) refuse(ref.path, `Choose the ${ref.label.toLowerCase()} from the list.`);
      }
    }
    for (const [field, held] of files) {
      const ids = [...new Set(held.map((file) => file.id.toLowerCase()))];
      const found = await filesUploadedFor(tx, definition.kind, field, ids);
      for (const file of held) {
        if (!found.has(file.id.toLowerCase())) refuse(file.path, 'Upload the file again.');
      }
    }
    if (problems.length) throw invalid(problems[0]!.message, problems);
  }

  async function checkOverlap(
    tx: Tx,
    definition: MasterDefinition,
    tenantId: string,
    values: Values,
    exceptId?: string,
  ) {
    const rule = definition.noOverlap;
    if (!rule) return;
    await lockKey(
      tx,
      `${tenantId}:${definition.kind}:${rule.key.map((k) => String(values[k] ?? '')).join(':')}`,
    );
    const clashes = await overlapping(tx, definition, values, exceptId);
    if (clashes.length) {
      const names = clashes.map((c) => c.name).join(', ');
      const message = `${rule.message} (${names})`;
      throw new DomainError('CONFLICT', message, {
        reason: 'OVERLAPPING_CONTRACT',
        fieldViolations: [
          { field: rule.from, message },
          { field: rule.to, message },
        ],
      });
    }
  }

  /** A unique rule broken by the write becomes a CONFLICT on the rule's field. */
  async function withUniqueRules<T>(definition: MasterDefinition, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) !== '23505') throw error;
      const constraint = pgConstraint(error) ?? '';
      const rule = definition.unique?.find((u) => constraint === `${definition.table}_${u.name}_key`);
      throw new DomainError(
        'CONFLICT',
        rule?.message ?? `This ${definition.one.toLowerCase()} exists already.`,
        {
          reason: 'DUPLICATE',
          fieldViolations: rule ? [{ field: rule.field, message: rule.message }] : [],
        },
      );
    }
  }

  /** Records the change in the outbox, in the transaction that made it (events/published.ts). */
  async function publish(
    tx: Tx,
    caller: TenantCaller,
    definition: MasterDefinition,
    change: MasterChange,
    record: StoredRecord,
  ) {
    await eventsOf(definition).enqueue(tx, change, record, caller);
  }

  async function readBack(tx: Tx, definition: MasterDefinition, id: string): Promise<StoredRecord> {
    const record = await getRecord(tx, definition, id, today());
    if (!record) throw notFound(`The ${definition.one.toLowerCase()}`);
    return record;
  }

  async function listOf(
    caller: TenantCaller,
    definition: MasterDefinition,
    input: ListInput,
    /** Conditions of the caller's access, beside the filters chosen. */
    scope: { field: string; values: string[] }[] = [],
  ) {
    const sortBy = sortKey(input.sortBy, definition.sorts, definition.defaultSort, definition.many);
    const limit = pageSize(input.limit);
    const filters = (input.filters ?? [])
      .filter((f) => f.values.length > 0)
      .map((f) => {
        const declared = definition.filters?.find((d) => d.key === f.key);
        if (!declared) {
          const offered = (definition.filters ?? []).map((d) => d.key).join(', ') || 'nothing';
          throw invalidField('filters', `${definition.many} filter by ${offered}.`);
        }
        if (f.values.length > 500) throw invalidField('filters', 'Choose at most 500 values per filter.');
        const field = definition.fields[declared.field]!;
        const stranger = f.values.find((value) => !isFilterValue(field, value));
        if (stranger !== undefined) {
          throw invalidField(
            'filters',
            `"${stranger.slice(0, 40)}" is not one of the ${declared.many.toLowerCase()}.`,
          );
        }
        return { field: declared.field, values: f.values };
      })
      .concat(scope);
    let expiringBy: string | undefined;
    if (input.expiringWithinDays !== undefined) {
      if (!definition.expiries?.length) {
        throw invalidField('expiringWithinDays', `${definition.many} have no documents that expire.`);
      }
      if (
        !Number.isInteger(input.expiringWithinDays) ||
        input.expiringWithinDays < 0 ||
        input.expiringWithinDays > 3650
      ) {
        throw invalidField('expiringWithinDays', 'Ask for 0 to 3650 days.');
      }
      const by = new Date(`${today()}T00:00:00Z`);
      by.setUTCDate(by.getUTCDate() + input.expiringWithinDays);
      expiringBy = by.toISOString().slice(0, 10);
    }
    const query = {
      search: input.search?.slice(0, 200),
      active: input.active ?? (definition.system ? 'all' : 'active'),
      filters,
      expiringBy,
      ids: input.ids?.length
        ? input.ids.slice(0, 1000).map((id, i) => requireRecordId(definition, id, `ids.${i}`))
        : undefined,
      sortBy,
      direction: input.direction ?? 'asc',
      cursor: input.cursor || undefined,
      limit,
      today: today(),
    } as const;
    const fetched = await (definition.system
      ? db.readAsSystem((tx) => listRecords(tx, definition, query))
      : db.read(caller.tenantId, (tx) => listRecords(tx, definition, query)));
    return toPage(fetched, limit, (r) => [r.sortKey, r.id]);
  }

  return {
    async list(callerInput: Caller, kind: string, input: ListInput) {
      const caller = requireTenant(callerInput);
      const basic = basicReadOf(caller, kind);
      const definition = basic ?? masterFor(caller, kind, 'view');
      const page = await listOf(caller, definition, input, rateCardsSeenFilter(caller, definition));
      return basic ? { ...page, items: page.items.map((record) => basicRecord(basic, record)) } : page;
    },

    /**
     * The names and ids of a master's records for a picker: open to whoever may list the master, and to
     * whoever holds the permission of a form that picks from it (nothing but the name leaves here).
     */
    async choices(
      callerInput: Caller,
      kind: string,
      input: { search?: string; ids?: string[]; limit?: number },
    ) {
      const caller = requireTenant(callerInput);
      if (!isListedKind(kind)) throw invalidField('kind', `There are no choices of "${kind.slice(0, 40)}".`);
      const definition: MasterDefinition = masterOf(kind);
      const mayList = definition.view === 'signed-in' || caller.permissions.includes(definition.view);
      if (!mayList && !mayChooseFrom(caller.permissions, kind)) throw permissionDenied();
      const ids = input.ids?.length
        ? input.ids.map((id, index) => requireRecordId(definition, id, `ids.${index}`))
        : undefined;
      const page = await listOf(caller, definition, {
        ids,
        search: ids ? undefined : input.search,
        active: ids ? 'all' : 'active',
        limit: ids ? Math.min(ids.length, 1000) : input.limit || 50,
      });
      // What a form fills in from a record it already holds (asked by id): read whole, kept to the details.
      const detailFields = choiceDetailsOf(kind);
      const whole =
        ids && detailFields.length && !definition.system
          ? await db.read(caller.tenantId, async (tx) => {
              const found = new Map<string, Record<string, unknown>>();
              for (const record of page.items) {
                const read = await getRecord(tx, definition, record.id, today());
                if (read) found.set(record.id, read.values);
              }
              return found;
            })
          : undefined;
      return page.items.map((record) => {
        const values: Record<string, unknown> = record.values;
        const name = values[definition.display];
        const colour = values.colour;
        const details: Record<string, string> = {};
        const wholeValues = whole?.get(record.id);
        for (const field of wholeValues ? detailFields : []) {
          const value = wholeValues?.[field];
          if (typeof value === 'string' && value !== '') details[field] = value;
        }
        return {
          id: record.id,
          name: name === null || name === undefined ? '' : String(name),
          colour: definition.kind === 'label' && typeof colour === 'string' ? colour : '',
          details,
        };
      });
    },

    async get(callerInput: Caller, kind: string, id: string) {
      const caller = requireTenant(callerInput);
      const basic = basicReadOf(caller, kind);
      const definition = basic ?? masterFor(caller, kind, 'view');
      requireRecordId(definition, id, 'id');
      const record = await (definition.system
        ? db.readAsSystem((tx) => getRecord(tx, definition, id, today()))
        : db.read(caller.tenantId, (tx) => getRecord(tx, definition, id, today())));
      if (!record) throw notFound(`The ${definition.one.toLowerCase()}`);
      requireRateCardSeen(caller, definition, record.values);
      return basic ? basicRecord(basic, record) : record;
    },

    async create(callerInput: Caller, kind: string, input: JsonObject) {
      const caller = requireTenant(callerInput);
      const definition = masterFor(caller, kind, 'manage');
      if (definition.singleton) throw invalidField('kind', `Save ${definition.many.toLowerCase()} instead.`);
      const values = parseOrThrow(masterSchema(definition), input);
      return db.withTenant(caller.tenantId, (tx) =>
        withUniqueRules(definition, async () => {
          await requirePrimaryCompanyPermission(
            tx,
            caller,
            definition,
            { isPrimary: values.is_primary === true },
            today(),
          );
          await requireRateCardManaged(tx, caller, definition, { party: values.party }, today());
          await checkRefs(tx, definition, values);
          await checkOverlap(tx, definition, caller.tenantId, values);
          if (definition.autoNumber)
            values[definition.autoNumber] = await nextRecordNumber(tx, caller.tenantId, definition.kind);
          const id = randomUUID();
          await insertRecord(tx, definition, { id, tenantId: caller.tenantId, values });
          const record = await readBack(tx, definition, id);
          await publish(tx, caller, definition, 'created', record);
          return record;
        }),
      );
    },

    async update(callerInput: Caller, kind: string, id: string, input: JsonObject) {
      const caller = requireTenant(callerInput);
      const definition = masterFor(caller, kind, 'manage');
      if (definition.singleton) throw invalidField('kind', `Save ${definition.many.toLowerCase()} instead.`);
      requireRecordId(definition, id, 'id');
      const values = parseOrThrow(masterSchema(definition), input);
      return db.withTenant(caller.tenantId, (tx) =>
        withUniqueRules(definition, async () => {
          await requirePrimaryCompanyPermission(
            tx,
            caller,
            definition,
            { id, isPrimary: values.is_primary === true },
            today(),
          );
          await requireRateCardManaged(tx, caller, definition, { id, party: values.party }, today());
          await checkRefs(tx, definition, values);
          await checkOverlap(tx, definition, caller.tenantId, values, id);
          if (!(await updateRecord(tx, definition, id, values)))
            throw notFound(`The ${definition.one.toLowerCase()}`);
          const record = await readBack(tx, definition, id);
          await publish(tx, caller, definition, 'updated', record);
          return record;
        }),
      );
    },

    async setActive(callerInput: Caller, kind: string, id: string, isActive: boolean) {
      const caller = requireTenant(callerInput);
      const definition = masterFor(caller, kind, 'manage');
      requireRecordId(definition, id, 'id');
      return db.withTenant(caller.tenantId, async (tx) => {
        const before = await readBack(tx, definition, id);
        if (!isActive) await requirePrimaryCompanyPermission(tx, caller, definition, { id }, today());
        await requireRateCardManaged(tx, caller, definition, { id }, today());
        if (isActive && !before.isActive && definition.noOverlap) {
          await checkOverlap(tx, definition, caller.tenantId, before.values, id);
        }
        await setRecordActive(tx, definition, id, isActive);
        const record = await readBack(tx, definition, id);
        if (before.isActive !== isActive) {
          await publish(tx, caller, definition, isActive ? 'activated' : 'deactivated', record);
        }
        return record;
      });
    },

    async getSettings(callerInput: Caller, kind: string) {
      const caller = requireTenant(callerInput);
      const definition = masterFor(caller, kind, 'view');
      if (!definition.singleton) throw invalidField('kind', `${definition.many} are not settings.`);
      return db.read(caller.tenantId, (tx) => getSingleton(tx, definition, today()));
    },

    async saveSettings(callerInput: Caller, kind: string, input: JsonObject) {
      const caller = requireTenant(callerInput);
      const definition = masterFor(caller, kind, 'manage');
      if (!definition.singleton) throw invalidField('kind', `${definition.many} are not settings.`);
      const values = parseOrThrow(masterSchema(definition), input);
      return db.withTenant(caller.tenantId, async (tx) => {
        await checkRefs(tx, definition, values);
        await lockKey(tx, `${caller.tenantId}:${definition.kind}`);
        const existing = await getSingleton(tx, definition, today());
        const id = existing?.id ?? randomUUID();
        if (existing) await updateRecord(tx, definition, id, values);
        else await insertRecord(tx, definition, { id, tenantId: caller.tenantId, values });
        const record = await readBack(tx, definition, id);
        await publish(tx, caller, definition, existing ? 'updated' : 'created', record);
        return record;
      });
    },
  };
}

export type Masters = ReturnType<typeof createMasters>;
