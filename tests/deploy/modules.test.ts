import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_NAMES } from '@fleet/runner';

const root = process.cwd();
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The runner's module table is the one list of what the product is made of (STYLE: one table). */
describe('the module table, the Helm chart, the kustomize base and the image agree', () => {
  it('has a chart component for every module, and no other', () => {
    expect(folders('charts/fleet/templates')).toEqual([...MODULE_NAMES].sort());
  });

  it('has a kustomize component for every module, and no other', () => {
    expect(folders('deploy/base')).toEqual([...MODULE_NAMES].sort());
  });

  it('starts each component with its module name as the runner argument', () => {
    for (const name of MODULE_NAMES) {
      for (const file of [
        `charts/fleet/templates/${name}/deployment.yaml`,
        `deploy/base/${name}/deployment.yaml`,
      ]) {
        expect(readFileSync(join(root, file), 'utf8')).toMatch(
          new RegExp(`args:\\s*\\[\\s*"?${name}"?\\s*\\]|args:\\s*\\n\\s*-\\s*"?${name}"?`),
        );
      }
    }
  });

  it('points the image entrypoint at the runner that exists', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const entry = /ENTRYPOINT\s*\[([^\]]*)\]/.exec(dockerfile)?.[1] ?? '';
    const script = entry
      .split(',')
      .map((s) => s.trim().replace(/"/g, ''))
      .find((s) => s.endsWith('.ts'));
    expect(script).toBe('packages/runner/src/main.ts');
    expect(existsSync(join(root, script!))).toBe(true);
  });
});
