import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadMigrationFiles, migrationChecksum } from '../src';

describe('loadMigrationFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-migrations-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (files: Record<string, string>) => {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  };

  it('reads NNNN_<what>.sql files in number order, with the sha256 of each file’s bytes', () => {
    // Written out of order, and past 0009, so neither creation nor plain text order decides.
    const names = Array.from({ length: 11 }, (_, i) => `${String(i + 1).padStart(4, '0')}_step_${i + 1}.sql`);
    for (const name of [...names].reverse()) write({ [name]: `select '${name}';\n` });
    write({ '.0003_step_3.sql.swp': 'an editor’s swap file' });
    const migrations = loadMigrationFiles(dir);
    expect(migrations.map((m) => m.id)).toEqual(names.map((n) => n.slice(0, -4)));
    const tenth = migrations[9]!;
    expect(tenth.sql).toBe("select '0010_step_10.sql';\n");
    expect(tenth.file).toBe(join(dir, '0010_step_10.sql'));
    expect(tenth.checksum).toBe(createHash('sha256').update("select '0010_step_10.sql';\n").digest('hex'));
    expect(tenth.checksum).toBe(migrationChecksum(tenth.sql));
  });

  it('hashes the bytes as they are: a changed byte, even whitespace, is a different checksum', () => {
    write({ '0001_a.sql': 'select 1;\n' });
    const before = loadMigrationFiles(dir)[0]!.checksum;
    write({ '0001_a.sql': 'select 1; \n' });
    expect(loadMigrationFiles(dir)[0]!.checksum).not.toBe(before);
  });

  it('takes a file URL too (a service passes new URL("../../migrations", import.meta.url))', () => {
    write({ '0001_a.sql': 'select 1;' });
    expect(loadMigrationFiles(pathToFileURL(`${dir}/`)).map((m) => m.id)).toEqual(['0001_a']);
  });

  it('refuses a gap in the numbers', () => {
    write({ '0001_a.sql': '', '0002_b.sql': '', '0004_d.sql': '' });
    expect(() => loadMigrationFiles(dir)).toThrow(
      /Migration 0003 is missing in .*: after 0002_b\.sql comes 0004_d\.sql/,
    );
  });

  it('refuses numbers that do not start at 0001', () => {
    write({ '0002_b.sql': '' });
    expect(() => loadMigrationFiles(dir)).toThrow(/Migration 0001 is missing in .*: comes 0002_b\.sql/);
  });

  it('refuses two files with the same number', () => {
    write({ '0001_a.sql': '', '0002_b.sql': '', '0002_c.sql': '' });
    expect(() => loadMigrationFiles(dir)).toThrow(/are numbered 0002: 0002_b\.sql and 0002_c\.sql/);
  });

  it.each([
    ['a name without four digits', '1_a.sql'],
    ['a dash for the underscore', '0001-a.sql'],
    ['capitals', '0001_Add_Table.sql'],
    ['another extension', '0001_a.txt'],
    ['no description', '0001.sql'],
    ['a stray file', 'README.md'],
  ])('refuses %s (%s), naming it', (_what, name) => {
    write({ '0001_ok.sql': '', [name]: '' });
    expect(() => loadMigrationFiles(dir)).toThrow(
      `${join(dir, name)} is not a migration file: every entry of a migrations folder is a file named NNNN_<what>.sql`,
    );
  });

  it('refuses a folder in place of a file', () => {
    write({ '0001_ok.sql': '' });
    mkdirSync(join(dir, '0002_folder.sql'));
    expect(() => loadMigrationFiles(dir)).toThrow(/0002_folder\.sql is not a migration file/);
  });

  it('refuses an empty or missing folder', () => {
    expect(() => loadMigrationFiles(dir)).toThrow(/No migrations \(NNNN_<what>\.sql\) in /);
    expect(() => loadMigrationFiles(join(dir, 'nowhere'))).toThrow(
      /Cannot read the migrations folder .*nowhere/,
    );
  });
});
