// Export profiles (spec §3): named column choices for each kind of export. Who may see or change a
// kind's profiles depends on the kind (the domain's export catalogues say which permission), so these
// procedures need a session, check the kind's permission here, and billing checks it again.

import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  EXPORT_RECORD_KINDS,
  type ExportRecordKind,
  exportCatalogue,
  type PermissionId,
} from '@fleet/domain';
import { idSchema, optionalId } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import type { ExportProfile } from '@fleet/proto/fleet/billing/v1/export_pb';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { SignedInCaller } from '../../context';
import { missingPermissionMessage } from '../../guard';
import { signedInProcedure } from '../../trpc';
import { required } from '../shared-mappers';

const kindInput = z.enum(EXPORT_RECORD_KINDS);
const columnKey = z.string().regex(/^[a-z_]{1,40}$/, 'Not a column');

function requireKindPermission(caller: SignedInCaller, permission: PermissionId) {
  if (!caller.permissions.includes(permission)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: missingPermissionMessage(permission) });
  }
}

const profileToJson = (p: ExportProfile) => ({
  id: p.id,
  kind: p.kind as ExportRecordKind,
  name: p.name,
  columns: p.columns,
  isDefault: p.isDefault,
  updatedAt: p.updatedAt ? timestampDate(p.updatedAt) : null,
});

export const list = signedInProcedure.input(z.object({ kind: kindInput })).query(async ({ ctx, input }) => {
  requireKindPermission(ctx.caller, exportCatalogue(input.kind).viewProfilePermission);
  const r = await ctx.services.billing.listExportProfiles({ kind: input.kind }, callAs(ctx.caller));
  return r.profiles.map(profileToJson);
});

export const save = signedInProcedure
  .input(
    z.object({
      id: optionalId,
      kind: kindInput,
      name: z.string().trim().min(1, 'Name the profile').max(80, 'At most 80 characters'),
      columns: z.array(columnKey).min(1, 'Choose at least one column').max(60, 'At most 60 columns'),
      isDefault: z.boolean().default(false),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    requireKindPermission(ctx.caller, exportCatalogue(input.kind).editProfilePermission);
    const r = await ctx.services.billing.saveExportProfile(
      {
        id: input.id ?? '',
        kind: input.kind,
        name: input.name,
        columns: input.columns,
        isDefault: input.isDefault,
      },
      callAs(ctx.caller),
    );
    return profileToJson(required(r.profile, 'the export profile'));
  });

/** Billing checks the edit permission of the profile's own kind. */
export const remove = signedInProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
  await ctx.services.billing.deleteExportProfile({ id: input.id }, callAs(ctx.caller));
  return { id: input.id };
});
