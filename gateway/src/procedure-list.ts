import { appRouter } from './routers/_app';

/** A procedure of the router as its tests read it: its dotted path, its type and what it declares. */
export interface ListedProcedure {
  type: string;
  permission: unknown;
  signInStep: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null;

/**
 * Every procedure of the router (or of `record`, a router's nested record), by its dotted path: routers
 * are walked, procedures (what carries a `_def` with a type) listed. Read from the router itself, so a
 * procedure added later is covered by the tests that walk it.
 */
export function listProcedures(
  record: unknown = appRouter._def.record,
  prefix = '',
): [string, ListedProcedure][] {
  if (!isObject(record)) return [];
  return Object.entries(record).flatMap(([name, value]): [string, ListedProcedure][] => {
    const path = prefix ? `${prefix}.${name}` : name;
    const def = isObject(value) ? value._def : undefined;
    if (isObject(def) && typeof def.type === 'string') {
      const meta = isObject(def.meta) ? def.meta : {};
      return [[path, { type: def.type, permission: meta.permission, signInStep: meta.signInStep === true }]];
    }
    return listProcedures(value, path);
  });
}
