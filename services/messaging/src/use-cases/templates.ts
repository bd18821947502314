// The operator's message templates: every type with its own words or the default, saved against the
// version the person edited, reset to the default, and previewed against one of its bookings. Seeing
// them needs view_company_profile; changing them manage_company_profile (they are business settings).
import { getPermission, type PermissionId, shownBookingNo } from '@fleet/domain';
import {
  type Caller,
  conflict,
  type Database,
  invalidField,
  notFound,
  parseOrThrow,
  permissionDenied,
} from '@fleet/platform';
import { z } from 'zod';
import {
  DEFAULT_TEMPLATES,
  isTemplateType,
  renderMessage,
  TEMPLATE_TYPES,
  type TemplateText,
  type TemplateType,
  templateChannelOf,
  templateProblem,
  templateValues,
  unknownVariables,
} from '../domain/templates';
import { audienceOf, findBooking, findBookingByNo } from '../storage/audience-store';
import {
  deleteTemplate,
  findTemplate,
  listTemplates,
  saveTemplate,
  type TemplateRow,
} from '../storage/templates-store';

export const VIEW_TEMPLATES: PermissionId = 'view_company_profile';
export const MANAGE_TEMPLATES: PermissionId = 'manage_company_profile';

type TenantCaller = Caller & { tenantId: string; userId: string };

