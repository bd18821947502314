// The one way the web app uploads a file: to /api/files for one field of one master or of a booking
// (checked there by extension and content), the bytes as the body, with progress as they go. What the
// server would refuse for its name or size is said here first, without sending a byte.
import { extensionOf, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE } from '@fleet/domain';

/** What a field holding files is: `vehicle` and `insurance_file_id`, `booking` and `attachment_ids`. */
export interface UploadedFor {
  kind: string;
  field: string;
}

/** A file as the server keeps it. */
export interface UploadedFile {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; message: string };

/** The file picker's `accept`: the extensions the server takes. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Why this file would be refused for its name or size, in the server's words; undefined when it may go. */
export function uploadProblem(file: { name: string; size: number }): string | undefined {
  const extension = extensionOf(file.name);
  if (!UPLOAD_EXTENSIONS.some((allowed) => allowed === extension)) {
    return `${file.name}: upload a PNG, JPG, JPEG or PDF file.`;
  }
  if (file.size === 0) return `${file.name}: the file is empty.`;
  if (file.size > UPLOAD_MAX_BYTES) return `${file.name}: ${UPLOAD_SIZE_MESSAGE}`;
  return undefined;
}

/** A file's size for people: 820 bytes, 14 KB, 2.3 MB. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const messageOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = 'error' in body ? body.error : undefined;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return 'message' in body && typeof body.message === 'string' ? body.message : undefined;
};

const isUploadedFile = (body: unknown): body is UploadedFile =>
  typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string';

/**
 * Uploads one file; `onProgress` hears the share sent so far (0 to 1). Never rejects: a refusal or a
 * lost connection is an outcome with words for the person.
 */
export function uploadFile(
  file: File,
  uploadedFor: UploadedFor,
  onProgress?: (sent: number) => void,
): Promise<UploadOutcome> {
  const problem = uploadProblem(file);
  if (problem) return Promise.resolve({ ok: false, message: problem });
  const query = new URLSearchParams({ kind: uploadedFor.kind, field: uploadedFor.field, name: file.name });
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/files?${query}`);
    request.withCredentials = true;
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status === 201 && isUploadedFile(body)) resolve({ ok: true, file: body });
      else resolve({ ok: false, message: messageOf(body) ?? `${file.name} could not be uploaded.` });
    };
    request.onerror = () =>
      resolve({
        ok: false,
        message: `${file.name} could not be uploaded; check the connection and try again.`,
      });
    request.send(file);
  });
}
