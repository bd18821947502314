import type { ConnectRouter } from '@connectrpc/connect';
import { pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { TEMPLATE_VARIABLES } from '../domain/templates';
import { messageToProto } from '../mappers';
import type { MessageLog } from '../use-cases/message-log';
import type { SendBookingMessage } from '../use-cases/send-booking-message';
import type { Templates } from '../use-cases/templates';
import { templateToProto } from './template-mappers';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function messagingRoutes(useCases: {
  messageLog: MessageLog;
  templates: Templates;
  sendBookingMessage: SendBookingMessage;
}) {
  return (router: ConnectRouter) =>
    router.service(MessagingService, {
      async listMessages(req, ctx) {
        const page = await useCases.messageLog.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          type: req.type,
          status: req.status,
          bookingId: req.bookingId,
        });
        return { messages: page.items.map(messageToProto), pageInfo: pageInfoToProto(page) };
      },
      async listTemplates(_req, ctx) {
        const templates = await useCases.templates.list(tenantCallerOf(ctx));
        return { templates: templates.map(templateToProto), variables: [...TEMPLATE_VARIABLES] };
      },
      async saveTemplate(req, ctx) {
        return { template: templateToProto(await useCases.templates.save(tenantCallerOf(ctx), req)) };
      },
      async resetTemplate(req, ctx) {
        return { template: templateToProto(await useCases.templates.reset(tenantCallerOf(ctx), req)) };
      },
      async previewTemplate(req, ctx) {
        const preview = await useCases.templates.preview(tenantCallerOf(ctx), req);
        return {
          text: preview.text,
          subject: preview.subject,
          emptyVariables: preview.empty,
          cutVariables: preview.cut,
          bookingId: preview.bookingId,
          bookingNo: BigInt(preview.bookingNo),
        };
      },
      async sendBookingMessage(req, ctx) {
        const sent = await useCases.sendBookingMessage.send(tenantCallerOf(ctx), {
          what: req.what,
          bookingId: req.bookingId,
          requestId: req.requestId,
          channels: req.channels,
          recipients: req.recipients,
        });
        return { messages: sent.map(messageToProto) };
      },
    });
}
