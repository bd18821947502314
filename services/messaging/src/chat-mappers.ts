import type { MessageInitShape } from '@bufbuild/protobuf';
import { type Timestamp, timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { type ChatFailureKind, type ChatWebhookEvent, DomainError, invalidField } from '@fleet/platform';
import type {
  ChatConversationSchema,
  ChatMessageSchema,
  ChatWebhookEvent as ChatWebhookEventProto,
} from '@fleet/proto/fleet/messaging/v1/chat_pb';
import { z } from 'zod';
import { windowOpenUntil } from './domain/chat-flow';
import type { ChatMessageRow, ConversationRow } from './storage/chat-store';

const stamp = (value: Date | null) => (value ? timestampFromDate(new Date(value)) : undefined);
const parameters = z.array(z.string());

export function conversationToProto(row: ConversationRow): MessageInitShape<typeof ChatConversationSchema> {
  const lastInboundAt = row.lastInboundAt ? new Date(row.lastInboundAt) : null;
  return {
    id: row.id,
    bookingId: row.bookingId,
    bookingNo: BigInt(row.bookingNo),
    driverName: row.driverName,
    driverPhone: row.driverPhone,
    flowStatus: row.flowStatus,
    lastInboundAt: stamp(lastInboundAt),
    windowOpenUntil: stamp(windowOpenUntil(lastInboundAt)),
    fallbackMessageId: row.fallbackMessageId ?? '',
    resolvedBy: row.resolvedBy ?? '',
    resolvedAt: stamp(row.resolvedAt),
    createdAt: stamp(row.createdAt),
    updatedAt: stamp(row.updatedAt),
  };
}

export function chatMessageToProto(row: ChatMessageRow): MessageInitShape<typeof ChatMessageSchema> {
  const templateParameters = parameters.safeParse(row.templateParameters);
  return {
    id: row.id,
    conversationId: row.conversationId,
    direction: row.direction,
    kind: row.kind,
    text: row.text,
    templateName: row.templateName ?? '',
    templateLanguage: row.templateLanguage ?? '',
    templateParameters: templateParameters.success ? templateParameters.data : [],
    whatsappMessageId: row.whatsappMessageId ?? '',
    status: row.status,
    error: row.error ?? '',
    errorCode: row.errorCode ?? 0,
    sentBy: row.sentBy ?? '',
    attempts: row.attempts,
    createdAt: stamp(row.createdAt),
    sentAt: stamp(row.sentAt),
    deliveredAt: stamp(row.deliveredAt),
    readAt: stamp(row.readAt),
  };
}

const FAILURES = [
  'not_on_whatsapp',
  'reengagement_required',
  'rate_limited',
  'auth',
  'network',
  'rejected',
] as const satisfies readonly ChatFailureKind[];

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'is not a number in international form');
const wamid = z.string().min(1, 'is empty').max(512, 'is too long');
const text = z
  .string()
  .max(4096, 'is too long')
  .refine((t) => !t.includes('\u0000'), 'holds a NUL');

/**
 * The webhook's events as the gateway forwards them, checked field by field. An event that fails its
 * checks is left out with the reason, and the others are taken: Meta delivers a refused batch again
 * whole, so one bad event would hold back the good ones beside it for ever.
 */
export function webhookEventsFromProto(events: readonly ChatWebhookEventProto[]): {
  events: ChatWebhookEvent[];
  refused: string[];
} {
  const taken: ChatWebhookEvent[] = [];
  const refused: string[] = [];
  for (const [i, event] of events.entries()) {
    try {
      taken.push(webhookEventFromProto(event, i));
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'INVALID_ARGUMENT') throw error;
      refused.push(error.message);
    }
  }
  return { events: taken, refused };
}

function webhookEventFromProto(event: ChatWebhookEventProto, i: number): ChatWebhookEvent {
  const at = (value: Timestamp | undefined, field: string) => {
    if (!value) throw invalidField(field, 'is missing');
    return timestampDate(value);
  };
  const check = <T>(schema: z.ZodType<T>, value: unknown, field: string): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw invalidField(field, `${field} ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    return parsed.data;
  };
  const where = `events.${i}`;
  if (event.event.case === 'status') {
    const s = event.event.value;
    const failure = s.failure ? check(z.enum(FAILURES), s.failure, `${where}.status.failure`) : undefined;
    return {
      kind: 'status',
      businessNumberId: check(wamid, s.businessNumberId, `${where}.status.businessNumberId`),
      providerMessageId: check(wamid, s.whatsappMessageId, `${where}.status.whatsappMessageId`),
      status: check(z.enum(['sent', 'delivered', 'read', 'failed']), s.status, `${where}.status.status`),
      recipient: check(e164, s.recipient, `${where}.status.recipient`),
      at: at(s.at, `${where}.status.at`),
      ...(failure
        ? {
            error: {
              code: s.errorCode,
              title: check(text, s.errorTitle, `${where}.status.errorTitle`),
              ...(s.errorDetails
                ? { details: check(text, s.errorDetails, `${where}.status.errorDetails`) }
                : {}),
              failure,
            },
          }
        : {}),
    };
  }
  if (event.event.case === 'message') {
    const m = event.event.value;
    const type = check(z.enum(['text', 'button', 'other']), m.type, `${where}.message.type`);
    const words = check(text, m.text, `${where}.message.text`);
    return {
      kind: 'message',
      businessNumberId: check(wamid, m.businessNumberId, `${where}.message.businessNumberId`),
      providerMessageId: check(wamid, m.whatsappMessageId, `${where}.message.whatsappMessageId`),
      from: check(e164, m.from, `${where}.message.from`),
      at: at(m.at, `${where}.message.at`),
      ...(m.senderName ? { senderName: check(text, m.senderName, `${where}.message.senderName`) } : {}),
      ...(m.contextMessageId
        ? { contextMessageId: check(wamid, m.contextMessageId, `${where}.message.contextMessageId`) }
        : {}),
      content:
        type === 'text'
          ? { type, text: words }
          : type === 'button'
            ? { type, text: words, payload: check(text, m.payload, `${where}.message.payload`) }
            : { type, messageType: check(wamid, m.otherType, `${where}.message.otherType`) },
    };
  }
  throw invalidField(where, `${where} is neither a status nor a message`);
}
