// `npm run generate:deploy`: writes what the deployment says about each service from the module table
// (the chart's `services` values, the kustomize base, the README's table of modules).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SERVICES } from '../modules';
import { deployFiles, staleDeployFolders } from './files';

const root = process.cwd();
for (const [path, content] of deployFiles(root, SERVICES)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
  process.stdout.write(`wrote ${path}\n`);
}
for (const folder of staleDeployFolders(root, SERVICES)) {
  rmSync(join(root, folder), { recursive: true });
  process.stdout.write(`removed ${folder}\n`);
}
