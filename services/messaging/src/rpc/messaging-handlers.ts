import type { ConnectRouter } from '@connectrpc/connect';
import { pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { messageToProto } from '../mappers';
import type { MessageLog } from '../use-cases/message-log';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function messagingRoutes(useCases: { messageLog: MessageLog }) {
  return (router: ConnectRouter) =>
    router.service(MessagingService, {
      async listMessages(req, ctx) {
        const page = await useCases.messageLog.list(tenantCallerOf(ctx), {
          ...pageRequestFromProto(req.page),
          type: req.type,
          status: req.status,
          bookingId: req.bookingId,
          channel: req.channel,
          deliveryStatus: req.deliveryStatus,
          createdFrom: req.createdFrom,
          createdTo: req.createdTo,
          recipient: req.recipient,
          bookingNo: req.bookingNo.toString(),
          search: req.search,
        });
        return { messages: page.items.map(messageToProto), pageInfo: pageInfoToProto(page) };
      },
      async getMessage(req, ctx) {
        return { message: messageToProto(await useCases.messageLog.get(tenantCallerOf(ctx), req.id)) };
      },
      async resendMessage(req, ctx) {
        const row = await useCases.messageLog.resend(tenantCallerOf(ctx), req.id, req.idempotencyKey);
        return { message: messageToProto(row) };
      },
    });
}
