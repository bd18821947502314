import { randomBytes } from 'node:crypto';
import { type PeerAnswer, type PeerRequest, startLoopbackPeer } from './loopback-peer';

/** One request as the peer received it. */
export type Msg91Request = PeerRequest;

/** An answer the peer gives instead of its own: a status and body, or no answer at all. */
export type Msg91ScriptedAnswer = PeerAnswer;

/** A text the peer took: MSG91's request id for it, its template and the numbers it went to. */
export interface Msg91Accepted {
  requestId: string;
  templateId: string;
  /** Digits with the country code, as MSG91 takes them (919800000001). */
  mobiles: string[];
}

/**
 * One number's delivery report, as MSG91 reports it: status 1 delivered, 2 failed, 9 NDNC, 16 and 25
 * rejected, 17 a blocked number; `desc` its words (DELIVERED, FAILED…), `failedReason` why.
 */
export interface Msg91Report {
  requestId: string;
  number: string;
  status: string;
  desc: string;
  failedReason?: string;
  /** `YYYY-MM-DD HH:mm:ss`, MSG91's local time; now unless given. */
  date?: string;
}

export interface Msg91Peer {
  port: number;
  /** What MSG91_BASE_URL points at. */
  baseUrl: string;
  received: Msg91Request[];
  /** Every text it took, in order. */
  accepted: Msg91Accepted[];
  /** Answers the next requests with these, in order, before answering as MSG91 does. */
  answerNext(...answers: Msg91ScriptedAnswer[]): void;
  /** Answers every request with `answer` (an outage) until `recover` is called. */
  outage(answer: Msg91ScriptedAnswer): void;
  recover(): void;
  /**
   * Posts delivery reports to `url` as MSG91's SMS webhook does: version 2 (the classic one) as
   * `application/x-www-form-urlencoded` with `data` holding a JSON array of requests, each with its
   * `report` per number; version 3 as one JSON object per number. Answers the webhook's status and body.
   */
  reportDelivery(
    url: string,
    reports: Msg91Report[],
    version?: 'v2' | 'v3',
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface Msg91PeerOptions {
  /** The account's authkey; any other `authkey` header is refused. */
  authKey: string;
  /** The approved DLT templates: id → the variables each recipient must carry. */
  templates: Record<string, string[]>;
  /** The approved sender ids (DLT headers). */
  senders: string[];
  /** 0 picks a free port. */
  port?: number;
}

const json = (status: number, body: object) => ({ status, body: JSON.stringify(body) });

/**
 * A local HTTP server that answers like MSG91's flow API (POST /api/v5/flow, version 5), for testing
 * the adapter over real HTTP: it checks the `authkey` header, the JSON content type and body — an
 * approved template id, an approved sender, recipients with `mobiles` (digits with the country code)
 * and the template's variables — and answers `{"type":"success","message":<request id>}`, else
 * `{"type":"error","message":…}` (401 for a wrong key, 200 for a request it understood but will not
 * send, as MSG91 does).
 */
export async function startMsg91Peer(options: Msg91PeerOptions): Promise<Msg91Peer> {
  const accepted: Msg91Accepted[] = [];
  let down: Msg91ScriptedAnswer | undefined;
  const ownAnswer = (request: Msg91Request) => {
    if (request.method !== 'POST' || request.path !== '/api/v5/flow') {
      return json(404, { type: 'error', message: 'Not Found' });
    }
    if (request.headers.authkey !== options.authKey) {
      return json(401, { type: 'error', message: 'Authentication failure' });
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return json(400, { type: 'error', message: 'Invalid content type' });
    }
    let body: { template_id?: unknown; sender?: unknown; recipients?: unknown };
    try {
      body = JSON.parse(request.body);
    } catch {
      return json(400, { type: 'error', message: 'Invalid JSON' });
    }
    const variables = typeof body.template_id === 'string' ? options.templates[body.template_id] : undefined;
    if (!variables) return json(200, { type: 'error', message: 'Invalid template id' });
    if (typeof body.sender !== 'string' || !options.senders.includes(body.sender)) {
      return json(200, { type: 'error', message: 'Invalid sender id' });
    }
    const recipients: unknown[] = Array.isArray(body.recipients) ? body.recipients : [];
    const valid = (recipient: unknown) =>
      typeof recipient === 'object' &&
      recipient !== null &&
      'mobiles' in recipient &&
      typeof recipient.mobiles === 'string' &&
      /^[1-9]\d{9,14}$/.test(recipient.mobiles);
    if (recipients.length === 0 || !recipients.every(valid)) {
      return json(200, { type: 'error', message: 'Invalid mobile number' });
    }
    for (const variable of variables) {
      const missing = recipients.some(
        (r) =>
          typeof r !== 'object' ||
          r === null ||
          typeof Object.getOwnPropertyDescriptor(r, variable)?.value !== 'string',
      );
      if (missing) return json(200, { type: 'error', message: `Template variable ${variable} is missing` });
    }
    const requestId = randomBytes(12).toString('hex');
    accepted.push({
      requestId,
      templateId: String(body.template_id),
      mobiles: recipients.map((r) => String(Object.getOwnPropertyDescriptor(r, 'mobiles')?.value)),
    });
    return json(200, { type: 'success', message: requestId });
  };

  const peer = await startLoopbackPeer({
    port: options.port,
    answer: (request) => down ?? ownAnswer(request),
  });
  return {
    ...peer,
    accepted,
    outage(answer) {
      down = answer;
    },
    recover() {
      down = undefined;
    },
    async reportDelivery(url, reports, version = 'v2') {
      const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
      const report = (r: Msg91Report) => ({
        date: r.date ?? date,
        number: r.number,
        status: r.status,
        desc: r.desc,
        failedReason: r.failedReason ?? '',
      });
      const posts: { type: string; body: string }[] = [];
      if (version === 'v2') {
        const byRequest = new Map<string, Msg91Report[]>();
        for (const r of reports) byRequest.set(r.requestId, [...(byRequest.get(r.requestId) ?? []), r]);
        const data = [...byRequest].map(([requestId, rs]) => ({
          senderId: 'FLEETS',
          requestId,
          report: rs.map(report),
          userId: '271828',
          campaignName: 'API',
        }));
        posts.push({
          type: 'application/x-www-form-urlencoded',
          body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
        });
      } else {
        for (const r of reports) {
          posts.push({
            type: 'application/json',
            body: JSON.stringify({
              requestId: r.requestId,
              senderId: 'FLEETS',
              userId: '271828',
              ...report(r),
            }),
          });
        }
      }
      let last = { status: 0, body: '' };
      for (const post of posts) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': post.type },
          body: post.body,
        });
        last = { status: response.status, body: await response.text() };
        if (!response.ok) return last;
      }
      return last;
    },
  };
}
