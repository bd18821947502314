// The two cookies of spec §9: `token` (the session, HttpOnly) and `is_masquerade` (read by the web app
// to show the masquerade banner, so not HttpOnly).
import type { Context, CookieOptions } from '../context';

export const TOKEN_COOKIE = 'token';
export const MASQUERADE_COOKIE = 'is_masquerade';

type CookieContext = Pick<Context, 'setCookie' | 'clearCookie' | 'production'>;

const base = (ctx: CookieContext): CookieOptions => ({ path: '/', sameSite: 'lax', secure: ctx.production });

export function setTokenCookie(ctx: CookieContext, token: string, expiresAt: Date | null): void {
  ctx.setCookie(TOKEN_COOKIE, token, {
    ...base(ctx),
    httpOnly: true,
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function setMasqueradeCookie(ctx: CookieContext, expiresAt: Date | null): void {
  ctx.setCookie(MASQUERADE_COOKIE, 'true', {
    ...base(ctx),
    httpOnly: false,
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function clearMasqueradeCookie(ctx: CookieContext): void {
  ctx.clearCookie(MASQUERADE_COOKIE, { ...base(ctx), httpOnly: false });
}

export function clearSessionCookies(ctx: CookieContext): void {
  ctx.clearCookie(TOKEN_COOKIE, { ...base(ctx), httpOnly: true });
  clearMasqueradeCookie(ctx);
}
