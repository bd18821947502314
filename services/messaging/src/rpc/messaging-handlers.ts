import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import {
  callerOf,
  invalidField,
  pageInfoToProto,
  pageRequestFromProto,
  requireServiceCaller,
  SYSTEM_PERMISSION,
  tenantCallerOf,
} from '@fleet/platform';
import { MessagingService } from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import { chatMessageToProto, conversationToProto, webhookEventsFromProto } from '../chat-mappers';
import { TEMPLATE_VARIABLES } from '../domain/templates';
import { messageToProto } from '../mappers';
import type { DeliveryReports } from '../use-cases/delivery-reports';
import type { DriverChat } from '../use-cases/driver-chat';
import type { MessageLog } from '../use-cases/message-log';
import type { SendBookingMessage } from '../use-cases/send-booking-message';
import type { SignInCodes } from '../use-cases/sign-in-codes';
import type { Templates } from '../use-cases/templates';
import { templateToProto } from './template-mappers';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function messagingRoutes(useCases: {
  messageLog: MessageLog;
  deliveryReports: DeliveryReports;
  signInCodes: SignInCodes;
  driverChat: DriverChat;
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
      async getBookingChat(req, ctx) {
        const threads = await useCases.driverChat.forBooking(tenantCallerOf(ctx), req.bookingId);
        return {
          threads: threads.map((t) => ({
            conversation: conversationToProto(t.conversation),
            messages: t.messages.map(chatMessageToProto),
          })),
        };
      },
      async sendChatMessage(req, ctx) {
        const caller = tenantCallerOf(ctx);
        const { content } = req;
        if (content.case === undefined)
          throw invalidField('content', 'Send either a text or the duty again.');
        const message = await useCases.driverChat.send(
          caller,
          content.case === 'text'
            ? { conversationId: req.conversationId, kind: 'TEXT', text: content.value }
            : { conversationId: req.conversationId, kind: 'RESEND_DUTY' },
        );
        return { message: chatMessageToProto(message) };
      },
      async resolveChatConversation(req, ctx) {
        const conversation = await useCases.driverChat.resolve(tenantCallerOf(ctx), req.conversationId);
        return { conversation: conversationToProto(conversation) };
      },
      async receiveChatWebhook(req, ctx) {
        // The system check comes before the events are read: nobody else learns what a good delivery looks like.
        const caller = requireServiceCaller(callerOf(ctx), ['gateway'], SYSTEM_PERMISSION.receiveChatWebhook);
        const { events, refused } = webhookEventsFromProto(req.events);
        const applied = await useCases.driverChat.receiveWebhook(caller, events, refused);
        return { applied };
      },
      async getMessage(req, ctx) {
        return { message: messageToProto(await useCases.messageLog.get(tenantCallerOf(ctx), req.id)) };
      },
      async resendMessage(req, ctx) {
        const row = await useCases.messageLog.resend(tenantCallerOf(ctx), req.id, req.idempotencyKey);
        return { message: messageToProto(row) };
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
