// Each master's tRPC procedures, typed by its declaration. The gateway builds `masters.<kind>.*` from
// each master's declaration (gateway/src/routers/masters/master-router.ts); here the same types are
// named once, generically (`EditableMasterApi<typeof vehicleMaster>`), and the compiler checks
// `trpc.masters` against them master by master, so a screen generic over the master it shows still
// calls that master's own procedures with that master's own values.
import {
  type EditableKind,
  type ListedKind,
  type MasterDefinition,
  type MasterInput,
  type MasterListRecord,
  type MasterOf,
  type MasterRecord,
  masterOf,
} from '@fleet/domain';
import type { MasterListInput } from '@fleet/domain/inputs';
import type { AppRouter } from '@fleet/gateway';
import type {
  DecorateMutationProcedure,
  DecorateProcedure,
  DecorateQueryProcedure,
  DefaultFeatureFlags,
} from '@trpc/tanstack-react-query';
import { trpc } from '../../lib/trpc';

type Root = AppRouter['_def']['_config']['$types'];
/** What tRPC's options proxy knows of one procedure: its input and (transformed) output. */
interface Procedure<Input, Output> {
  input: Input;
  output: Output;
  transformer: Root['transformer'];
  errorShape: Root['errorShape'];
  featureFlags: DefaultFeatureFlags;
}

/** One page of a master's list: each record with the fields a list shows. */
export interface MasterPage<D extends MasterDefinition> {
  records: MasterListRecord<D>[];
  nextCursor: string | null;
  hasMore: boolean;
}

type ListProcedure<D extends MasterDefinition> = Procedure<
  // biome-ignore lint/suspicious/noConfusingVoidType: an optional input is `void | T` to tRPC (inferProcedureInput); the same type here, so the compiler can compare them
  void | MasterListInput<D> | undefined,
  MasterPage<D>
>;

/** The list and single record every master but settings offers. */
export interface ListedMasterApi<D extends MasterDefinition> {
  /** Queried page by page (infinite) by the list screen, and once by pickers. */
  list: DecorateProcedure<'query', ListProcedure<D>>;
  get: DecorateQueryProcedure<Procedure<{ id: string }, MasterRecord<D>>>;
}

/** A master kept here: listed, read, created, replaced, (de)activated. */
export interface EditableMasterApi<D extends MasterDefinition> extends ListedMasterApi<D> {
  create: DecorateMutationProcedure<Procedure<{ values: MasterInput<D> }, MasterRecord<D>>>;
  update: DecorateMutationProcedure<Procedure<{ id: string; values: MasterInput<D> }, MasterRecord<D>>>;
  setActive: DecorateMutationProcedure<Procedure<{ id: string; isActive: boolean }, MasterRecord<D>>>;
}

// Checked by the compiler against each master's own procedures.
const listed: { [K in ListedKind]: ListedMasterApi<MasterOf<K>> } = trpc.masters;
const editable: { [K in EditableKind]: EditableMasterApi<MasterOf<K>> } = trpc.masters;

/** The list and get procedures of the master called `kind`. */
export const listedApi = <K extends ListedKind>(kind: K): ListedMasterApi<MasterOf<K>> => listed[kind];
/** Every procedure of the editable master called `kind`. */
export const editableApi = <K extends EditableKind>(kind: K): EditableMasterApi<MasterOf<K>> =>
  editable[kind];

/** The master a ref field points at (files are not a master). */
export const targetMaster = (target: string) => (target === 'file' ? undefined : masterOf(target));
