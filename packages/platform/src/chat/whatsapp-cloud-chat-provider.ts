import {
  ChatDeliveryError,
  type ChatProvider,
  type ChatSent,
  checkTemplateMessage,
  checkTextMessage,
  whatsAppFailureKind,
} from './chat-provider';

/** Meta's Graph API host; WHATSAPP_BASE_URL replaces it (a test peer, an egress proxy). */
export const WHATSAPP_GRAPH_HOST = 'https://graph.facebook.com';

/** The Graph API version the adapter is written against; WHATSAPP_API_VERSION replaces it. */
export const WHATSAPP_API_VERSION = 'v23.0';

export interface WhatsAppCloudOptions {
  /** A system user's access token with the whatsapp_business_messaging permission (a secret). */
  accessToken: string;
  /** The id of the WhatsApp Business phone number messages are sent from (not the number itself). */
  phoneNumberId: string;
  baseUrl: string;
  apiVersion: string;
  /** The longest one send may take; well inside the caller's own deadline. */
  timeoutMs?: number;
}

/** Meta's error answer: `{"error":{"message","type","code","error_subcode","error_data":{"details"},"fbtrace_id"}}`. */
interface GraphError {
  message?: unknown;
  code?: unknown;
  error_data?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `code` of an error or of the first of its causes that has one (fetch wraps socket errors). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; isObject(e) && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The wamid of Meta's success answer `{"messaging_product":"whatsapp","contacts":[…],"messages":[{"id":"wamid…"}]}`. */
function messageIdOf(answer: unknown): string | undefined {
  if (!isObject(answer) || !Array.isArray(answer.messages)) return undefined;
  const [first] = answer.messages;
  return isObject(first) && typeof first.id === 'string' && first.id.length > 0 ? first.id : undefined;
}

function graphErrorOf(answer: unknown): GraphError | undefined {
  return isObject(answer) && isObject(answer.error) ? answer.error : undefined;
}

/** Meta's words, without anything of the request (the token, the text, the parameters) or control characters. */
function safeWords(words: string, secrets: readonly string[]): string {
  let safe = words;
  // Shorter values (a parameter "1") would blank out Meta's own words; a trip OTP has at least 4 digits.
  for (const secret of secrets) if (secret.length >= 3) safe = safe.split(secret).join('[redacted]');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return safe.length > 300 ? `${safe.slice(0, 300)}…` : safe;
}

/**
 * Sends driver chat through Meta's WhatsApp Business Cloud API: POST
 * `<base>/<version>/<phone-number-id>/messages` with the access token as a Bearer token and a JSON body
 * `{messaging_product:'whatsapp', recipient_type:'individual', to, type:'template'|'text', …}`. A message
 * counts as taken only when Meta answers 2xx with a message id (wamid); every other answer becomes a
 * ChatDeliveryError whose kind says what the messaging service should do (fall back to SMS, retry, stop).
 *
 * It makes one attempt: the messaging service retries with back-off from its own log, which survives a
 * restart — and after a timeout Meta may have taken the message, so a blind retry here could send it twice.
 */
export function createWhatsAppCloudChatProvider(options: WhatsAppCloudOptions): ChatProvider {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL(
    `${encodeURIComponent(options.apiVersion)}/${encodeURIComponent(options.phoneNumberId)}/messages`,
    base,
  ).toString();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fail = (kind: ConstructorParameters<typeof ChatDeliveryError>[1], message: string, code?: number) =>
    new ChatDeliveryError('whatsapp', kind, message, code);

  async function post(payload: Record<string, unknown>, secrets: readonly string[]): Promise<ChatSent> {
    let response: Response;
    let answerText: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...payload }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      answerText = await response.text();
    } catch (error) {
      if (isObject(error) && error.name === 'TimeoutError') {
        throw fail(
          'network',
          `WhatsApp did not answer within ${timeoutMs} ms; it may have taken the message`,
        );
      }
      throw fail(
        'network',
        `could not reach WhatsApp at ${options.baseUrl} (${errorCode(error) ?? 'connection failed'})`,
      );
    }
    const answer = parseJson(answerText);
    const providerMessageId = response.ok ? messageIdOf(answer) : undefined;
    if (providerMessageId) return { providerMessageId };

    const graphError = graphErrorOf(answer);
    const code = typeof graphError?.code === 'number' ? graphError.code : undefined;
    const allSecrets = [options.accessToken, ...secrets];
    if (code === undefined) {
      if (response.ok)
        throw fail('network', `WhatsApp answered HTTP ${response.status} without a message id`);
      // A proxy's page or an outage: nothing says the message was refused, so it may be sent later.
      const kind = response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'network' : 'rejected';
      throw fail(kind, `WhatsApp answered HTTP ${response.status} without its JSON error`);
    }
    const words = typeof graphError?.message === 'string' ? safeWords(graphError.message, allSecrets) : '';
    const details =
      isObject(graphError?.error_data) && typeof graphError.error_data.details === 'string'
        ? safeWords(graphError.error_data.details, allSecrets)
        : '';
    const reason = [words, details].filter(Boolean).join(': ') || 'no reason given';
    throw fail(
      whatsAppFailureKind(code),
      `WhatsApp refused the message (HTTP ${response.status}, code ${code}): ${reason}`,
      code,
    );
  }

  return {
    name: 'whatsapp',
    businessNumberId: options.phoneNumberId,
    async sendTemplate(to, templateName, languageCode, bodyParameters) {
      checkTemplateMessage('whatsapp', to, templateName, languageCode, bodyParameters);
      const template: Record<string, unknown> = { name: templateName, language: { code: languageCode } };
      if (bodyParameters.length > 0) {
        template.components = [
          { type: 'body', parameters: bodyParameters.map((text) => ({ type: 'text', text })) },
        ];
      }
      return post({ to: to.slice(1), type: 'template', template }, bodyParameters);
    },
    async sendText(to, text) {
      checkTextMessage('whatsapp', to, text);
      return post({ to: to.slice(1), type: 'text', text: { preview_url: false, body: text } }, [text]);
    },
  };
}
