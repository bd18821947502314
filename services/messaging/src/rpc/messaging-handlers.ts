import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { callerOf, pageInfoToProto, pageRequestFromProto, tenantCallerOf } from '@fleet/platform';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { messageToProto } from '../mappers';
import type { DeliveryReports } from '../use-cases/delivery-reports';
import type { MessageLog } from '../use-cases/message-log';
import type { SignInCodes } from '../use-cases/sign-in-codes';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function messagingRoutes(useCases: {
  messageLog: MessageLog;
  deliveryReports: DeliveryReports;
  signInCodes: SignInCodes;
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
      async recordDeliveryReports(req, ctx) {
        const changed = await useCases.deliveryReports.record(callerOf(ctx), {
          provider: req.provider,
          reports: req.reports.map((r) => ({
            providerMessageId: r.providerMessageId,
            phone: r.recipientPhone,
            status: r.status,
            error: r.error,
            reportedAt: r.reportedAt ? timestampDate(r.reportedAt) : null,
          })),
        });
        return { changed };
      },
      async sendSignInCode(req, ctx) {
        const outcome = await useCases.signInCodes.send(callerOf(ctx), {
          phone: req.phone,
          code: req.code,
          text: req.text,
          expiresAt: req.expiresAt ? timestampDate(req.expiresAt) : undefined,
        });
        return outcome.sent ? { sent: true } : { sent: false, error: outcome.error };
      },
    });
}
