import { createHmac, randomBytes } from 'node:crypto';
import { type PeerAnswer, type PeerRequest, startLoopbackPeer } from './loopback-peer';

/** One request as the peer received it. */
export type WhatsAppCloudRequest = PeerRequest;

/** An answer the peer gives instead of its own: a status and body, or no answer at all. */
export type WhatsAppCloudScriptedAnswer = PeerAnswer;

export interface WhatsAppCloudPeer {
  port: number;
  /** What WHATSAPP_BASE_URL points at. */
  baseUrl: string;
  received: WhatsAppCloudRequest[];
  /** The message ids (wamids) the peer handed out, in order. */
  sentIds: string[];
  /** Answers the next requests with these, in order, before answering as the Cloud API does. */
  answerNext(...answers: WhatsAppCloudScriptedAnswer[]): void;
  close(): Promise<void>;
}

export interface WhatsAppCloudPeerOptions {
  /** The only Bearer token the peer accepts. */
  accessToken: string;
  /** The business phone number's id, the path's second part. */
  phoneNumberId: string;
  /** The Graph API version in the path, e.g. v23.0. */
  apiVersion: string;
  /** The approved templates: name → the languages it is approved in and how many body parameters it takes. */
  templates: Record<string, { languages: string[]; bodyParameters: number }>;
  /** 0 picks a free port. */
  port?: number;
  /** Numbers (E.164) with no WhatsApp account: a send to one is refused with code 131026. */
  notOnWhatsApp?: string[];
}

/**
 * An error answer as the Graph API writes it: HTTP status, and
 * `{"error":{"message":"(#code) title","type","code","error_data":{"messaging_product","details"},"fbtrace_id"}}`.
 */
