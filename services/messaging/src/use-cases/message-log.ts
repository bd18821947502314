// The operator's message log: newest first, filtered by channel, type, status, delivery report, date,
// recipient and booking, searched by the recipient's name, phone or email or the booking's number,
// cursor paged; one message in full; and a message sent again. Every filter is checked (zod) before
// it reaches SQL, naming the field it is wrong in; seeing the log needs view_sms.
import {
  addCalendarDays,
  emailSchema,
  getPermission,
  isoDateSchema,
  MESSAGE_DELIVERY_FILTERS,
  MESSAGE_LOG_CHANNELS,
  MESSAGE_LOG_PERMISSION,
  MESSAGE_LOG_STATUSES,
  MESSAGE_LOG_TYPES,
  operatorInstant,
  phoneSchema,
  plainText,
  resendPermissionFor,
} from '@fleet/domain';
import {
  type Caller,
  conflict,
  type Database,
  invalidField,
  notFound,
  type Page,
  pageSize,
  permissionDenied,
  requireId,
  type SortDirection,
  sortKey,
  toPage,
} from '@fleet/platform';
import { z } from 'zod';
import { channelOf, isMessageType, RECIPIENT_ROLES, type RecipientRole } from '../domain/message-types';
import { messageSearchTermOf, paddedBookingNoOf } from '../domain/search-terms';
import {
  attachmentsOf,
  getMessage,
  insertMessages,
  listMessages,
  type MessageListQuery,
  type MessageRow,
  messagesOfEvent,
  paymentLinkTokenOf,
} from '../storage/messages-store';

export const VIEW_SMS = MESSAGE_LOG_PERMISSION;

export interface MessageListInput {
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: SortDirection;
  channel?: string;
  type?: string;
  status?: string;
  deliveryStatus?: string;
  createdFrom?: string;
  createdTo?: string;
  recipient?: string;
  bookingId?: string;
  /** A booking number; '' or '0' means any. */
  bookingNo?: string;
  search?: string;
}

/** Empty means "any": the proto's unset string. */
const orUnset = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

const filtersSchema = z.object({
  channel: orUnset(
    z.enum(MESSAGE_LOG_CHANNELS, { error: `Choose one of ${MESSAGE_LOG_CHANNELS.join(', ')}.` }),
  ),
  type: orUnset(z.enum(MESSAGE_LOG_TYPES, { error: `Choose one of ${MESSAGE_LOG_TYPES.join(', ')}.` })),
  status: orUnset(
    z.enum(MESSAGE_LOG_STATUSES, { error: `Choose one of ${MESSAGE_LOG_STATUSES.join(', ')}.` }),
  ),
  deliveryStatus: orUnset(
    z.enum(MESSAGE_DELIVERY_FILTERS, { error: `Choose one of ${MESSAGE_DELIVERY_FILTERS.join(', ')}.` }),
  ),
  createdFrom: orUnset(isoDateSchema),
  createdTo: orUnset(isoDateSchema),
  recipient: orUnset(
    z.union([phoneSchema, emailSchema], {
      error: 'Enter a phone number with country code (+919812345678) or an email address.',
    }),
  ),
  bookingNo: orUnset(z.string().regex(/^\d{1,15}$/, 'Enter a booking number.')),
  search: orUnset(plainText().max(100, 'Search with at most 100 characters.')),
});

/** The first problem zod finds, as a 400 naming its field. */
function checked<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw invalidField(issue?.path.join('.') || 'input', issue?.message ?? 'This is not valid.');
}

type TenantCaller = Caller & { tenantId: string };

function requireHeld(caller: Caller, permission: string, doing: string): void {
  if (!caller.permissions.includes(permission)) {
    const name = getPermission(permission)?.name ?? permission;
    throw permissionDenied(`You need the “${name}” permission to ${doing}.`);
  }
}

const variablesSchema = z.record(z.string(), z.string());

