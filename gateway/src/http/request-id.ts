import { randomUUID } from 'node:crypto';

// Ids from a proxy or the web app are kept when they look like ids; anything else is replaced, so a
// header cannot inject text into logs.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
