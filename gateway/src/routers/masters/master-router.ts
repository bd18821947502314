// Every master's procedures come from this one factory: list, get, create, update and setActive (or
// get and save for settings), each declaring the master's own view or manage permission for the guard.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MASTERS, type MasterDefinition, type MasterKind } from '@fleet/domain';
import { callAs } from '@fleet/platform';
import { ActiveFilter } from '@fleet/proto/fleet/common/v1/common_pb';
import type { Record as RecordMessage } from '@fleet/proto/fleet/masters/v1/record_pb';
import { procedureNeeding, router, signedInProcedure } from '../../trpc';
import { pageFromProto, pageRequest } from '../mappers';
import { idInput, listInput, setActiveInput, updateInput, valuesInput } from './inputs';

/** A master record as the web app receives it; money, rates and percentages stay decimal strings. */
export interface MasterRecordJson {
  id: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  values: Record<string, unknown>;
  /** The names of the records each ref/refs field points at. */
  refNames: Record<string, string[]>;
  /** Expiry fields whose date has passed. */
  lapsed: string[];
}

export function recordToJson(record: RecordMessage | undefined): MasterRecordJson {
  if (!record) throw new Error('The masters service answered without the record.');
  return {
    id: record.id,
    isActive: record.isActive,
    createdAt: record.createdAt ? timestampDate(record.createdAt) : new Date(0),
    updatedAt: record.updatedAt ? timestampDate(record.updatedAt) : new Date(0),
    values: (record.values ?? {}) as Record<string, unknown>,
    refNames: Object.fromEntries(Object.entries(record.refNames).map(([k, v]) => [k, v.names])),
    lapsed: record.lapsed,
  };
}

const ACTIVE = {
  active: ActiveFilter.ACTIVE,
  inactive: ActiveFilter.INACTIVE,
  all: ActiveFilter.ALL,
} as const;

const reader = (definition: MasterDefinition) =>
  definition.view === 'signed-in' ? signedInProcedure : procedureNeeding(definition.view);

function listAndGet(definition: MasterDefinition) {
  const { kind } = definition;
  return {
    list: reader(definition)
      .input(listInput(definition))
      .query(async ({ ctx, input }) => {
        const r = await ctx.services.masters.listRecords(
          {
            kind,
            search: input.search ?? '',
            active: input.active ? ACTIVE[input.active] : ActiveFilter.UNSPECIFIED,
            filters: Object.entries(input.filters ?? {}).map(([key, values]) => ({ key, values })),
            expiringWithinDays: input.expiringWithinDays,
            ids: input.ids ?? [],
            page: pageRequest(input),
          },
          callAs(ctx.caller),
        );
        return { records: r.records.map(recordToJson), ...pageFromProto(r.pageInfo) };
      }),
    get: reader(definition)
      .input(idInput)
      .query(async ({ ctx, input }) =>
        recordToJson(
          (await ctx.services.masters.getRecord({ kind, id: input.id }, callAs(ctx.caller))).record,
        ),
      ),
  };
}

function editable(definition: MasterDefinition) {
  const { kind } = definition;
  const manage = procedureNeeding(definition.manage);
  return {
    ...listAndGet(definition),
    create: manage
      .input(valuesInput(definition))
      .mutation(async ({ ctx, input }) =>
        recordToJson(
          (
            await ctx.services.masters.createRecord(
              { kind, values: input.values as never },
              callAs(ctx.caller),
            )
          ).record,
        ),
      ),
    update: manage
      .input(updateInput(definition))
      .mutation(async ({ ctx, input }) =>
        recordToJson(
          (
            await ctx.services.masters.updateRecord(
              { kind, id: input.id, values: input.values as never },
              callAs(ctx.caller),
            )
          ).record,
        ),
      ),
    setActive: manage
      .input(setActiveInput)
      .mutation(async ({ ctx, input }) =>
        recordToJson(
          (await ctx.services.masters.setRecordActive({ kind, ...input }, callAs(ctx.caller))).record,
        ),
      ),
  };
}

function settings(definition: MasterDefinition) {
  const { kind } = definition;
  return {
    get: reader(definition).query(async ({ ctx }) => {
      const { record } = await ctx.services.masters.getSettings({ kind }, callAs(ctx.caller));
      return record ? recordToJson(record) : null;
    }),
    save: procedureNeeding(definition.manage)
      .input(valuesInput(definition))
      .mutation(async ({ ctx, input }) =>
        recordToJson(
          (
            await ctx.services.masters.saveSettings(
              { kind, values: input.values as never },
              callAs(ctx.caller),
            )
          ).record,
        ),
      ),
  };
}

// Three shapes, by what the master allows; the router type names each master's own shape.
type EditableRouter = ReturnType<typeof router<ReturnType<typeof editable>>>;
type ReadOnlyRouter = ReturnType<typeof router<ReturnType<typeof listAndGet>>>;
type SettingsRouter = ReturnType<typeof router<ReturnType<typeof settings>>>;
type Definition<K extends MasterKind> = Extract<(typeof MASTERS)[number], { kind: K }>;
type RouterOf<D> = D extends { singleton: true }
  ? SettingsRouter
  : D extends { readOnly: true }
    ? ReadOnlyRouter
    : EditableRouter;

export type MastersRouterRecord = { [K in MasterKind]: RouterOf<Definition<K>> };

/** `masters.<kind>.<procedure>` for every declared master. */
export function mastersRouter() {
  const routers = Object.fromEntries(
    MASTERS.map((definition: MasterDefinition) => [
      definition.kind,
      router(
        definition.singleton
          ? settings(definition)
          : definition.readOnly
            ? listAndGet(definition)
            : editable(definition),
      ),
    ]),
  );
  return router(routers as unknown as MastersRouterRecord);
}
