// The files an email carries, fetched from their owner when it is sent: the log keeps only their names.
import type { Client } from '@connectrpc/connect';
import { PERMISSION } from '@fleet/domain';
import { callAs, type EmailAttachment, serviceCaller } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import type { MessageAttachment } from '../storage/messages-store';

/** Fetches one attachment of an operator's email; rejects when it cannot be had now. */
export type AttachmentSource = (tenantId: string, attachment: MessageAttachment) => Promise<EmailAttachment>;

/**
 * Duty slips from bookings' RenderDutySlip, asked as the messaging service itself (no person is behind
 * the delivery worker) for the email's operator, holding only the permission to print a slip.
 */
export function bookingsAttachments(bookings: () => Client<typeof BookingsService>): AttachmentSource {
  return async (tenantId, attachment) => {
    const caller = serviceCaller('messaging', { tenantId, permissions: [PERMISSION.view_duty_slip] });
    const slip = await bookings().renderDutySlip(
      { id: attachment.bookingId, variant: 'SALES' },
      callAs(caller, { timeoutMs: 30_000 }),
    );
    return { fileName: attachment.fileName, contentType: 'application/pdf', content: slip.pdf };
  };
}
