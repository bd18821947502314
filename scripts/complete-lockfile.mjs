#!/usr/bin/env node
// The npm registry reachable here serves only this platform's prebuilt binaries, so `npm install` cannot
// record the other platforms' optional packages (esbuild, swc, biome, buf, turbo…) and `npm ci` then
// calls the lockfile out of sync. This adds each missing optional platform package as an optional entry
// (name, version, os/cpu taken from its name), which is what npm itself would have written; npm skips
// them on platforms they do not fit. Run it (`npm run lockfile`) after a dependency change; an install
// never runs it, so installing leaves the tree as it was. `--check` only says whether it would change
// anything, and fails if so (CI runs that).
import { readFileSync, writeFileSync } from 'node:fs';

const checkOnly = process.argv.includes('--check');

const file = new URL('../package-lock.json', import.meta.url);
const before = readFileSync(file, 'utf8');
const lock = JSON.parse(before);
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'android',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];
const platformOf = (name) => {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
  const cpu = CPU.find(
    (c) =>
      parts.includes(c) ||
      (c === 'ia32' && parts.includes('x86')) ||
      (c === 'x64' && parts.includes('64') && parts.includes('x')),
  );
  return { os, cpu, musl: parts.includes('musl'), gnu: parts.includes('gnu') || parts.includes('gnueabihf') };
};

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[base] || packages[`node_modules/${name}`]) continue;
    const { os, cpu, musl, gnu } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: a real optional dependency npm should resolve
    packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(musl ? { libc: ['musl'] } : gnu ? { libc: ['glibc'] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
const after = `${JSON.stringify(lock, null, 2)}\n`;
if (after === before) {
  process.stdout.write('package-lock.json: complete\n');
} else if (checkOnly) {
  process.stderr.write(
    `package-lock.json lacks ${added} optional platform packages: run 'npm run lockfile' and commit it\n`,
  );
  process.exit(1);
} else {
  writeFileSync(file, after);
  process.stdout.write(`package-lock.json: ${added} optional platform packages recorded\n`);
}
