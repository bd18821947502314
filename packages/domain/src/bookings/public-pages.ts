// The pages a passenger opens from a text, with no sign-in (spec §2 public routes /digital-duty-slip and
// /feedback): what their links are for, the slip's approval states, and what the passenger may send.
// Checked alike by the web page before it sends, by the gateway, and by bookings (which checks again).
import { z } from 'zod';
import { plainText } from '../validation/text';

/** What a link opens: one duty's digital slip (and its answer), or one duty's feedback form. */
export const PUBLIC_LINK_PURPOSES = ['DIGITAL_DUTY_SLIP', 'FEEDBACK'] as const;
export type PublicLinkPurpose = (typeof PUBLIC_LINK_PURPOSES)[number];

/** The short paths links are texted as (a text's variables are short), redirected to the pages. */
export const PUBLIC_LINK_SHORT_PATHS: Record<PublicLinkPurpose, string> = {
  DIGITAL_DUTY_SLIP: '/s',
  FEEDBACK: '/f',
};
export const PUBLIC_LINK_PAGE_PATHS: Record<PublicLinkPurpose, string> = {
  DIGITAL_DUTY_SLIP: '/digital-duty-slip',
  FEEDBACK: '/feedback',
};

/**
 * A link's token as it is issued: 16 random bytes (128 bits) in base64url, 22 characters. Anything else
 * is answered as an unknown link, never as a malformed one, so a guess learns nothing from the answer.
 */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const PUBLIC_TOKEN_BYTES = 16;

/** What the gateway takes as a token: any short text; bookings decides whether it is a link. */
export const publicTokenSchema = plainText().max(200, 'This link is not valid.');

/** A digital slip's approval: waiting for the passenger, or answered (or taken as accepted). */
export const SLIP_APPROVAL_STATES = ['PENDING', 'ACCEPTED', 'REJECTED', 'AUTO_ACCEPTED'] as const;
export type SlipApprovalState = (typeof SLIP_APPROVAL_STATES)[number];
export const SLIP_APPROVAL_LABELS: Record<SlipApprovalState, string> = {
  PENDING: 'Waiting for the passenger',
  ACCEPTED: 'Accepted by the passenger',
  REJECTED: 'Rejected by the passenger',
  AUTO_ACCEPTED: 'Accepted (no answer in time)',
};

/** Hours after which an unanswered slip counts as accepted, when neither customer nor operator says. */
export const DEFAULT_SLIP_AUTO_ACCEPT_HOURS = 48;

/** The signature drawn on the passenger's screen: a PNG as a data URL, at most 300 kB of text. */
export const SIGNATURE_DATA_URL_MAX = 300 * 1024;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export const signatureDataUrlSchema = z
  .string()
  .max(SIGNATURE_DATA_URL_MAX, 'The signature is too large; clear it and sign again.')
  .regex(PNG_DATA_URL, 'Sign in the box (the signature is sent as a PNG image).');

export const SLIP_REASON_MAX = 500;

/**
 * The passenger's answer on the slip's page. Accepting needs a signature drawn there unless the passenger
 * signed on the driver's phone, which only bookings knows; it says so, naming `signature`.
 */
export const publicSlipAnswerSchema = z
  .object({
    token: publicTokenSchema,
    decision: z.enum(['ACCEPT', 'REJECT'], { message: 'Accept or reject the slip.' }),
    reason: plainText()
      .trim()
      .max(SLIP_REASON_MAX, `Keep the reason to ${SLIP_REASON_MAX} characters or fewer.`)
      .optional()
      .transform((reason) => reason ?? ''),
    signature: signatureDataUrlSchema.optional(),
  })
  .superRefine((answer, ctx) => {
    if (answer.decision === 'REJECT' && answer.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say what is wrong with the slip.' });
    }
  });
export type PublicSlipAnswerInput = z.input<typeof publicSlipAnswerSchema>;
export type PublicSlipAnswer = z.output<typeof publicSlipAnswerSchema>;

export const publicTokenInput = z.object({ token: publicTokenSchema });
