import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import { templateTypeSchema, versionSchema } from './inputs';
import { templateToJson } from './mappers';

/** A type back to the default words. */
export const reset = procedureNeeding('manage_company_profile')
  .input(z.object({ type: templateTypeSchema, version: versionSchema }))
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.messaging.resetTemplate(
      { type: input.type, expectedVersion: input.version },
      callAs(ctx.caller),
    );
    return templateToJson(required(r.template, 'the template'));
  });
