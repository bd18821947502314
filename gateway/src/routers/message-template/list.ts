import { callAs } from '@fleet/platform';
import { procedureNeeding } from '../../trpc';
import { templateToJson } from './mappers';

/** Every message type with the operator's own words or the default, and the variables a template may name. */
export const list = procedureNeeding('view_company_profile').query(async ({ ctx }) => {
  const r = await ctx.services.messaging.listTemplates({}, callAs(ctx.caller));
  return { templates: r.templates.map(templateToJson), variables: r.variables };
});
