import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the peer received it. */
export interface Msg91Request {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer the peer gives instead of its own: a status and body, or no answer at all. */
export type Msg91ScriptedAnswer =
  | { status: number; body: string; headers?: Record<string, string> }
  | 'no answer';

export interface Msg91Peer {
  port: number;
  /** What MSG91_BASE_URL points at. */
  baseUrl: string;
  received: Msg91Request[];
  /** Answers the next requests with these, in order, before answering as MSG91 does. */
  answerNext(...answers: Msg91ScriptedAnswer[]): void;
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
  const received: Msg91Request[] = [];
  const scripted: Msg91ScriptedAnswer[] = [];
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
    return json(200, { type: 'success', message: randomBytes(12).toString('hex') });
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const answer: Msg91ScriptedAnswer = scripted.shift() ?? ownAnswer(request);
      if (answer === 'no answer') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
