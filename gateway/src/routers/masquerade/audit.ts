import { cursorSchema, limitSchema } from '@fleet/domain/inputs';
import { callAs, pageInfoFromProto, pageRequestToProto } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { masqueradeAuditEntryToJson } from './mappers';

export const masqueradeAuditInput = z.object({ cursor: cursorSchema, limit: limitSchema }).prefault({});

/** Who masqueraded as whom, when and from where; newest first. */
export const audit = procedureNeeding('manage_employee')
  .input(masqueradeAuditInput)
  .query(async ({ ctx, input }) => {
    const r = await ctx.services.identity.listMasqueradeAudit(
      { page: pageRequestToProto(input) },
      callAs(ctx.caller),
    );
    return { entries: r.entries.map(masqueradeAuditEntryToJson), ...pageInfoFromProto(r.pageInfo) };
  });
