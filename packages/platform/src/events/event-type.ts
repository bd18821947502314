import type { DescMessage } from '@bufbuild/protobuf';

/** An event: its subject (`fleet.<service>.<entity>.<event>`) and the protobuf message it carries. */
export interface EventType<D extends DescMessage = DescMessage> {
  subject: string;
  schema: D;
}

export function defineEvent<D extends DescMessage>(subject: string, schema: D): EventType<D> {
  if (!/^fleet\.[a-z_]+\.[a-z_]+\.[a-z_]+$/.test(subject)) {
    throw new Error(`Event subject must be fleet.<service>.<entity>.<event>: ${subject}`);
  }
  return { subject, schema };
}

/** What travels on the bus; the same shape for JetStream and the in-process bus. */
export interface BusMessage {
  id: string;
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
}

export const EVENT_HEADERS = {
  type: 'fleet-event-type',
  tenantId: 'fleet-tenant-id',
  requestId: 'x-request-id',
  occurredAt: 'fleet-occurred-at',
} as const;

/** NATS subject matching: `*` is one token, `>` the rest. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (f[i] !== '*' && f[i] !== s[i]) return false;
  }
  return f.length === s.length;
}
