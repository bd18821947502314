import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Logger } from '../logger';
import {
  type ChatIncomingContent,
  type ChatIncomingMessage,
  type ChatStatusEvent,
  type ChatWebhookEvent,
  whatsAppFailureKind,
} from './chat-provider';

/** The header Meta signs each webhook delivery in: `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * Whether `signatureHeader` is Meta's signature of exactly these bytes: HMAC-SHA256 with the app
 * secret, compared in constant time. Anything else — no header, another algorithm, a malformed digest,
 * no secret configured — is false.
 */
export function verifyWhatsAppSignature(
  rawBody: Uint8Array | string,
  signatureHeader: string | undefined,
  appSecret: string,
): boolean {
  if (!appSecret || typeof signatureHeader !== 'string') return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(signatureHeader.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The answer to Meta's subscription handshake, GET `?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`:
 * the challenge when the verify token is ours, else 403.
 */
export function answerWhatsAppVerification(
  query: URLSearchParams,
  verifyToken: string,
): { status: 200; body: string } | { status: 403; body: string } {
  const mode = query.get('hub.mode');
  const token = query.get('hub.verify_token') ?? '';
  const challenge = query.get('hub.challenge') ?? '';
  const tokenMatches =
    verifyToken.length > 0 &&
    Buffer.byteLength(token) === Buffer.byteLength(verifyToken) &&
    timingSafeEqual(Buffer.from(token), Buffer.from(verifyToken));
  // The challenge is echoed as plain text; a number in practice, so anything else is refused too.
  if (mode === 'subscribe' && tokenMatches && /^[A-Za-z0-9_-]{1,256}$/.test(challenge)) {
    return { status: 200, body: challenge };
  }
  return { status: 403, body: 'verification refused' };
}

const seconds = z.string().regex(/^\d{1,12}$/, 'expected seconds since 1970');
const waNumber = z
  .string()
  .regex(/^[1-9]\d{6,14}$/, 'expected a WhatsApp number (digits with the country code)');
const nonEmpty = z.string().min(1);

const statusSchema = z.object({
  id: nonEmpty,
  status: z.string(),
  timestamp: seconds,
  recipient_id: waNumber,
  errors: z
    .array(
      z.object({
        code: z.number().int(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const messageSchema = z.object({
  from: waNumber,
  id: nonEmpty,
  timestamp: seconds,
  type: nonEmpty,
  context: z.object({ id: nonEmpty }).optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
});

const valueSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  metadata: z.object({ phone_number_id: nonEmpty }),
  contacts: z
    .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
    .optional(),
  // Each read on its own: one item Meta sent oddly is left out, not the delivery's others.
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

const payloadSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.unknown() })) })),
});

const STATUSES: ReadonlySet<string> = new Set(['sent', 'delivered', 'read', 'failed']);
const isTracked = (status: string): status is ChatStatusEvent['status'] => STATUSES.has(status);

const atOf = (timestamp: string) => new Date(Number(timestamp) * 1000);

function contentOf(message: z.infer<typeof messageSchema>): ChatIncomingContent | undefined {
  switch (message.type) {
    case 'text':
      return message.text ? { type: 'text', text: message.text.body } : undefined;
    // A tap on a template's quick-reply button.
    case 'button':
      return message.button
        ? {
            type: 'button',
            payload: message.button.payload ?? message.button.text,
            text: message.button.text,
          }
        : undefined;
    // A tap on a button of an interactive (session) message.
    case 'interactive': {
      const reply = message.interactive?.button_reply;
      return reply
        ? { type: 'button', payload: reply.id, text: reply.title }
        : { type: 'other', messageType: `interactive:${message.interactive?.type ?? 'unknown'}` };
    }
    default:
      return { type: 'other', messageType: message.type };
  }
}

