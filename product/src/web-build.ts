import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Logger } from '@fleet/platform';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * `npm start` on a fresh clone has no built web app: build it (and rebuild when its sources are newer
 * than the build), so the gateway serves the SPA without a separate step. Where the sources are absent
 * (a production image ships only the build), the existing build is served as it is.
 */
export async function ensureWebBuilt(distDir: string, logger: Logger): Promise<void> {
  const webRoot = dirname(distDir);
  const index = join(distDir, 'index.html');
  const sources = ['src', 'index.html', 'driver.html', 'public', 'vite', 'vite.config.ts'].map((p) =>
    join(webRoot, p),
  );
  if (!existsSync(sources[0]!)) return;
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const newestSource = Math.max(
    ...sources.map(newestMtime),
    newestMtime(join(webRoot, '..', 'packages', 'domain', 'src')),
  );
  if (built > newestSource) return;
  const started = Date.now();
  logger.info('building the web app (first start, or its sources changed)…');
  try {
    await viteBuild(webRoot);
  } catch (error) {
    // A build already there (say, in an image with a read-only filesystem) is still worth serving.
    if (!built) throw error;
    logger.warn({ err: error }, 'could not rebuild the web app; serving the existing build');
    return;
  }
  logger.info({ seconds: ((Date.now() - started) / 1000).toFixed(1) }, 'web app built');
}

/** `vite build` in a child process with NODE_ENV=production: Vite honours an inherited NODE_ENV (jest
 * sets "test", development shells "development"), which would ship React's development build. */
function viteBuild(webRoot: string): Promise<void> {
  const viteBin = join(
    dirname(createRequire(join(webRoot, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  return new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`the web build failed (exit ${code})`)),
    );
  });
}
