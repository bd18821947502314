import type { MessageTemplate } from '@fleet/proto/fleet/messaging/v1/template_pb';
import { dateOrNull, textOrNull } from '../shared-mappers';
import type { TEMPLATE_TYPES } from './inputs';

export function templateToJson(t: MessageTemplate) {
  return {
    type: t.type as (typeof TEMPLATE_TYPES)[number],
    channel: t.channel as 'SMS' | 'EMAIL',
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
