import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from './migrate';

/** `0001_reference_data.sql`: four digits, an underscore, then lower-case words joined by underscores. */
const FILE_NAME = /^(\d{4})_([a-z0-9]+(?:_[a-z0-9]+)*)\.sql$/;

/** A migration read from its file: the id is the file name without `.sql`. */
export interface MigrationFile extends Migration {
  checksum: string;
  file: string;
}

/** sha256 (hex) of a migration's bytes, as recorded in `<schema>.schema_migrations.checksum`. */
export function migrationChecksum(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A file's path for messages: relative to the working directory when it lies inside it. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * A service's migrations, from the `NNNN_<what>.sql` files of one folder, in number order. Numbers run
 * 0001, 0002, … without gaps or repeats, and every entry of the folder is such a file (names starting
 * with a dot, like editors' swap files, are ignored); anything else stops the load with an error
 * naming the folder and the file. A file is never edited once applied: migrate() compares each applied
 * file with the checksum it recorded and refuses to start when they differ.
 */
export function loadMigrationFiles(dir: string | URL): MigrationFile[] {
  const folder = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const where = displayPath(folder);
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch (error) {
    throw new Error(`Cannot read the migrations folder ${where}: ${(error as Error).message}`);
  }
  const numbered: { number: number; name: string }[] = [];
  for (const name of entries) {
    if (name.startsWith('.')) continue;
    const match = FILE_NAME.exec(name);
    if (!match || !statSync(join(folder, name)).isFile()) {
      throw new Error(
        `${where}/${name} is not a migration file: every entry of a migrations folder is a file named ` +
          'NNNN_<what>.sql (four digits, then lower-case letters, digits and underscores)',
      );
    }
    numbered.push({ number: Number(match[1]), name });
  }
  if (numbered.length === 0) throw new Error(`No migrations (NNNN_<what>.sql) in ${where}`);
  numbered.sort((a, b) => a.number - b.number || a.name.localeCompare(b.name));
  const migrations: MigrationFile[] = [];
  numbered.forEach(({ number, name }, index) => {
    const previous = numbered[index - 1];
    if (previous?.number === number) {
      throw new Error(
        `Two migrations in ${where} are numbered ${name.slice(0, 4)}: ${previous.name} and ${name}`,
      );
    }
    const expected = index + 1;
    if (number !== expected) {
      const missing = String(expected).padStart(4, '0');
      const after = previous ? `after ${previous.name} ` : '';
      throw new Error(
        `Migration ${missing} is missing in ${where}: ${after}comes ${name}; numbers run 0001, 0002, … without gaps`,
      );
    }
    const file = join(folder, name);
    const bytes = readFileSync(file);
    migrations.push({
      id: name.slice(0, -'.sql'.length),
      sql: bytes.toString('utf8'),
      checksum: migrationChecksum(bytes),
      file,
    });
  });
  return migrations;
}
