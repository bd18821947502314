// MSG91's delivery reports (its SMS webhook), at POST /api/webhooks/sms/msg91/<MSG91_WEBHOOK_SECRET>.
// MSG91 signs nothing, so the URL itself is the credential: an unguessable secret, compared in constant
// time; any other URL is answered exactly as a path that does not exist. The reports are read here and
// recorded by messaging, which the gateway calls as the system (never as a person).
//
// MSG91's webhook, version 2 (the classic one, and the default of its SMS webhook), posts
// `application/x-www-form-urlencoded` with `data` holding a JSON array of requests:
//   data=[{"senderId":"FLEETS","requestId":"<id MSG91 answered at send>","userId":"…","campaignName":"API",
//          "report":[{"date":"2024-05-22 10:06:20","number":"919800000001","status":"1","desc":"DELIVERED",
//                     "failedReason":""}]}]
// Version 3 posts one JSON object per number: {"requestId":…,"number":…,"status":…,"desc":…,"date":…}.
// Both are read, as is version 2's array sent as JSON ({"data":"[…]"} or the array itself). Statuses: 1
// delivered; 2 failed, 9 NDNC, 16 and 25 rejected, 17 a blocked number; others are not final and are
// left for the report that follows.
import { createHash, timingSafeEqual } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { callAs, fromConnectError, type Logger, SYSTEM_PERMISSION, serviceCaller } from '@fleet/platform';
import {
  type DeliveryReport,
  DeliveryReportSchema,
} from '@fleet/proto/fleet/messaging/v1/messaging_service_pb';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { MessagingClient } from '../context';
import { replyWithError } from './reply';

