import { messageTemplateTypeOf } from '@fleet/domain';
import type { MessageTemplate } from '@fleet/proto/fleet/messaging/v1/template_pb';
import { dateOrNull, required, textOrNull } from '../shared-mappers';

export function templateToJson(t: MessageTemplate) {
  return {
    type: required(messageTemplateTypeOf(t.type), `a known message type (it said ${t.type})`),
    channel: t.channel === 'EMAIL' ? ('EMAIL' as const) : ('SMS' as const),
    body: t.body,
    subject: t.subject,
    dltTemplateId: t.dltTemplateId,
    senderId: t.senderId,
    /** The product's default: the operator has not worded this type itself. */
    isDefault: t.isDefault,
    /** What a save names; 0 for the default. */
    version: t.version,
    updatedByUserId: textOrNull(t.updatedByUserId),
    updatedAt: dateOrNull(t.updatedAt),
  };
}
export type MessageTemplateJson = ReturnType<typeof templateToJson>;
