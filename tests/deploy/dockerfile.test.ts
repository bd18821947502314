// The Dockerfile and .dockerignore, checked as text (no Docker engine here to build the image).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readText, repoRoot } from './chart-tools';

type Instruction = { op: string; args: string; stage: string };

/** Dockerfile instructions with line continuations joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let stage = '';
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  for (const line of logical) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '';
    out.push({ op: op.toUpperCase(), args, stage });
  }
  return out;
}

/** `.dockerignore` patterns as regular expressions (a pattern also excludes everything below it). */
function ignoreMatchers(text: string): RegExp[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
    .map((pattern) => {
      const body = pattern
        .replace(/^\/+|\/+$/g, '')
        .split('**/')
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('(?:.*/)?');
      return new RegExp(`^${body}(?:/.*)?$`);
    });
}

const dockerfile = instructions(readText(path.join(repoRoot, 'Dockerfile')));
const ignored = ignoreMatchers(readText(path.join(repoRoot, '.dockerignore')));
const isIgnored = (file: string) => ignored.some((re) => re.test(file));
const inStage = (stage: string, op: string) => dockerfile.filter((i) => i.stage === stage && i.op === op);

/** package.json of the root and of every workspace the root package.json declares. */
function workspaceManifests(): string[] {
  const root = JSON.parse(readText(path.join(repoRoot, 'package.json'))) as { workspaces?: string[] };
  const found = ['package.json', 'package-lock.json'];
  for (const pattern of root.workspaces ?? []) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((d) => `${pattern.slice(0, -2)}/${d}`)
      : [pattern];
    for (const dir of dirs) {
      if (existsSync(path.join(repoRoot, dir, 'package.json'))) found.push(`${dir}/package.json`);
    }
  }
  return found;
}

describe('Dockerfile', () => {
  it('has the stages manifests, deps, build and runtime, in that order', () => {
    expect(dockerfile.filter((i) => i.op === 'FROM').map((i) => i.stage)).toEqual([
      'manifests',
      'deps',
      'build',
      'runtime',
    ]);
  });

  it('builds on node:20-bookworm-slim', () => {
    expect(dockerfile.find((i) => i.op === 'ARG')?.args).toBe('NODE_IMAGE=node:20-bookworm-slim');
    const bases = dockerfile.filter((i) => i.op === 'FROM').map((i) => i.args.split(/\s+/)[0]);
    const nodeImage = '$' + '{NODE_IMAGE}';
    expect(bases).toEqual([nodeImage, nodeImage, 'deps', nodeImage]);
  });

  it('installs the full lockfile (tsx is a dev dependency the runtime needs)', () => {
    const runs = dockerfile.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(inStage('deps', 'RUN').map((i) => i.args)).toEqual([expect.stringMatching(/\bnpm ci$/)]);
    expect(runs.filter((r) => /--omit=dev|--production|npm prune/.test(r))).toEqual([]);
    expect(inStage('build', 'RUN').map((i) => i.args)).toEqual(['npm run build']);
  });

  it('runs as uid 10001 with the runner as entrypoint and `all` by default', () => {
    expect(inStage('runtime', 'USER').map((i) => i.args)).toEqual(['10001:10001']);
    expect(inStage('runtime', 'ENTRYPOINT').map((i) => JSON.parse(i.args))).toEqual([
      ['node', '--import', 'tsx', 'product/src/main.ts'],
    ]);
    expect(inStage('runtime', 'CMD').map((i) => JSON.parse(i.args))).toEqual([['all']]);
    expect(inStage('runtime', 'EXPOSE').map((i) => i.args)).toEqual(['3000 9464']);
    expect(inStage('runtime', 'ENV').map((i) => i.args)).toContain('NODE_ENV=production');
  });

  it('leaves health checks to Kubernetes probes', () => {
    expect(dockerfile.filter((i) => i.op === 'HEALTHCHECK')).toEqual([]);
  });
});

describe('.dockerignore', () => {
  it('keeps the lockfile and every workspace manifest in the build context', () => {
    const manifests = workspaceManifests();
    expect(manifests).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'tests/package.json']),
    );
    expect(manifests.filter(isIgnored)).toEqual([]);
    expect(['tsconfig.base.json', 'proto/buf.yaml'].filter(isIgnored)).toEqual([]);
  });

  it('keeps dependencies, local data, secrets and VCS metadata out', () => {
    for (const file of [
      'node_modules/x/index.js',
      'gateway/node_modules/x/index.js',
      '.git/HEAD',
      '.data/pg/base',
      '.env',
      'services/identity/.env.local',
      'web/dist/index.html',
    ]) {
      expect([file, isIgnored(file)]).toEqual([file, true]);
    }
  });
});