export const MSG91_WEBHOOK_PATH = '/api/webhooks/sms/msg91';
/** MSG91 posts one request's numbers together; a few hundred kB is far beyond any real report. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const DELIVERED = new Set(['1']);
const UNDELIVERED = new Set(['2', '9', '16', '17', '25']);

const text = (max: number) => z.string().max(max);
const numberReport = z.object({
  number: z.string().regex(/^[1-9]\d{7,14}$/, 'number: expected digits with the country code'),
  status: z.union([z.string(), z.number()]).transform(String).pipe(text(4)),
  desc: text(200).optional(),
  failedReason: text(300).optional(),
  date: text(40).optional(),
});
const requestId = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'requestId: expected MSG91’s request id');
const v2Request = z.object({ requestId, report: z.array(numberReport).min(1).max(1_000) });
const v2Body = z.array(v2Request).min(1).max(1_000);
const v3Body = numberReport.extend({ requestId });

type NumberReport = z.infer<typeof numberReport>;

/** MSG91's date, `YYYY-MM-DD HH:mm:ss` in India's time; undefined when it is not one. */
function dateOf(value: string | undefined): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function reportOf(id: string, r: NumberReport): DeliveryReport | undefined {
  const delivered = DELIVERED.has(r.status);
  if (!delivered && !UNDELIVERED.has(r.status)) return undefined;
  const at = dateOf(r.date);
  return create(DeliveryReportSchema, {
    providerMessageId: id,
    recipientPhone: `+${r.number}`,
    status: delivered ? 'DELIVERED' : 'UNDELIVERED',
    error: delivered ? '' : r.failedReason || r.desc || `MSG91 status ${r.status}`,
    reportedAt: at ? timestampFromDate(at) : undefined,
  });
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The reports a body holds, or the reason it is not one of MSG91's. */
export function parseMsg91Reports(
  contentType: string,
  body: string,
): { reports: DeliveryReport[] } | { problem: string } {
  let payload: unknown;
  if (contentType === 'application/x-www-form-urlencoded') {
    const data = new URLSearchParams(body).get('data');
    if (data === null) return { problem: 'expected the form field data' };
    payload = parseJson(data);
  } else if (contentType === 'application/json') {
    payload = parseJson(body);
    if (typeof payload === 'object' && payload !== null && 'data' in payload) {
      payload = typeof payload.data === 'string' ? parseJson(payload.data) : payload.data;
    }
  } else {
    return { problem: 'expected application/x-www-form-urlencoded or application/json' };
  }
  if (payload === undefined) return { problem: 'expected JSON' };
  const v2 = v2Body.safeParse(payload);
  if (v2.success) {
    const reports = v2.data.flatMap((r) => r.report.map((n) => reportOf(r.requestId, n)));
    return { reports: reports.filter((r): r is DeliveryReport => r !== undefined) };
  }
  const v3 = z.union([v3Body, z.array(v3Body).min(1).max(1_000)]).safeParse(payload);
  if (v3.success) {
    const reports = (Array.isArray(v3.data) ? v3.data : [v3.data]).map((r) => reportOf(r.requestId, r));
    return { reports: reports.filter((r): r is DeliveryReport => r !== undefined) };
  }
  const issue = v2.error.issues[0];
  return { problem: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not a delivery report' };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `given` is the secret; the time it takes does not depend on how much of it matches. */
function isSecret(secret: string | undefined, given: string): boolean {
  if (!secret) return false;
  return timingSafeEqual(digest(secret), digest(given));
}

/** The path as logs may show it: the secret segment of the webhook's URL replaced. */
export function withoutWebhookSecret(path: string): string {
  return path.startsWith(`${MSG91_WEBHOOK_PATH}/`) ? `${MSG91_WEBHOOK_PATH}/[secret]` : path;
}

export function msg91WebhookRouter(options: {
  /** MSG91_WEBHOOK_SECRET; unset, the webhook does not exist. */
  secret: string | undefined;
  messaging: MessagingClient;
  logger: Logger;
}): Router {
  const router = Router();
  const notFound = (req: Request, res: Response) =>
    replyWithError(req, res, 404, 'NOT_FOUND', 'There is nothing at this address.');

  router.post(
    '/:secret',
    (req, res, next) => (isSecret(options.secret, req.params.secret ?? '') ? next() : notFound(req, res)),
    express.text({ type: () => true, limit: MAX_WEBHOOK_BYTES }),
    async (req, res) => {
      const contentType = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const body = typeof req.body === 'string' ? req.body : '';
      const parsed = parseMsg91Reports(contentType, body);
      if ('problem' in parsed) {
        replyWithError(req, res, 400, 'BAD_REQUEST', `Not a delivery report of MSG91: ${parsed.problem}.`);
        return;
      }
      try {
        let changed = 0;
        if (parsed.reports.length > 0) {
          const caller = serviceCaller('gateway', {
            requestId: res.locals.requestId as string,
            permissions: [SYSTEM_PERMISSION.recordDeliveryReports],
          });
          ({ changed } = await options.messaging.recordDeliveryReports(
            { provider: 'msg91', reports: parsed.reports },
            callAs(caller),
          ));
        }
        res.status(200).json({ received: parsed.reports.length, changed });
      } catch (error) {
        const failure = fromConnectError(error);
        if (failure.code === 'INVALID_ARGUMENT') {
          replyWithError(req, res, 400, 'BAD_REQUEST', `Not a delivery report of MSG91: ${failure.message}`);
          return;
        }
        // MSG91 calls again when it is not answered 2xx: nothing is lost while messaging is away.
        options.logger.error({ err: error }, 'MSG91 delivery reports not recorded');
        replyWithError(
          req,
          res,
          503,
          'INTERNAL_SERVER_ERROR',
          'The reports could not be recorded; try again.',
        );
      }
    },
  );
  router.use(notFound);
  // A body over the limit (announced or chunked) is cut off while reading: too large, not our failure.
  router.use((error: { type?: string }, req: Request, res: Response, next: (e?: unknown) => void) => {
    if (error?.type !== 'entity.too.large') {
      next(error);
      return;
    }
    replyWithError(
      req,
      res,
      413,
      'PAYLOAD_TOO_LARGE',
      `Not a delivery report of MSG91: the body is over ${MAX_WEBHOOK_BYTES} bytes.`,
      { reason: 'PAYLOAD_TOO_LARGE' },
    );
  });
  return router;
}
