import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request as a peer received it. */
export interface PeerRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer a peer gives: a status and JSON body, or no answer at all (the caller times out). */
export type PeerAnswer = { status: number; body: string; headers?: Record<string, string> } | 'no answer';

export interface LoopbackPeer {
  port: number;
  baseUrl: string;
  /** Every request, in order. */
  received: PeerRequest[];
  /** Answers the next requests with these, in order, before answering as the provider does. */
  answerNext(...answers: PeerAnswer[]): void;
  close(): Promise<void>;
}

/**
 * The HTTP server under each provider's test peer (MSG91, WhatsApp Cloud API): on 127.0.0.1, it keeps
 * every request, answers the scripted answers first and then as `answer` says the provider would.
 */
export async function startLoopbackPeer(options: {
  /** 0 picks a free port. */
  port?: number;
  answer: (request: PeerRequest) => PeerAnswer;
}): Promise<LoopbackPeer> {
  const received: PeerRequest[] = [];
  const scripted: PeerAnswer[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const answer = scripted.shift() ?? options.answer(request);
      if (answer === 'no answer') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
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
