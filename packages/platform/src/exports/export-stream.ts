// What the CSV and Excel writers share about streaming: waiting while the destination is full, counting
// what reaches it, and reporting progress now and then.
import type { EventEmitter } from 'node:events';
import { Transform, type TransformCallback, type Writable } from 'node:stream';

/** How many rows pass between two progress reports. */
export const PROGRESS_EVERY_ROWS = 1000;

export type ExportProgress = (rowsWritten: number) => void;

/** Calls onProgress every PROGRESS_EVERY_ROWS rows and once at the end (with 0 for an empty export). */
export function progressReporter(onProgress: ExportProgress | undefined) {
  let lastReported = -1;
  return {
    rowWritten(rows: number): void {
      if (onProgress && rows % PROGRESS_EVERY_ROWS === 0) {
        lastReported = rows;
        onProgress(rows);
      }
    },
    finished(rows: number): void {
      if (onProgress && rows !== lastReported) onProgress(rows);
    },
  };
}

/**
 * Resolves when a full stream asks for more; rejects when the destination fails or closes first (a
 * download the person abandoned), so an export never waits forever on a destination that is gone.
 */
export function drained(full: EventEmitter, destination: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (destination.destroyed) {
      reject(destination.errored ?? closedEarly());
      return;
    }
    const settle = (error?: Error) => {
      full.off('drain', onDrain);
      destination.off('error', onError);
      destination.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(destination.errored ?? closedEarly());
    full.on('drain', onDrain);
    destination.on('error', onError);
    destination.on('close', onClose);
  });
}

function closedEarly(): Error {
  return new Error('The export destination closed before the export finished');
}

/** Passes bytes through unchanged, counting them. */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