/**
 * The events of one webhook delivery, in the order Meta listed them: message status updates (sent,
 * delivered, read, failed with its error) and incoming messages. Changes to other fields (template
 * reviews, account updates) and statuses this product does not track are left out. A payload that is
 * not a WhatsApp Business Account delivery is refused with the path of the first problem; a status or
 * message lacking what Meta always sends is left out, named in `skipped`, and the others are read, so
 * one odd item never holds the rest of the delivery back (Meta would redeliver the whole of it).
 */
export function parseWhatsAppWebhook(
  payload: unknown,
): { ok: true; events: ChatWebhookEvent[]; skipped?: string[] } | { ok: false; reason: string } {
  const problem = (error: z.ZodError, prefix: string) => {
    const issue = error.issues[0];
    return `${prefix}${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
  };
  const envelope = payloadSchema.safeParse(payload);
  if (!envelope.success) return { ok: false, reason: problem(envelope.error, '') };
  const events: ChatWebhookEvent[] = [];
  const skipped: string[] = [];
  for (const [e, entry] of envelope.data.entry.entries()) {
    for (const [c, change] of entry.changes.entries()) {
      if (change.field !== 'messages') continue;
      const at = `entry.${e}.changes.${c}.value.`;
      const parsed = valueSchema.safeParse(change.value);
      if (!parsed.success) return { ok: false, reason: problem(parsed.error, at) };
      const value = parsed.data;
      const businessNumberId = value.metadata.phone_number_id;
      for (const [i, item] of (value.statuses ?? []).entries()) {
        const read = statusSchema.safeParse(item);
        if (!read.success) {
          skipped.push(problem(read.error, `${at}statuses.${i}.`));
          continue;
        }
        const status = read.data;
        if (!isTracked(status.status)) continue;
        const event: ChatStatusEvent = {
          kind: 'status',
          businessNumberId,
          providerMessageId: status.id,
          status: status.status,
          recipient: `+${status.recipient_id}`,
          at: atOf(status.timestamp),
        };
        const [error] = status.errors ?? [];
        if (status.status === 'failed' && error) {
          const details = error.error_data?.details;
          event.error = {
            code: error.code,
            title: error.title ?? error.message ?? 'no reason given',
            ...(details ? { details } : {}),
            failure: whatsAppFailureKind(error.code),
          };
        }
        events.push(event);
      }
      for (const [i, item] of (value.messages ?? []).entries()) {
        const read = messageSchema.safeParse(item);
        if (!read.success) {
          skipped.push(problem(read.error, `${at}messages.${i}.`));
          continue;
        }
        const message = read.data;
        const content = contentOf(message);
        if (!content) {
          skipped.push(
            `${at}messages.${i}: message ${message.id} of type ${message.type} has no ${message.type}`,
          );
          continue;
        }
        const senderName = value.contacts?.find((contact) => contact.wa_id === message.from)?.profile?.name;
        const event: ChatIncomingMessage = {
          kind: 'message',
          businessNumberId,
          providerMessageId: message.id,
          from: `+${message.from}`,
          at: atOf(message.timestamp),
          content,
        };
        if (senderName) event.senderName = senderName;
        if (message.context) event.contextMessageId = message.context.id;
        events.push(event);
      }
    }
  }
  return skipped.length ? { ok: true, events, skipped } : { ok: true, events };
}

/**
 * One webhook delivery checked and read: refused with 401 unless Meta signed exactly these bytes,
 * refused with 400 when the signed body is not a delivery this product reads, else its events.
 */
export function receiveWhatsAppWebhook(
  rawBody: Uint8Array,
  signatureHeader: string | undefined,
  appSecret: string,
):
  | { ok: true; events: ChatWebhookEvent[]; skipped?: string[] }
  | { ok: false; status: 400 | 401; reason: string } {
  if (!verifyWhatsAppSignature(rawBody, signatureHeader, appSecret)) {
    return {
      ok: false,
      status: 401,
      reason: signatureHeader
        ? 'the X-Hub-Signature-256 signature does not match'
        : 'no X-Hub-Signature-256 signature',
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON' };
  }
  const parsed = parseWhatsAppWebhook(payload);
  return parsed.ok ? parsed : { ok: false, status: 400, reason: parsed.reason };
}

export interface WhatsAppWebhookOptions {
  /** The Meta app's secret, which signs every delivery. */
  appSecret: string;
  /** The token entered beside the callback URL in the app's WhatsApp configuration. */
  verifyToken: string;
  /** Takes a delivery's events; when it throws, Meta is answered 500 and delivers them again later. */
  onEvents(events: ChatWebhookEvent[]): Promise<void>;
  logger?: Logger;
  /** The largest body read; Meta's deliveries are a few kilobytes. */
  maxBodyBytes?: number;
}

/** A request as node:http gives it, or as express does (which may have read the body into `body`). */
export type WebhookRequest = IncomingMessage & { body?: unknown };

/**
 * An HTTP handler for the WhatsApp webhook, for node:http or express (mounted before any JSON body
 * parser, or after `express.raw()`, since the signature covers the raw bytes). GET answers the
 * subscription handshake; POST checks the signature, reads the events and hands them to `onEvents`,
 * answering 200 only once they are taken, so Meta delivers again whatever was not.
 */
export function createWhatsAppWebhookHandler(
  options: WhatsAppWebhookOptions,
): (req: WebhookRequest, res: ServerResponse) => void {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const answer = (
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
  };

  const rawBodyOf = (req: WebhookRequest): Promise<Buffer | 'too large' | 'already parsed'> => {
    if (Buffer.isBuffer(req.body)) return Promise.resolve(req.body);
    if (
      req.body !== undefined &&
      !(typeof req.body === 'object' && Object.keys(req.body ?? {}).length === 0)
    ) {
      return Promise.resolve('already parsed');
    }
    if (req.readableEnded) return Promise.resolve('already parsed');
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          req.removeAllListeners('data');
          req.resume();
          resolve('too large');
        } else {
          chunks.push(chunk);
        }
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  };

  async function handle(req: WebhookRequest, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') {
      const query = new URL(req.url ?? '/', 'http://webhook.invalid').searchParams;
      const verification = answerWhatsAppVerification(query, options.verifyToken);
      if (verification.status !== 200) options.logger?.warn('WhatsApp webhook verification refused');
      answer(res, verification.status, verification.body);
      return;
    }
    if (req.method !== 'POST') {
      answer(res, 405, 'method not allowed', { allow: 'GET, POST' });
      return;
    }
    const rawBody = await rawBodyOf(req);
    if (rawBody === 'too large') {
      answer(res, 413, 'body too large');
      return;
    }
    if (rawBody === 'already parsed') {
      options.logger?.error(
        'the WhatsApp webhook needs the raw body to check its signature: mount it before any JSON body parser',
      );
      answer(res, 500, 'webhook misconfigured');
      return;
    }
    const header = req.headers[WHATSAPP_SIGNATURE_HEADER];
    const received = receiveWhatsAppWebhook(
      rawBody,
      Array.isArray(header) ? undefined : header,
      options.appSecret,
    );
    if (!received.ok) {
      options.logger?.warn(
        { status: received.status, reason: received.reason },
        'WhatsApp webhook delivery refused',
      );
      answer(res, received.status, received.reason);
      return;
    }
    if (received.skipped) {
      options.logger?.warn({ skipped: received.skipped }, 'WhatsApp webhook items left out');
    }
    try {
      if (received.events.length > 0) await options.onEvents(received.events);
    } catch (error) {
      options.logger?.error(
        { err: error },
        'WhatsApp webhook events were not taken; Meta will deliver them again',
      );
      answer(res, 500, 'not taken');
      return;
    }
    answer(res, 200, 'ok');
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger?.error({ err: error }, 'WhatsApp webhook failed');
      if (!res.headersSent) answer(res, 500, 'failed');
    });
  };
}
