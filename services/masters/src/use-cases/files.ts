import { randomUUID } from 'node:crypto';
import {
  checkUpload,
  cleanFileName,
  DRIVER_UPLOAD_PURPOSES,
  FILE_PURPOSES,
  uploadPurposeOf,
} from '@fleet/domain';
import {
  type Caller,
  DomainError,
  invalidField,
  notFound,
  permissionDenied,
  requireId,
  requireIds,
  requireTenant,
} from '@fleet/platform';
import { findFile, insertFile, listFilesUploadedFor } from '../storage/file-store';
import type { MastersDeps } from './deps';

/** How many file ids another service may check at once (a booking holds at most 20 attachments). */
const MAX_CHECKED_FILES = 100;

export interface UploadInput {
  fileName: string;
  content: Uint8Array;
  /** The master and its field holding files the file is for. */
  kind: string;
  field: string;
  /** Follows from the master; when a caller gives it, it must agree. */
  purpose?: string;
}

/**
 * Uploads (spec §5): each for one file field of one master, checked by extension and content, kept per
 * operator under a clean name, read with the permission its purpose needs.
 */
export function createFiles(deps: MastersDeps) {
  const { db } = deps;
  return {
    async upload(callerInput: Caller, input: UploadInput) {
      const caller = requireTenant(callerInput);
      const purpose = uploadPurposeOf(input.kind, input.field);
      if (!purpose) {
        throw invalidField(
          'field',
          'Say which field of which master the file is for; that field holds no files.',
        );
      }
      if (input.purpose !== undefined && input.purpose !== purpose) {
        throw invalidField('purpose', `This field takes ${purpose} files.`);
      }
      const driverMay = caller.role === 'DRIVER' && DRIVER_UPLOAD_PURPOSES.includes(purpose);
      if (!driverMay && !caller.permissions.includes(FILE_PURPOSES[purpose].manage)) throw permissionDenied();
      const fileName = cleanFileName(input.fileName);
      if (!fileName) throw invalidField('fileName', 'The file has no name.');
      const verdict = checkUpload(fileName, input.content);
      if (!verdict.ok) {
        throw new DomainError('INVALID_ARGUMENT', verdict.message, {
          reason: 'UPLOAD_REFUSED',
          fieldViolations: [{ field: 'file', message: verdict.message }],
        });
      }
      const file = {
        id: randomUUID(),
        purpose,
        kind: input.kind,
        field: input.field,
        fileName,
        contentType: verdict.contentType,
        sizeBytes: input.content.length,
        storageKey: `${caller.tenantId}/${randomUUID()}`,
        createdAt: deps.clock(),
      };
      await db.withTenant(caller.tenantId, async (tx) => {
        await deps.files.put(tx, caller.tenantId, file.storageKey, input.content);
        await insertFile(tx, caller.tenantId, file, caller.actorUserId ?? caller.userId);
      });
      return file;
    },

    async get(callerInput: Caller, id: string) {
      const caller = requireTenant(callerInput);
      requireId(id, 'id');
      return db.read(caller.tenantId, async (tx) => {
        const file = await findFile(tx, id);
        if (!file) throw notFound('The file');
        const purpose = file.purpose as keyof typeof FILE_PURPOSES;
        if (!caller.permissions.includes(FILE_PURPOSES[purpose].view)) throw permissionDenied();
        const content = await deps.files.get(tx, file.storageKey);
        if (!content) throw notFound('The file');
        return { file, content };
      });
    },

    /**
     * Which of `ids` are files of the caller's operator uploaded for `field` of `kind`, each once in the
     * order asked: how another service checks the file ids it is given. Needs the caller's operator, no
     * permission of a person (a service asks on behalf of its own work); it answers no bytes.
     */
    async check(callerInput: Caller, input: { kind: string; field: string; ids: readonly string[] }) {
      const caller = requireTenant(callerInput);
      if (!uploadPurposeOf(input.kind, input.field)) {
        throw invalidField('field', 'Say which field of which master or booking holds the files.');
      }
      if (input.ids.length > MAX_CHECKED_FILES) {
        throw invalidField('ids', `Check at most ${MAX_CHECKED_FILES} files at a time.`);
      }
      const ids = [...new Set(requireIds(input.ids, 'ids').map((id) => id.toLowerCase()))];
      const found = await db.read(caller.tenantId, (tx) =>
        listFilesUploadedFor(tx, input.kind, input.field, ids),
      );
      const byId = new Map(found.map((file) => [file.id, file]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
