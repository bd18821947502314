import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { required } from '../shared-mappers';
import {
  dltTemplateIdSchema,
  senderIdSchema,
  templateBody,
  templateSubject,
  templateTypeSchema,
  versionSchema,
} from './inputs';
import { templateToJson } from './mappers';

export const saveTemplateInput = z.object({
  type: templateTypeSchema,
  body: templateBody,
  subject: templateSubject,
  dltTemplateId: dltTemplateIdSchema,
  senderId: senderIdSchema,
  /** The version edited: 0 when the person edited the default. */
  version: versionSchema,
});

/** Keeps the operator's words for a type; CONFLICT when someone saved it since the version edited. */
export const save = procedureNeeding('manage_company_profile')
  .input(saveTemplateInput)
  .mutation(async ({ ctx, input }) => {
    const { version, ...template } = input;
    const r = await ctx.services.messaging.saveTemplate(
      { ...template, expectedVersion: version },
      callAs(ctx.caller),
    );
    return templateToJson(required(r.template, 'the template'));
  });
