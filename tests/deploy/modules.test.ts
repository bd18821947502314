import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployFiles, describeModules, SERVICES, staleDeployFolders } from '@fleet/product';
import { loadDefaultValues } from './chart-tools';

const root = process.cwd();

/** The module table is the one list of what the product is made of (STYLE: one table). */
describe('what the deployment says about each service is written from the module table', () => {
  it.each([...deployFiles(root, SERVICES).keys()])(
    '%s is what the table renders (run `npm run generate:deploy` after changing a row)',
    (path) => {
      const expected = deployFiles(root, SERVICES).get(path);
      expect(existsSync(join(root, path)) && readFileSync(join(root, path), 'utf8')).toBe(expected);
    },
  );

  it('leaves no kustomize folder of a service the table no longer has', () => {
    expect(staleDeployFolders(root, SERVICES)).toEqual([]);
  });

  it('gives the chart one `services` block per row, with the row’s port and URL variable', () => {
    const services = loadDefaultValues().services as Record<string, Record<string, unknown>>;
    expect(Object.keys(services)).toEqual(SERVICES.map((s) => s.name));
    for (const service of SERVICES) {
      expect(services[service.name]).toMatchObject({
        grpcPort: service.port,
        urlEnv: service.urlEnv,
        secretEnv: [...service.secretEnv],
        service: { port: service.port },
      });
    }
  });

  it('keeps no hand-written component folder in the chart for a service', () => {
    const folders = readdirSync(join(root, 'charts/fleet/templates'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(['gateway', 'services']);
  });

  it('gives every service its own port, URL variable and a name Kubernetes accepts', () => {
    expect(new Set(SERVICES.map((s) => s.port)).size).toBe(SERVICES.length);
    expect(new Set(SERVICES.map((s) => s.urlEnv)).size).toBe(SERVICES.length);
    for (const module of describeModules()) expect(module.name).toMatch(/^[a-z][a-z0-9-]{1,13}$/);
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
