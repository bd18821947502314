import { timestampDate } from '@bufbuild/protobuf/wkt';
import { idSchema } from '@fleet/domain/inputs';
import { callAs } from '@fleet/platform';
import { z } from 'zod';
import { procedureNeeding } from '../../trpc';
import { setMasqueradeCookie, setTokenCookie } from '../session-cookies';
import { required } from '../shared-mappers';
import { userToJson } from '../user/mappers';

export const startMasqueradeInput = z.object({ userId: idSchema });

/** Starts acting as another user of the operator (identity records who really acts). */
export const start = procedureNeeding('auto_login')
  .input(startMasqueradeInput)
  .mutation(async ({ ctx, input }) => {
    const r = await ctx.services.identity.startMasquerade(
      { userId: input.userId, userAgent: ctx.userAgent },
      callAs(ctx.caller),
    );
    const expiresAt = r.expiresAt ? timestampDate(r.expiresAt) : null;
    setTokenCookie(ctx, r.token, expiresAt);
    setMasqueradeCookie(ctx, expiresAt);
    return { token: r.token, expiresAt, user: userToJson(required(r.user, 'the user')) };
  });
