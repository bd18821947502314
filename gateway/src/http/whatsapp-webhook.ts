// WhatsApp's webhook, public (Meta calls it, no session): GET answers the subscription handshake with
// the verify token, POST checks X-Hub-Signature-256 against the app secret over the raw bytes — it is
// mounted before any body parser, so the platform's handler reads them itself — and forwards the
// verified statuses and replies to messaging as the system. A forged or unsigned delivery is refused
// (401) and reaches no service; Meta is answered 200 only once messaging took the events. An event no
// service can take (a NUL in its text, an id thousands of characters long) is left out, logged, and
// the rest of its delivery taken: Meta would deliver a refused delivery again whole, good events too.

import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { nulPathIn } from '@fleet/domain';
import {
  type ChatWebhookEvent,
  callAs,
  createWhatsAppWebhookHandler,
  fromConnectError,
  type Logger,
  SYSTEM_PERMISSION,
  serviceCaller,
} from '@fleet/platform';
import type { ChatWebhookEventSchema } from '@fleet/proto/fleet/messaging/v1/chat_pb';
import { type Request, type Response, Router } from 'express';
import type { GatewayConfig } from '../config';
import type { MessagingClient } from '../context';

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';

/** The webhook's events as messaging's ReceiveChatWebhook takes them. */
export function webhookEventsToProto(
  events: readonly ChatWebhookEvent[],
): MessageInitShape<typeof ChatWebhookEventSchema>[] {
  return events.map((event) =>
    event.kind === 'status'
      ? {
          event: {
            case: 'status',
            value: {
              businessNumberId: event.businessNumberId,
              whatsappMessageId: event.providerMessageId,
              status: event.status,
              recipient: event.recipient,
              at: timestampFromDate(event.at),
              errorCode: event.error?.code ?? 0,
              errorTitle: event.error?.title ?? '',
              errorDetails: event.error?.details ?? '',
              failure: event.error?.failure ?? '',
            },
          },
        }
      : {
          event: {
            case: 'message',
            value: {
              businessNumberId: event.businessNumberId,
              whatsappMessageId: event.providerMessageId,
              from: event.from,
              senderName: event.senderName ?? '',
              at: timestampFromDate(event.at),
              contextMessageId: event.contextMessageId ?? '',
              type: event.content.type,
              text: event.content.type === 'other' ? '' : event.content.text,
              payload: event.content.type === 'button' ? event.content.payload : '',
              otherType: event.content.type === 'other' ? event.content.messageType : '',
            },
          },
        },
  );
}

export function whatsAppWebhookRouter(options: {
  config: Pick<GatewayConfig, 'WHATSAPP_APP_SECRET' | 'WHATSAPP_VERIFY_TOKEN'>;
  messaging: MessagingClient;
  logger: Logger;
}): Router {
  const router = Router();
  const handlerFor = (req: Request, res: Response) =>
    createWhatsAppWebhookHandler({
      // Unset, the platform's checks refuse every delivery and every handshake.
      appSecret: options.config.WHATSAPP_APP_SECRET ?? '',
      verifyToken: options.config.WHATSAPP_VERIFY_TOKEN ?? '',
      logger: req.log ?? options.logger,
      async onEvents(events) {
        const log = req.log ?? options.logger;
        // No service takes a NUL (PostgreSQL cannot store it): such an event is left out here, the
        // others go on. Messaging leaves out the events that fail its own checks the same way.
        const taken = events.filter((event, index) => {
          const at = nulPathIn(event);
          if (at !== undefined) log.warn({ index, at }, 'a WhatsApp webhook event holding a NUL left out');
          return at === undefined;
        });
        if (taken.length === 0) return;
        try {
          await options.messaging.receiveChatWebhook(
            { events: webhookEventsToProto(taken) },
            callAs(
              serviceCaller('gateway', {
                permissions: [SYSTEM_PERMISSION.receiveChatWebhook],
                requestId: res.locals.requestId as string,
              }),
            ),
          );
        } catch (error) {
          // Refused as it stands, it would be refused again however often Meta delivers it.
          if (fromConnectError(error).code !== 'INVALID_ARGUMENT') throw error;
          log.warn({ err: error }, 'WhatsApp webhook events refused by messaging; not to be delivered again');
        }
      },
    });
  router.all('/', (req, res) => handlerFor(req, res)(req, res));
  return router;
}
