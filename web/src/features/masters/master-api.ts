import { type MasterDefinition, masterOf } from '@fleet/domain';
import { trpc } from '../../lib/trpc';

/**
 * The tRPC procedures of one master. Every editable master has the same five procedures
 * (gateway/src/routers/masters/master-router.ts), so one typed handle serves them all.
 */
export const masterApi = (kind: string) => trpc.masters[kind as 'vehicle'];
export const settingsApi = (kind: string) => trpc.masters[kind as 'business_settings'];

export interface MasterRow {
  id: string;
  isActive: boolean;
  createdAt: Date;
  values: Record<string, unknown>;
  refNames: Record<string, string[]>;
  lapsed: string[];
}

export const displayOf = (definition: MasterDefinition, row: MasterRow) =>
  String(row.values[definition.display] ?? '');

/** The master a ref field points at (files are not a master). */
export const targetMaster = (target: string) => (target === 'file' ? undefined : masterOf(target));
