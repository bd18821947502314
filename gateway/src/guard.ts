// The permission guard: every procedure declares what it needs in its meta, and this one check enforces
// it before the procedure's input is even parsed. A procedure that declares nothing is refused.
import { getPermission, type PermissionId } from '@fleet/domain';
import { TRPCError } from '@trpc/server';
import type { Context, Session } from './context';

/**
 * What a procedure needs: nothing, a signed-in session, a session holding one permission, or a driver's
 * session (the driver app's procedures, which act only on that driver's own duties).
 */
export type ProcedureAccess = PermissionId | 'public' | 'signed-in' | 'driver';

export interface ProcedureMeta {
  permission: ProcedureAccess;
  /** A step of signing in: rate-limited per client address and per phone, on budgets of its own. */
  signInStep?: boolean;
}

export function missingPermissionMessage(permission: string): string {
  const name = getPermission(permission)?.name;
  const what = name ? `the “${name}” permission` : `the permission ${permission}`;
  return `You need ${what} to do this. Ask an administrator of your company to give it to you.`;
}

/**
 * Checks a call against its procedure's declared access. Returns the session for anything but public
 * procedures (which never ask identity); throws UNAUTHORIZED or FORBIDDEN otherwise.
 */
export async function authorise(
  meta: Partial<ProcedureMeta> | undefined,
  ctx: Context,
  path: string,
): Promise<Session | undefined> {
  const access = meta?.permission;
  if (!access) {
    // Fail closed: a procedure without a declared permission is a programming error.
    throw new Error(`The procedure ${path} does not declare the permission it needs.`);
  }
  if (access === 'public') return undefined;
  const result = await ctx.authenticate();
  if (!result.ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: result.message });
  const { caller } = result.session;
  if (access === 'driver') {
    if (caller.role !== 'DRIVER' || !caller.driverId) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'Only a driver signed in to the driver app may do this.',
      });
    }
  } else if (access !== 'signed-in' && !caller.permissions.includes(access)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: missingPermissionMessage(access) });
  }
  return result.session;
}
