import { ConfigError, EditedMigrationError } from '@fleet/platform';
import { runModule } from './distributed';
import { runEmbedded } from './embedded';
import { describeModules, moduleNames } from './modules';

const usage = `Usage: fleet <module>
  all        every module in one process (embedded: PGlite, in-process events)
${describeModules()
  .map(({ name, description }) => `  ${name.padEnd(10)} ${description}`)
  .join('\n')}`;

const target = process.argv[2] ?? 'all';
const run =
  target === 'all'
    ? runEmbedded()
    : moduleNames().includes(target)
      ? runModule(target)
      : Promise.reject(new Error(`Unknown module "${target}".\n${usage}`));

run.catch((error: Error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  // An edited migration names its file; its stack would only bury that.
  process.stderr.write(
    `${error instanceof EditedMigrationError ? error.message : (error.stack ?? error.message)}\n`,
  );
  process.exit(1);
});
