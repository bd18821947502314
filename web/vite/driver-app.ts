// The driver app's part of the web build: its own HTML entry beside the back-office's, a service worker
// that precaches only the driver app's shell (the files driver.html loads, found in the bundle rather
// than guessed from names) and answers navigations under /driver/ with driver.html, and the same
// /driver → driver.html routing in the dev server that the gateway does in production.
import type { Plugin, Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export const DRIVER_HTML = 'driver.html';
export const DRIVER_SCOPE = '/driver/';
export const DRIVER_SERVICE_WORKER = 'driver-sw.js';
export const DRIVER_MANIFEST = 'driver.webmanifest';
/** The service worker's handling of pushes (public/), imported by the generated worker. */
export const DRIVER_PUSH_SCRIPT = 'driver-push.js';
/** Static files of the driver app in public/, precached with its shell. */
const DRIVER_PUBLIC_FILES = [DRIVER_MANIFEST, DRIVER_PUSH_SCRIPT, /^driver-icons\//];

/** GET /driver and /driver/… are the driver app's pages. */
export const isDriverPagePath = (path: string) => path === '/driver' || path.startsWith('/driver/');

/** The files driver.html needs, following imports (static and lazy) from its entry chunk. */
function driverShellFiles(bundle: Rollup.OutputBundle): Set<string> {
  const files = new Set<string>([DRIVER_HTML]);
  const entry = Object.values(bundle).find(
    (file): file is Rollup.OutputChunk =>
      file.type === 'chunk' && file.isEntry && (file.facadeModuleId ?? '').endsWith(`/${DRIVER_HTML}`),
  );
  if (!entry) throw new Error(`The build has no entry chunk for ${DRIVER_HTML}.`);
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return files;
}

export function driverApp(): Plugin[] {
  const shell = new Set<string>();
  const inShell = (url: string) =>
    shell.has(url) ||
    DRIVER_PUBLIC_FILES.some((file) => (typeof file === 'string' ? file === url : file.test(url)));

  const collectShell: Plugin = {
    name: 'fleet:driver-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell.clear();
      for (const file of driverShellFiles(bundle)) shell.add(file);
    },
  };

  const devRouting: Plugin = {
    name: 'fleet:driver-dev-routing',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (req.method === 'GET' && isDriverPagePath(path)) req.url = `/${DRIVER_HTML}`;
        next();
      });
    },
  };

  const serviceWorker = VitePWA({
    strategies: 'generateSW',
    filename: DRIVER_SERVICE_WORKER,
    scope: DRIVER_SCOPE,
    // driver.html links its own manifest (public/driver.webmanifest): the plugin would add a link to
    // every page, the back-office's too, and the back-office is not this app.
    manifest: false,
    injectRegister: false,
    registerType: 'autoUpdate',
    workbox: {
      cacheId: 'fleet-driver',
      importScripts: [`/${DRIVER_PUSH_SCRIPT}`],
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((entry) => inShell(entry.url)), warnings: [] }),
      ],
      navigateFallback: DRIVER_HTML,
      navigateFallbackAllowlist: [/^\/driver(\/|$)/],
      // The API is never cached: what the app shows offline comes from its own store (IndexedDB).
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });

  return [collectShell, devRouting, ...serviceWorker];
}
