// Providers' delivery reports, as the gateway's webhook forwards them: each matching SENT message
// becomes DELIVERED or UNDELIVERED, and its operator hears of it. Only the gateway, as the system, may
// record them: a person could otherwise mark any text delivered.
import {
  type Caller,
  type Database,
  parseOrThrow,
  requireServiceCaller,
  SYSTEM_PERMISSION,
} from '@fleet/platform';
import { z } from 'zod';
import { MessagingEvents, messagingOutbox } from '../events/published';
import { messageToProto } from '../mappers';
import { type DeliveryReportInput, recordDeliveryReports } from '../storage/messages-store';

/** The services that may record them: the gateway, where providers' webhooks arrive. */
const REPORTERS = ['gateway'];
/** The most reports one call may carry (MSG91 posts one request's numbers together). */
export const MAX_REPORTS = 1_000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const reportSchema = z.object({
  providerMessageId: z
    .string()
    .regex(
      /^[A-Za-z0-9._:-]{1,100}$/,
      'Give the provider’s id of the message: 1 to 100 letters, digits and . _ : -',
    ),
  phone: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'Give the number in international form, such as +919800000001.'),
  status: z.enum(['DELIVERED', 'UNDELIVERED'], { message: 'The status is DELIVERED or UNDELIVERED.' }),
  error: z
    .string()
    .max(500, 'The reason is at most 500 characters.')
    .refine((text) => !CONTROL.test(text), 'The reason holds control characters.'),
  reportedAt: z.date().nullable(),
});

const inputSchema = z.object({
  provider: z.enum(['msg91'], { message: 'The provider is msg91.' }),
  reports: z
    .array(reportSchema)
    .min(1, 'Give at least one report.')
    .max(MAX_REPORTS, `At most ${MAX_REPORTS} reports at once.`),
});

/** Reports as they arrive, each field checked here. */
export interface DeliveryReportsInput {
  provider: string;
  reports: {
    providerMessageId: string;
    phone: string;
    status: string;
    error: string;
    reportedAt: Date | null;
  }[];
}

/** Of the same message's reports in one call, the one that says the most: delivered over not. */
function strongest(reports: DeliveryReportInput[]): DeliveryReportInput[] {
  const byMessage = new Map<string, DeliveryReportInput>();
  for (const report of reports) {
    const key = `${report.providerMessageId} ${report.phone}`;
    const held = byMessage.get(key);
    if (!held || (held.status === 'UNDELIVERED' && report.status === 'DELIVERED')) byMessage.set(key, report);
  }
  return [...byMessage.values()];
}

export function createDeliveryReports(deps: { db: Database }) {
  return {
    /** Answers how many messages the reports changed. */
    async record(caller: Caller, input: DeliveryReportsInput): Promise<number> {
      requireServiceCaller(caller, REPORTERS, SYSTEM_PERMISSION.recordDeliveryReports);
      const { provider, reports } = parseOrThrow(inputSchema, input);
      return deps.db.asSystem(async (tx) => {
        const changed = await recordDeliveryReports(tx, provider, strongest(reports));
        for (const row of changed) {
          // A sign-in code belongs to no operator: no event tells of it.
          if (!row.tenantId) continue;
          await messagingOutbox.enqueue(
            tx,
            MessagingEvents.messageDeliveryReported,
            { tenantId: row.tenantId, message: messageToProto(row) },
            { tenantId: row.tenantId, requestId: caller.requestId },
          );
        }
        return changed.length;
      });
    },
  };
}

export type DeliveryReports = ReturnType<typeof createDeliveryReports>;
