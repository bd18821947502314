import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { MessageTemplateSchema } from '@fleet/proto/fleet/messaging/v1/template_pb';
import type { TemplateView } from '../use-cases/templates';

export function templateToProto(t: TemplateView): MessageInitShape<typeof MessageTemplateSchema> {
  return {
    type: t.type,
    channel: t.channel,
    body: t.body,
    subject: t.subject,
    dltTemplateId: t.dltTemplateId,
    senderId: t.senderId,
    isDefault: t.isDefault,
    version: t.version,
    updatedByUserId: t.updatedBy ?? '',
    updatedAt: t.updatedAt ? timestampFromDate(new Date(t.updatedAt)) : undefined,
  };
}
