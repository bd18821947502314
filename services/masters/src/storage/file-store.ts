// Where uploaded bytes live. One interface; PostgreSQL is the default so embedded mode needs nothing
// else. An object store would implement the same two calls inside the caller's transaction's tenant.
import { idArray, rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import { SCHEMA } from './migrations';

export interface FileContentStore {
  /** Keeps the bytes; returns the key they are found by. */
  put(tx: Tx, tenantId: string, key: string, content: Uint8Array): Promise<string>;
  get(tx: Tx, key: string): Promise<Uint8Array | undefined>;
}

/** Bytes in masters.file_contents, fenced by row-level security like every operator's row. */
export function createPostgresFileStore(): FileContentStore {
  return {
    async put(tx, tenantId, key, content) {
      await tx.execute(
        sql`insert into ${sql.raw(SCHEMA)}.file_contents (storage_key, tenant_id, content)
            values (${key}, ${tenantId}::uuid, ${Buffer.from(content)})`,
      );
      return key;
    },
    async get(tx, key) {
      const [row] = await rows<{ content: Uint8Array }>(
        tx,
        sql`select content from ${sql.raw(SCHEMA)}.file_contents where storage_key = ${key}`,
      );
      return row ? new Uint8Array(row.content) : undefined;
    },
  };
}

export interface FileRow {
  id: string;
  purpose: string;
  /** The master and its field the file was uploaded for. */
  kind: string;
  field: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  createdAt: Date;
}

export async function insertFile(tx: Tx, tenantId: string, file: FileRow, uploadedBy: string | undefined) {
  await tx.execute(
    sql`insert into ${sql.raw(SCHEMA)}.files (id, tenant_id, purpose, master_kind, field_name, file_name, content_type,
          size_bytes, storage_key, uploaded_by)
        values (${file.id}::uuid, ${tenantId}::uuid, ${file.purpose}, ${file.kind}, ${file.field}, ${file.fileName},
                ${file.contentType}, ${file.sizeBytes}, ${file.storageKey}, ${uploadedBy ?? null}::uuid)`,
  );
}

const FILE_COLUMNS = sql`id::text as id, purpose, coalesce(master_kind, '') as kind, coalesce(field_name, '') as field,
  file_name as "fileName", content_type as "contentType", size_bytes as "sizeBytes",
  storage_key as "storageKey", created_at as "createdAt"`;

/**
 * Which of these ids are files of the transaction's operator (row-level security) uploaded for `field`
 * of `kind` (a master, or `booking`): the only files that field may hold.
 */
export async function listFilesUploadedFor(
  tx: Tx,
  kind: string,
  field: string,
  ids: string[],
): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return rows<FileRow>(
    tx,
    sql`select ${FILE_COLUMNS} from ${sql.raw(SCHEMA)}.files
        where id = any(${idArray(ids)})
          and master_kind = ${kind} and field_name = ${field}`,
  );
}

/** The ids of `listFilesUploadedFor`. */
export async function filesUploadedFor(
  tx: Tx,
  kind: string,
  field: string,
  ids: string[],
): Promise<Set<string>> {
  const found = await listFilesUploadedFor(tx, kind, field, ids);
  return new Set(found.map((file) => file.id));
}

export async function findFile(tx: Tx, id: string): Promise<FileRow | undefined> {
  const [row] = await rows<FileRow>(
    tx,
    sql`select ${FILE_COLUMNS} from ${sql.raw(SCHEMA)}.files where id = ${id}::uuid`,
  );
  return row;
}
