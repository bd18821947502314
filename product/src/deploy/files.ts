import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleTable } from '@fleet/platform';
import { renderKustomizeBase, withChartServices, withReadmeModules } from './render';

/** deploy/base folders that are not services of the table: written by hand. */
const HAND_WRITTEN = new Set(['gateway']);

/**
 * Every file the module table writes, by path from the repository root, with the content it should
 * have: whole files under deploy/base, and the table's parts of values.yaml and README.md.
 */
export function deployFiles(root: string, table: ModuleTable): Map<string, string> {
  const files = new Map<string, string>();
  const values = join('charts', 'fleet', 'values.yaml');
  files.set(values, withChartServices(readFileSync(join(root, values), 'utf8'), table));
  files.set('README.md', withReadmeModules(readFileSync(join(root, 'README.md'), 'utf8'), table));
  for (const [path, content] of renderKustomizeBase(table)) files.set(join('deploy', 'base', path), content);
  return files;
}

/** Service folders in deploy/base that no row of the table writes any more. */
export function staleDeployFolders(root: string, table: ModuleTable): string[] {
  const base = join(root, 'deploy', 'base');
  if (!existsSync(base)) return [];
  const names = new Set(table.map((service) => service.name));
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !HAND_WRITTEN.has(entry.name) && !names.has(entry.name))
    .map((entry) => join('deploy', 'base', entry.name));
}
