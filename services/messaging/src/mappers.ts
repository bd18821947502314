import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { MessageSchema } from '@fleet/proto/fleet/messaging/v1/message_pb';
import { attachmentsOf, type MessageRow } from './storage/messages-store';

export function messageToProto(row: MessageRow): MessageInitShape<typeof MessageSchema> {
  return {
    id: row.id,
    type: row.type,
    channel: row.channel,
    recipientRole: row.recipientRole,
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    bookingId: row.bookingId ?? '',
    bookingNo: BigInt(row.bookingNo ?? '0'),
    text: row.text,
    status: row.status,
    provider: row.provider ?? '',
    providerMessageId: row.providerMessageId ?? '',
    error: row.error ?? '',
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt ? timestampFromDate(new Date(row.nextAttemptAt)) : undefined,
    createdAt: timestampFromDate(new Date(row.createdAt)),
    sentAt: row.sentAt ? timestampFromDate(new Date(row.sentAt)) : undefined,
    recipientEmail: row.recipientEmail,
    subject: row.subject,
    attachmentNames: attachmentsOf(row.attachments).map((a) => a.fileName),
    dltTemplateId: row.dltTemplateId,
    senderId: row.senderId,
    deliveryStatus: row.deliveryStatus ?? '',
    deliveryError: row.deliveryError ?? '',
    deliveredAt: row.deliveredAt ? timestampFromDate(new Date(row.deliveredAt)) : undefined,
    requestedBy: row.requestedBy ?? '',
    resentFromId: row.resentFromId ?? '',
  };
}
