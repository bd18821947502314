import { randomUUID } from 'node:crypto';
import type { Caller } from './caller';
import { permissionDenied } from './errors';

/**
 * Callers that are not a person: a background worker, a provider's webhook, one service asking another
 * on its own account. Such a caller is signed like the gateway's (the same internal secret and token),
 * names the service it comes from in its role (`service:<name>`, which no user's role can be: identity
 * knows only USER, EMPLOYEE and DRIVER), carries no session, and holds only the permissions its work
 * needs; when it works for an operator it carries that operator as its tenant, so row-level security
 * and every permission check apply to it as to anyone.
 */
const SERVICE_ROLE = 'service:';

/**
 * What only the product's own services may ask of another, as permissions no staff profile holds (the
 * catalogue has no `system:` permission): a service caller carries just the one its work needs.
 */
export const SYSTEM_PERMISSION = {
  /** The gateway records providers' delivery reports (messaging's RecordDeliveryReports). */
  recordDeliveryReports: 'system:record_delivery_reports',
  /** Identity asks messaging to text a sign-in code (messaging's SendSignInCode). */
  sendSignInCode: 'system:send_sign_in_code',
  /** The gateway passes on WhatsApp's verified webhook (messaging's ReceiveChatWebhook). */
  receiveChatWebhook: 'system:receive_chat_webhook',
  /** Messaging asks bookings for a link to a passenger's page (bookings' IssuePublicLink). */
  issuePublicLinks: 'system:issue_public_links',
  /** The gateway passes on a passenger's visit to a public page with its link's token (bookings' public RPCs). */
  servePublicPages: 'system:serve_public_pages',
} as const;

/** The user a service caller acts as: the nil UUID, which identity never gives a person. */
export const SERVICE_USER_ID = '00000000-0000-0000-0000-000000000000';

export function serviceCaller(
  service: string,
  options: { tenantId?: string; permissions: readonly string[]; requestId?: string },
): Caller {
  return {
    requestId: options.requestId ?? randomUUID(),
    role: `${SERVICE_ROLE}${service}`,
    userId: SERVICE_USER_ID,
    ...(options.tenantId ? { tenantId: options.tenantId } : {}),
    permissions: [...options.permissions],
    isMasquerade: false,
  };
}

/** The service a caller acts for, when it is a service caller; undefined for a person or anonymous. */
export function serviceOf(caller: Caller): string | undefined {
  if (!caller.role?.startsWith(SERVICE_ROLE) || caller.sessionId || caller.userId !== SERVICE_USER_ID) {
    return undefined;
  }
  return caller.role.slice(SERVICE_ROLE.length);
}

/**
 * Refuses a caller that is not one of these services holding `permission`: staff, however many
 * permissions they hold, never reach what only the product's own services may do.
 */
export function requireServiceCaller(
  caller: Caller,
  services: readonly string[],
  permission: string,
): Caller & { role: string } {
  const service = serviceOf(caller);
  if (!service || !services.includes(service) || !caller.permissions.includes(permission)) {
    throw permissionDenied('Only the product’s own services may do this.');
  }
  return { ...caller, role: `${SERVICE_ROLE}${service}` };
}
