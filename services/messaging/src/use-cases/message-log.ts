// The operator's message log: newest first, filtered by type, status and booking, cursor paged. Every
// filter is checked before it reaches SQL; seeing the log needs view_sms.
import { getPermission, SMS_TYPES } from '@fleet/domain';
import {
  type Caller,
  type Database,
  invalidField,
  type Page,
  pageSize,
  permissionDenied,
  requireId,
  type SortDirection,
  sortKey,
  toPage,
} from '@fleet/platform';
import { MESSAGE_STATUSES } from '../domain/message-types';
import { listMessages, type MessageRow } from '../storage/messages-store';

export const VIEW_SMS = 'view_sms';

export interface MessageListInput {
  limit?: number;
  cursor?: string;
  sortBy?: string;
  direction?: SortDirection;
  type?: string;
  status?: string;
  bookingId?: string;
}

const oneOf = (field: string, allowed: readonly string[], value: string | undefined) => {
  if (!value) return undefined;
  if (!allowed.includes(value)) throw invalidField(field, `Choose one of ${allowed.join(', ')}.`);
  return value;
};

export function createMessageLog(deps: { db: Database }) {
  return {
    async list(caller: Caller & { tenantId: string }, input: MessageListInput): Promise<Page<MessageRow>> {
      if (!caller.permissions.includes(VIEW_SMS)) {
        throw permissionDenied(`You need the “${getPermission(VIEW_SMS)?.name}” permission to see messages.`);
      }
      const limit = pageSize(input.limit);
      sortKey(input.sortBy, ['created_at'], 'created_at', 'Messages');
      const query = {
        limit,
        cursor: input.cursor || undefined,
        direction: input.direction ?? 'desc',
        type: oneOf('type', SMS_TYPES, input.type),
        status: oneOf('status', MESSAGE_STATUSES, input.status),
        bookingId: input.bookingId ? requireId(input.bookingId, 'bookingId') : undefined,
      };
      const fetched = await deps.db.read(caller.tenantId, (tx) => listMessages(tx, query));
      return toPage(fetched, limit, (row) => [row.createdAtText, row.id]);
    },
  };
}

export type MessageLog = ReturnType<typeof createMessageLog>;