/** A type's template as the operator sees it: its own, or the default. */
export interface TemplateView extends TemplateText {
  type: TemplateType;
  channel: 'SMS' | 'EMAIL';
  isDefault: boolean;
  version: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

function require(caller: Caller, permission: PermissionId, what: string) {
  if (!caller.permissions.includes(permission)) {
    throw permissionDenied(`You need the “${getPermission(permission)?.name}” permission to ${what}.`);
  }
}

const viewOf = (type: TemplateType, row: TemplateRow | undefined): TemplateView =>
  row
    ? { ...row, type, channel: templateChannelOf(type), isDefault: false }
    : {
        ...DEFAULT_TEMPLATES[type],
        type,
        channel: templateChannelOf(type),
        isDefault: true,
        version: 0,
        updatedBy: null,
        updatedAt: null,
      };

/** Any string in, a template type out: the gRPC field is a string, the use case works with the type. */
const typeSchema = z.string().transform((value, ctx): TemplateType => {
  if (isTemplateType(value)) return value;
  ctx.addIssue({ code: 'custom', message: `Choose one of ${TEMPLATE_TYPES.join(', ')}.` });
  return z.NEVER;
});
const version = z.number().int().min(0).max(2_147_483_647);

const saveSchema = z.object({
  type: typeSchema,
  body: z.string().max(5000, 'Keep the message to 5000 characters or fewer.'),
  subject: z.string().max(200, 'Keep the subject to 200 characters or fewer.'),
  dltTemplateId: z.string().trim().max(19, 'A DLT template id is 12 to 19 digits.'),
  senderId: z.string().trim().toUpperCase().max(6, 'A sender id (DLT header) is 6 capital letters.'),
  expectedVersion: version,
});

const resetSchema = z.object({ type: typeSchema, expectedVersion: version });

const previewSchema = z.object({
  type: typeSchema,
  body: z.string().max(5000, 'Keep the message to 5000 characters or fewer.'),
  subject: z.string().max(200, 'Keep the subject to 200 characters or fewer.'),
  dltTemplateId: z.string().trim().max(19, 'A DLT template id is 12 to 19 digits.'),
  bookingId: z.union([z.literal(''), z.string().uuid('Choose a booking from the list.')]),
  bookingNo: z
    .bigint()
    .min(0n, 'A booking number is a positive whole number.')
    .max(9_223_372_036_854_775_807n),
});

export type SaveTemplateInput = z.input<typeof saveSchema>;
export type PreviewTemplateInput = z.input<typeof previewSchema>;

function checked(type: TemplateType, template: TemplateText): TemplateText {
  const problem = templateProblem(type, template);
  if (problem) throw invalidField(problem.field, problem.message);
  return template;
}

export function createTemplates(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(caller: TenantCaller): Promise<TemplateView[]> {
      require(caller, VIEW_TEMPLATES, 'see message templates');
      const own = await db.read(caller.tenantId, (tx) => listTemplates(tx));
      return TEMPLATE_TYPES.map((type) =>
        viewOf(
          type,
          own.find((row) => row.type === type),
        ),
      );
    },

    async save(caller: TenantCaller, input: SaveTemplateInput): Promise<TemplateView> {
      require(caller, MANAGE_TEMPLATES, 'change message templates');
      const parsed = parseOrThrow(saveSchema, input);
      const type = parsed.type;
      const template = checked(type, {
        body: parsed.body,
        subject: parsed.subject,
        dltTemplateId: parsed.dltTemplateId,
        senderId: parsed.senderId,
      });
      return db.withTenant(caller.tenantId, async (tx) => {
        const saved = await saveTemplate(tx, {
          ...template,
          tenantId: caller.tenantId,
          type,
          userId: caller.userId,
          expectedVersion: parsed.expectedVersion,
        });
        if (!saved) {
          throw conflict(
            'Someone changed this template while you were editing it. Reload it and make your change again.',
            'STALE_VERSION',
          );
        }
        return viewOf(type, saved);
      });
    },

    async reset(caller: TenantCaller, input: z.input<typeof resetSchema>): Promise<TemplateView> {
      require(caller, MANAGE_TEMPLATES, 'change message templates');
      const parsed = parseOrThrow(resetSchema, input);
      const type = parsed.type;
      return db.withTenant(caller.tenantId, async (tx) => {
        const current = await findTemplate(tx, type);
        if (current && parsed.expectedVersion && current.version !== parsed.expectedVersion) {
          throw conflict(
            'Someone changed this template while you were looking at it. Reload it and try again.',
            'STALE_VERSION',
          );
        }
        await deleteTemplate(tx, type);
        return viewOf(type, undefined);
      });
    },

    /** A template as typed, filled from one of the operator's bookings (its latest facts messaging holds). */
    async preview(caller: TenantCaller, input: PreviewTemplateInput) {
      require(caller, VIEW_TEMPLATES, 'preview message templates');
      const parsed = parseOrThrow(previewSchema, input);
      const type = parsed.type;
      if (!parsed.bookingId && parsed.bookingNo === 0n)
        throw invalidField('bookingNo', 'Give a booking number.');
      for (const field of ['body', 'subject'] as const) {
        const unknown = unknownVariables(parsed[field]);
        if (unknown.length > 0) {
          throw invalidField(field, `${unknown.map((n) => `{${n}}`).join(', ')} is not a variable we fill.`);
        }
      }
      return db.read(caller.tenantId, async (tx) => {
        const booking = parsed.bookingId
          ? await findBooking(tx, parsed.bookingId)
          : await findBookingByNo(tx, parsed.bookingNo.toString());
        if (!booking)
          throw notFound(parsed.bookingId ? 'The booking' : `Booking #${shownBookingNo(parsed.bookingNo)}`);
        const { audience, operator } = await audienceOf(tx, caller.tenantId, booking);
        const values = templateValues(booking, {
          companyName: operator.companyName,
          customerName: audience.customerName,
          supplierName: audience.supplier?.name ?? '',
          timeZone: operator.timeZone,
        });
        const rendered = renderMessage(
          {
            body: parsed.body,
            subject: templateChannelOf(type) === 'EMAIL' ? parsed.subject : '',
            dltTemplateId: templateChannelOf(type) === 'SMS' ? parsed.dltTemplateId : '',
            senderId: '',
          },
          values,
        );
        return { ...rendered, bookingId: booking.id, bookingNo: booking.bookingNo };
      });
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
