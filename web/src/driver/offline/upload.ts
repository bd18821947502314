// Uploads a photo or signature an act carries, as the web app uploads any file (POST /api/files, the
// bytes as the body) for a booking's slip_photo field, which the bookings service accepts for trip
// events' photos, the passenger's signature and receipts alike.
import type { QueuedFile, SendOutcome } from './queue';
import { outcomeOfFailure } from './send-outcome';

interface FilesError {
  message?: string;
  fieldErrors?: Record<string, string> | null;
  retryAfterSeconds?: number | null;
}

const errorOf = (body: unknown): FilesError => {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const { error } = body;
  return typeof error === 'object' && error !== null ? error : {};
};

const idOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string'
    ? body.id
    : undefined;

export async function uploadQueuedFile(
  file: QueuedFile,
  fetchImpl: typeof fetch = fetch,
): Promise<SendOutcome<string>> {
  const query = new URLSearchParams({ kind: 'booking', field: 'slip_photo', name: file.name });
  let answer: Response;
  try {
    answer = await fetchImpl(`/api/files?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: file.blob,
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'retry' };
  }
  const body: unknown = await answer.json().catch(() => undefined);
  const id = idOf(body);
  if (answer.status === 201 && id) return { kind: 'answered', result: id };
  const error = errorOf(body);
  return outcomeOfFailure({
    httpStatus: answer.status,
    message: typeof error.message === 'string' ? error.message : `${file.name} could not be uploaded.`,
    fieldErrors: error.fieldErrors ?? null,
    retryAfterSeconds: error.retryAfterSeconds ?? null,
  });
}
