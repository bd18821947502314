// Downloads an export (GET /api/exports/{kind}.{csv|xlsx}) while telling how far it has got: the
// gateway sends the row count first (X-Export-Rows); a CSV's rows are counted as their line ends
// arrive, an Excel file's progress is the bytes received (its size is not known before it is whole).
import type { ExportRecordKind } from '@fleet/domain';

export type ExportFormat = 'csv' | 'xlsx';

/** The kinds by the name of their file in the route. */
export const EXPORT_FILE_KINDS: Record<ExportRecordKind, string> = {
  INVOICES: 'invoices',
  INVOICE_DUTIES: 'invoice-duties',
  DUTIES: 'duties',
  PURCHASE_INVOICES: 'purchase-invoices',
  CHANNEL_DUTIES: 'channel-duties',
  RECEIPTS: 'receipts',
  CREDIT_DEBIT_NOTES: 'notes',
};

export type ExportFilters = Record<string, string | readonly string[] | boolean | undefined>;

export interface ExportProgress {
  /** Rows the file will hold. */
  totalRows: number;
  /** CSV: rows received so far; Excel: undefined. */
  rows?: number;
  bytes: number;
}

export interface ExportRequest {
  kind: ExportRecordKind;
  format: ExportFormat;
  profileId?: string;
  filters?: ExportFilters;
}

export function exportUrl({ kind, format, profileId, filters = {} }: ExportRequest): string {
  const query = new URLSearchParams();
  if (profileId) query.set('profileId', profileId);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query.set(key, value.join(','));
    } else {
      query.set(key, String(value));
    }
  }
  const search = query.toString();
  return `/api/exports/${EXPORT_FILE_KINDS[kind]}.${format}${search ? `?${search}` : ''}`;
}

const LINE_FEED = 0x0a;

/**
 * Counts a CSV's data rows as its bytes arrive: every record ends with CRLF, the first is the header. A
 * quoted field may hold a line break of its own, so the count is capped at the total the gateway sent.
 */
export function csvRowCounter(totalRows: number) {
  let lineEnds = 0;
  return (chunk: Uint8Array): number => {
    for (const byte of chunk) if (byte === LINE_FEED) lineEnds++;
    return Math.min(totalRows, Math.max(0, lineEnds - 1));
  };
}

/** The file name from Content-Disposition's filename*=UTF-8''…, else a plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (!encoded) return fallback;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return fallback;
  }
}

export class ExportError extends Error {}

async function failureOf(answer: Response): Promise<ExportError> {
  const body: unknown = await answer.json().catch(() => undefined);
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  const message =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : `The export failed (${answer.status}).`;
  return new ExportError(message);
}

/** Fetches the export, reporting progress as it arrives; answers the whole file and its name. */
export function downloadExport(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<{ blob: Blob; fileName: string; rows: number }> {
  return downloadFile(
    exportUrl(request),
    `${EXPORT_FILE_KINDS[request.kind]}.${request.format}`,
    onProgress,
    {
      ...options,
      countRows: request.format === 'csv' ? csvRowCounter : undefined,
    },
  );
}

/**
 * Fetches a streamed file (an export, a GST return), reporting progress as it arrives: the row count the
 * server announced (X-Export-Rows), the bytes, and the rows when a counter can tell them in the bytes.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  onProgress: (progress: ExportProgress) => void,
  options: {
    signal?: AbortSignal;
    fetchImpl?: typeof fetch;
    countRows?: (totalRows: number) => (chunk: Uint8Array) => number;
  } = {},
): Promise<{ blob: Blob; fileName: string; rows: number }> {
  const answer = await (options.fetchImpl ?? fetch)(url, {
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!answer.ok) throw await failureOf(answer);
  const totalRows = Number(answer.headers.get('x-export-rows') ?? 0);
  const fileName = fileNameOf(answer.headers.get('content-disposition'), fallbackName);
  const countRows = options.countRows?.(totalRows);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let rows: number | undefined;
  onProgress({ totalRows, rows: countRows ? 0 : undefined, bytes });
  const reader = answer.body?.getReader();
  if (!reader) throw new ExportError('The browser could not read the export.');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    rows = countRows?.(value);
    onProgress({ totalRows, rows, bytes });
  }
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName, rows: rows ?? totalRows };
}

/** Hands a downloaded file to the browser to save, through a link to the blob. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
