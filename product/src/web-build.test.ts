import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@fleet/platform';
import { ensureWebBuilt } from './web-build';

/** A web folder whose sources are newer than its build, where no Vite can be found to rebuild it. */
function staleWebWithoutVite(withBuild: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'fleet-web-build-'));
  const web = join(root, 'web');
  mkdirSync(join(web, 'src'), { recursive: true });
  writeFileSync(join(web, 'package.json'), '{"name":"web"}');
  writeFileSync(join(web, 'src', 'main.tsx'), 'export {};');
  if (withBuild) {
    mkdirSync(join(web, 'dist'));
    writeFileSync(join(web, 'dist', 'index.html'), '<!doctype html>');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(join(web, 'dist', 'index.html'), old, old);
  }
  return { root, dist: join(web, 'dist') };
}

function capturingLogger() {
  const lines: { msg?: string; level?: number }[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ name: 'test', level: 'info', destination }) };
}

describe('building the web app on start', () => {
  it('serves the existing build, with a warning, when a rebuild is not possible', async () => {
    const { root, dist } = staleWebWithoutVite(true);
    const { lines, logger } = capturingLogger();
    await expect(ensureWebBuilt(dist, logger)).resolves.toBeUndefined();
    expect(lines.some((l) => l.msg === 'could not rebuild the web app; serving the existing build')).toBe(
      true,
    );
    rmSync(root, { recursive: true, force: true });
  });

  it('fails loudly when there is no build to fall back on', async () => {
    const { root, dist } = staleWebWithoutVite(false);
    await expect(ensureWebBuilt(dist, capturingLogger().logger)).rejects.toThrow();
    rmSync(root, { recursive: true, force: true });
  });
});