export function graphErrorAnswer(
  status: number,
  code: number,
  title: string,
  details?: string,
  type = 'OAuthException',
): { status: number; body: string } {
  const error: Record<string, unknown> = {
    message: code === 190 ? title : `(#${code}) ${title}`,
    type,
    code,
    fbtrace_id: randomBytes(8).toString('base64url'),
  };
  if (details !== undefined) error.error_data = { messaging_product: 'whatsapp', details };
  return { status, body: JSON.stringify({ error }) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A local HTTP server that answers like Meta's WhatsApp Business Cloud API send endpoint
 * (POST /<version>/<phone-number-id>/messages), for testing the adapter over real HTTP. It checks the
 * Bearer token (else 401, code 190), the JSON body — messaging_product "whatsapp", `to` as digits, a
 * `template` approved in its language with the right number of body parameters (else 404 code 132001,
 * 400 code 132000), or a `text` with a body of 1 to 4096 characters (else 400 code 100) — and answers
 * `{"messaging_product":"whatsapp","contacts":[{"input","wa_id"}],"messages":[{"id":"wamid.…"}]}`.
 */
export async function startWhatsAppCloudPeer(options: WhatsAppCloudPeerOptions): Promise<WhatsAppCloudPeer> {
  const sentIds: string[] = [];
  const messagesPath = `/${options.apiVersion}/${options.phoneNumberId}/messages`;
  const invalid = (details: string) => graphErrorAnswer(400, 100, 'Invalid parameter', details);

  const ownAnswer = (request: WhatsAppCloudRequest) => {
    if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
      return graphErrorAnswer(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (request.method !== 'POST' || request.path !== messagesPath) {
      return graphErrorAnswer(
        400,
        100,
        `Unsupported ${request.method.toLowerCase()} request. Object does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
        undefined,
        'GraphMethodException',
      );
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return graphErrorAnswer(400, 100, 'The parameter messaging_product is required.');
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return graphErrorAnswer(400, 100, 'The parameter messaging_product is required.');
    }
    if (!isObject(body) || body.messaging_product !== 'whatsapp') {
      return graphErrorAnswer(400, 100, 'The parameter messaging_product is required.');
    }
    if (typeof body.to !== 'string' || !/^\+?[1-9]\d{6,14}$/.test(body.to)) {
      return invalid('Parameter to must be a phone number');
    }
    if (options.notOnWhatsApp?.includes(`+${body.to.replace(/^\+/, '')}`)) {
      return graphErrorAnswer(
        400,
        131026,
        'Message undeliverable',
        'Unable to deliver message. The recipient is not a valid WhatsApp user.',
      );
    }
    if (body.type === 'template') {
      const template = body.template;
      if (!isObject(template) || typeof template.name !== 'string') {
        return invalid('Parameter template.name is required');
      }
      const language = isObject(template.language) ? template.language.code : undefined;
      const approved = options.templates[template.name];
      if (!approved || typeof language !== 'string' || !approved.languages.includes(language)) {
        return graphErrorAnswer(
          404,
          132001,
          'Template name does not exist in the translation',
          `template name (${template.name}) does not exist in ${String(language)}`,
        );
      }
      const components = Array.isArray(template.components) ? template.components : [];
      const bodyComponent = components.find((c) => isObject(c) && c.type === 'body');
      const parameters: unknown[] =
        isObject(bodyComponent) && Array.isArray(bodyComponent.parameters) ? bodyComponent.parameters : [];
      const texts = parameters.filter(
        (p) => isObject(p) && p.type === 'text' && typeof p.text === 'string' && p.text.length > 0,
      );
      if (texts.length !== parameters.length || parameters.length !== approved.bodyParameters) {
        return graphErrorAnswer(
          400,
          132000,
          'Number of parameters does not match the expected number of params',
          `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${approved.bodyParameters})`,
        );
      }
    } else if (body.type === 'text') {
      const text = body.text;
      if (!isObject(text) || typeof text.body !== 'string' || text.body.length === 0) {
        return invalid('Parameter text.body is required');
      }
      if (text.body.length > 4096) return invalid('Parameter text.body is too long');
    } else {
      return invalid('Parameter type must be one of the supported message types');
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    sentIds.push(id);
    const message: Record<string, string> = { id };
    if (body.type === 'template') message.message_status = 'accepted';
    return {
      status: 200,
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to.replace(/^\+/, '') }],
        messages: [message],
      }),
    };
  };

  const peer = await startLoopbackPeer({ port: options.port, answer: (request) => ownAnswer(request) });
  return {
    ...peer,
    sentIds,
  };
}

/** One status of a webhook delivery, as Meta writes it. */
export interface WhatsAppStatusUpdate {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Digits with the country code, no plus. */
  recipientId: string;
  at?: Date;
  error?: { code: number; title: string; details?: string };
}

/** One message a driver sent, as Meta writes it in a webhook delivery. */
export interface WhatsAppIncoming {
  id: string;
  /** Digits with the country code, no plus. */
  from: string;
  at?: Date;
  contextId?: string;
  text?: string;
  button?: { payload: string; text: string };
}

const seconds = (at: Date | undefined) => String(Math.floor((at ?? new Date()).getTime() / 1000));

/** A webhook delivery's JSON as Meta sends it for a business number's statuses and incoming messages. */
export function whatsAppWebhookBody(
  phoneNumberId: string,
  content: { statuses?: WhatsAppStatusUpdate[]; messages?: WhatsAppIncoming[] },
): string {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
  };
  if (content.statuses) {
    value.statuses = content.statuses.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp: seconds(s.at),
      recipient_id: s.recipientId,
      ...(s.error
        ? {
            errors: [
              {
                code: s.error.code,
                title: s.error.title,
                message: s.error.title,
                ...(s.error.details ? { error_data: { details: s.error.details } } : {}),
              },
            ],
          }
        : {}),
    }));
  }
  if (content.messages) {
    value.contacts = content.messages.map((m) => ({ wa_id: m.from, profile: { name: 'Driver' } }));
    value.messages = content.messages.map((m) => ({
      from: m.from,
      id: m.id,
      timestamp: seconds(m.at),
      ...(m.contextId ? { context: { from: '15550000000', id: m.contextId } } : {}),
      ...(m.button
        ? { type: 'button', button: { payload: m.button.payload, text: m.button.text } }
        : { type: 'text', text: { body: m.text ?? '' } }),
    }));
  }
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '100000000000001', changes: [{ field: 'messages', value }] }],
  });
}

/** Meta's X-Hub-Signature-256 of a body: `sha256=` and the HMAC-SHA256 with the app secret, in hex. */
export function signWhatsAppWebhook(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Posts a webhook delivery to `url` as Meta does: the JSON body signed with the app secret. */
export async function postWhatsAppWebhook(
  url: string,
  body: string,
  signature: string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body,
  });
  return { status: response.status, text: await response.text() };
}