/** A list request checked (a 400 naming the field) and turned into the store's query. */
export function messageListQuery(input: MessageListInput): MessageListQuery {
  const limit = pageSize(input.limit);
  sortKey(input.sortBy, ['created_at'], 'created_at', 'Messages');
  const filters = checked(filtersSchema, {
    channel: input.channel,
    type: input.type,
    status: input.status,
    deliveryStatus: input.deliveryStatus,
    createdFrom: input.createdFrom,
    createdTo: input.createdTo,
    recipient: input.recipient,
    bookingNo: input.bookingNo === '0' ? '' : input.bookingNo,
    search: input.search,
  });
  if (filters.createdFrom && filters.createdTo && filters.createdTo < filters.createdFrom) {
    throw invalidField('createdTo', 'The last day comes on or after the first.');
  }
  const search = (filters.search ?? '').trim();
  const recipient = filters.recipient ?? '';
  const query: MessageListQuery = {
    limit,
    cursor: input.cursor || undefined,
    direction: input.direction ?? 'desc',
    channel: filters.channel || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
    deliveryStatus: filters.deliveryStatus || undefined,
    // The operator's days: from the first day's midnight to the midnight after the last.
    createdFrom: filters.createdFrom ? operatorInstant(filters.createdFrom, '00:00') : undefined,
    createdBefore: filters.createdTo
      ? operatorInstant(addCalendarDays(filters.createdTo, 1), '00:00')
      : undefined,
    recipientPhone: recipient.startsWith('+') ? recipient : undefined,
    recipientEmail: recipient && !recipient.startsWith('+') ? recipient : undefined,
    bookingId: input.bookingId ? requireId(input.bookingId, 'bookingId') : undefined,
    bookingNo: filters.bookingNo || undefined,
    searchTerm: search ? messageSearchTermOf(search) || undefined : undefined,
    bookingNoTerm: search ? paddedBookingNoOf(search) : undefined,
  };
  return query;
}

export function createMessageLog(deps: { db: Database }) {
  return {
    async list(caller: TenantCaller, input: MessageListInput): Promise<Page<MessageRow>> {
      requireHeld(caller, VIEW_SMS, 'see messages');
      const query = messageListQuery(input);
      const fetched = await deps.db.read(caller.tenantId, (tx) => listMessages(tx, query));
      return toPage(fetched, query.limit, (row) => [row.createdAtText, row.id]);
    },

    /** One message of the operator's log; another operator's, or a sign-in code, is not found. */
    async get(caller: TenantCaller, id: string): Promise<MessageRow> {
      requireHeld(caller, VIEW_SMS, 'see messages');
      const messageId = requireId(id, 'id');
      const row = await deps.db.read(caller.tenantId, (tx) => getMessage(tx, messageId));
      if (!row) throw notFound('The message');
      return row;
    },

    /**
     * Sends a message again: a new message copying the original's channel, type, recipient, text,
     * subject, attachments and DLT registration, naming the original and who asked, queued for the
     * delivery (or push) worker; a push goes to the driver's token of the moment it is sent. The client's idempotency key makes the resend's event id, so a double click (or
     * a retried request) writes one message and answers it both times.
     */
    async resend(caller: TenantCaller, id: string, idempotencyKey: string): Promise<MessageRow> {
      requireHeld(caller, VIEW_SMS, 'see messages');
      const messageId = requireId(id, 'id');
      const key = requireId(idempotencyKey, 'idempotencyKey');
      const eventId = `resend:${key}`;
      return deps.db.withTenant(caller.tenantId, async (tx) => {
        const original = await getMessage(tx, messageId);
        if (!original || !isMessageType(original.type) || original.type === 'SIGN_IN_CODE_SMS') {
          throw notFound('The message');
        }
        requireHeld(caller, resendPermissionFor(original.type), 'send this message again');
        const earlier = (await messagesOfEvent(tx, eventId))[0];
        if (earlier) {
          if (earlier.resentFromId !== original.id) {
            throw conflict(
              'This resend was already asked for another message; try again.',
              'IDEMPOTENCY_KEY_REUSED',
            );
          }
          return earlier;
        }
        const role: RecipientRole = RECIPIENT_ROLES.find((r) => r === original.recipientRole) ?? 'USER';
        // A payment request sent again carries the same link, put in when it is sent.
        const paymentLinkToken = await paymentLinkTokenOf(tx, original.id);
        const [written] = await insertMessages(tx, [
          {
            tenantId: caller.tenantId,
            eventId,
            type: original.type,
            channel: channelOf(original.type),
            role,
            name: original.recipientName,
            phone: original.recipientPhone,
            email: original.recipientEmail,
            ...(original.recipientDriverId ? { driverId: original.recipientDriverId } : {}),
            subject: original.subject,
            attachments: attachmentsOf(original.attachments),
            bookingId: original.bookingId,
            bookingNo: original.bookingNo,
            text: original.text,
            variables: variablesSchema.catch({}).parse(original.variables),
            dltTemplateId: original.dltTemplateId,
            senderId: original.senderId,
            requestedBy: caller.userId,
            resentFromId: original.id,
            ...(paymentLinkToken ? { paymentLinkToken } : {}),
          },
        ]);
        // Written by a request with this key racing this one: answer what it wrote.
        const resent = written ?? (await messagesOfEvent(tx, eventId))[0];
        if (!resent) throw conflict('This message is being sent again already; try again.');
        return resent;
      });
    },
  };
}

export type MessageLog = ReturnType<typeof createMessageLog>;
