import { setTimeout as sleep } from 'node:timers/promises';
import { SmsDeliveryError, type SmsMessage, type SmsProvider, type SmsTemplate } from './sms-provider';

/** MSG91's API host; MSG91_BASE_URL replaces it (a test peer, an egress proxy). */
export const MSG91_HOST = 'https://control.msg91.com';

/** MSG91's "send SMS" (flow) API, version 5. */
export const MSG91_FLOW_PATH = '/api/v5/flow';

export interface Msg91Options {
  authKey: string;
  baseUrl: string;
  /** The DLT header (sender id) the texts come from. */
  senderId: string;
  /**
   * MSG91's id of the DLT template registered for each of our templates: the sign-in code's always, the
   * booking texts' where the operator registered them (a text without one is refused, never sent bare).
   */
  templateIds: Readonly<{ otp: string } & Partial<Record<SmsTemplate, string>>>;
  /** The longest one send may take, retries included; well inside the caller's own deadline. */
  timeoutMs?: number;
  /** Attempts at a text MSG91 certainly did not take: it could not be reached, or it answered 429. */
  maxAttempts?: number;
  /** The wait before the first retry; it doubles for each further one unless MSG91 says Retry-After. */
  retryDelayMs?: number;
}

/** What MSG91 answers: `{"type":"success","message":"<request id>"}` or `{"type":"error","message":"…"}`. */
interface Msg91Answer {
  type?: unknown;
  message?: unknown;
}

/** Connection errors raised before a request left this machine: repeating it cannot send a text twice. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// Read by shape, not `instanceof`: fetch's errors may come from another realm (a test sandbox).
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `code` of an error or of the first of its causes that has one (fetch wraps socket errors). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; isObject(e) && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

const isTimeout = (error: unknown) => isObject(error) && error.name === 'TimeoutError';

function parseAnswer(body: string): Msg91Answer | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** MSG91's own words, without anything of the request (the code, the key) and without control characters. */
function safeWords(words: string, secrets: readonly string[]): string {
  let safe = words;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return safe.length > 200 ? `${safe.slice(0, 200)}…` : safe;
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Sends texts through MSG91's flow API: POST /api/v5/flow with the `authkey` header and a JSON body of
 * the DLT template's id, the sender id and the recipient with the template's variables. A text counts
 * as sent only when MSG91 answers 2xx with `"type":"success"`. It is retried only when MSG91 cannot
 * have taken it — the connection was never made, or MSG91 answered 429 — never after a timeout or a
 * 5xx, which may follow a text that went out (a second one would arrive and be charged).
 */
export function createMsg91SmsProvider(options: Msg91Options): SmsProvider {
  const url = new URL(MSG91_FLOW_PATH, options.baseUrl).toString();
  const timeoutMs = options.timeoutMs ?? 6_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const fail = (message: string, retryable = true) => new SmsDeliveryError('msg91', message, retryable);

  const bodyOf = (message: SmsMessage) => {
    if (!/^\+[1-9]\d{7,14}$/.test(message.to)) {
      throw fail(
        `${message.to} is not a phone number in international form (+<country code><number>)`,
        false,
      );
    }
    const templateId = message.dlt?.templateId || options.templateIds[message.template];
    if (!templateId) {
      throw fail(`no MSG91 template id is configured for ${message.template} texts`, false);
    }
    return JSON.stringify({
      template_id: templateId,
      sender: message.dlt?.senderId || options.senderId,
      short_url: '0',
      recipients: [{ mobiles: message.to.slice(1), ...message.variables }],
    });
  };

  return {
    name: 'msg91',
    async send(message) {
      const body = bodyOf(message);
      const secrets = [...Object.values(message.variables), options.authKey];
      const deadline = Date.now() + timeoutMs;
      for (let attempt = 1; ; attempt++) {
        const remaining = deadline - Date.now();
        let response: Response;
        let answerText: string;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: {
              authkey: options.authKey,
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body,
            signal: AbortSignal.timeout(Math.max(1, remaining)),
          });
          answerText = await response.text();
        } catch (error) {
          const code = errorCode(error);
          if (isTimeout(error)) {
            throw fail(
              `MSG91 did not answer within ${timeoutMs} ms; not retried, since it may have taken the text`,
            );
          }
          if (code && NOT_SENT.has(code)) {
            const wait = retryDelayMs * 2 ** (attempt - 1);
            if (attempt < maxAttempts && Date.now() + wait < deadline) {
              await sleep(wait);
              continue;
            }
            throw fail(`could not reach MSG91 at ${options.baseUrl} (${code}) in ${attempt} attempts`);
          }
          throw fail(
            `the connection to MSG91 failed (${code ?? 'no answer'}); not retried, since it may have taken the text`,
          );
        }
        const answer = parseAnswer(answerText);
        if (response.ok && answer?.type === 'success') {
          return { providerMessageId: typeof answer.message === 'string' ? answer.message : '' };
        }
        if (response.status === 429) {
          const wait = retryAfterMs(response.headers.get('retry-after')) ?? retryDelayMs * 2 ** (attempt - 1);
          if (attempt < maxAttempts && Date.now() + wait < deadline) {
            await sleep(wait);
            continue;
          }
        }
        const words = typeof answer?.message === 'string' ? safeWords(answer.message, secrets) : '';
        // Overloaded or failing on its side, MSG91 may take the text later; a refusal of the request
        // itself (its key, template, sender, number or content) repeats however often it is sent.
        const transient = response.status >= 500 || response.status === 429 || response.status === 408;
        throw fail(
          words
            ? `MSG91 refused the text (HTTP ${response.status}): ${words}`
            : `MSG91 answered HTTP ${response.status} without its JSON answer`,
          transient,
        );
      }
    },
  };
}
