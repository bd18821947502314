import { runModule } from './distributed';
import { runEmbedded } from './embedded';
import { MODULE_NAMES, MODULES, type ModuleName } from './modules';

const usage = `Usage: fleet <module>
  all        every module in one process (embedded: PGlite, in-process events)
${MODULE_NAMES.map((name) => `  ${name.padEnd(10)} ${MODULES[name].description}`).join('\n')}`;

const target = process.argv[2] ?? 'all';
const run =
  target === 'all'
    ? runEmbedded()
    : (MODULE_NAMES as string[]).includes(target)
      ? runModule(target as ModuleName)
      : Promise.reject(new Error(`Unknown module "${target}".\n${usage}`));

run.catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
