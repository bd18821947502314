import { cursorSchema, limitSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { auditEntryToJson } from './mappers';

export const auditListInput = z.object({ cursor: cursorSchema, limit: limitSchema }).prefault({});

/** Who masqueraded as whom, and who changed whose sign-in phone or permissions; newest first. */
export const list = procedureNeeding('manage_employee')
  .input(auditListInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.listAuditLog(
      { page: pageRequestToProto(input) },
      callAs(ctx.caller),
    );
    return { entries: r.entries.map(auditEntryToJson), ...pageInfoFromProto(r.pageInfo) };
  });
