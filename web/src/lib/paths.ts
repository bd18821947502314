/** Spec §2: reachable without a signed-in session. */
export const PUBLIC_PREFIXES = [
  '/auth',
  '/feedback',
  '/digital-duty-slip',
  '/payment-request',
  '/privacy-policy',
  '/app-redirect',
] as const;

/**
 * Pages that render without waiting for permissions or counts (spec §2, "a configured list of route
 * prefixes"): the public pages, which have no session to load them for.
 */
export const NO_WAIT_PREFIXES = PUBLIC_PREFIXES;

export const SIGN_IN_PATH = '/auth/enter-phone-number';

const startsWithAny = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

export const isPublicPath = (path: string) => startsWithAny(path, PUBLIC_PREFIXES);
export const isNoWaitPath = (path: string) => startsWithAny(path, NO_WAIT_PREFIXES);

/** Spec §2: on the billing download and print pages the booking-count queries are not run. */
export const isBillingDownloadPath = (path: string) =>
  /^\/operations\/billing\/[^/]+\/download(\/|$)/.test(path);

/** Spec §7: the permission that gates polling the two duty-tab counts. */
export const COUNTS_PERMISSION = 'view_accept_reject_incoming_requests';

/** Spec §7: the counts run only for holders of the permission, never on excluded or billing download pages. */
export function shouldPollCounts(permissions: ReadonlySet<string>, path: string): boolean {
  return permissions.has(COUNTS_PERMISSION) && !isNoWaitPath(path) && !isBillingDownloadPath(path);
}
