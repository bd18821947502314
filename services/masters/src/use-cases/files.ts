import { randomUUID } from 'node:crypto';
import { checkUpload, FILE_PURPOSES, isFilePurpose, isUuid } from '@fleet/domain';
import {
  type Caller,
  DomainError,
  invalidField,
  notFound,
  permissionDenied,
  requireTenant,
} from '@fleet/platform';
import { findFile, insertFile } from '../storage/file-store';
import type { MastersDeps } from './deps';

/** Uploads (spec §5): checked by extension and content, kept per operator, read with the right permission. */
export function createFiles(deps: MastersDeps) {
  const { db } = deps;
  return {
    async upload(callerInput: Caller, input: { fileName: string; content: Uint8Array; purpose: string }) {
      const caller = requireTenant(callerInput);
      if (!isFilePurpose(input.purpose)) throw invalidField('purpose', 'Say what the file is for.');
      if (!caller.permissions.includes(FILE_PURPOSES[input.purpose].manage)) throw permissionDenied();
      const fileName = input.fileName.trim().replace(/[\\/]/g, '_').slice(0, 200);
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
        purpose: input.purpose,
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
      if (!isUuid(id)) throw notFound('The file');
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
  };
}
