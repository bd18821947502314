import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_NAMES, MODULES, SERVICE_NAMES } from '@fleet/product';

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

  it('serves each service on its port from the table, and points the gateway at it by its URL variable', () => {
    for (const name of SERVICE_NAMES) {
      const { urlEnv, port } = MODULES[name];
      for (const dir of ['charts/fleet/templates', 'deploy/base']) {
        const deployment = readFileSync(join(root, dir, name, 'deployment.yaml'), 'utf8');
        expect([dir, name, deployment]).toEqual([
          dir,
          name,
          expect.stringMatching(new RegExp(`name: GRPC_PORT\\s+value: "${port.default}"`)),
        ]);
        expect(deployment).toMatch(new RegExp(`containerPort: ${port.default}\\b`));
        const gateway = readFileSync(join(root, dir, 'gateway', 'deployment.yaml'), 'utf8');
        expect([dir, urlEnv, gateway]).toEqual([dir, urlEnv, expect.stringContaining(`- name: ${urlEnv}\n`)]);
      }
    }
  });

  it('exposes every module port in the image', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const exposed = (/^EXPOSE\s+(.+)$/m.exec(dockerfile)?.[1] ?? '').split(/\s+/);
    expect(exposed).toEqual(expect.arrayContaining(MODULE_NAMES.map((n) => String(MODULES[n].port.default))));
  });

  it('points the image entrypoint at the runner that exists', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const entry = /ENTRYPOINT\s*\[([^\]]*)\]/.exec(dockerfile)?.[1] ?? '';
    const script = entry
      .split(',')
      .map((s) => s.trim().replace(/"/g, ''))
      .find((s) => s.endsWith('.ts'));
    expect(script).toBe('product/src/main.ts');
    expect(existsSync(join(root, script!))).toBe(true);
  });
});
