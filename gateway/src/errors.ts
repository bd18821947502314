// How failures reach the client: one vocabulary from the services (DomainError / ConnectError) mapped to
// tRPC codes, input problems as field errors, a request that cannot be read in our own words, and
// anything unexpected as a generic internal error. Whatever is hidden is logged with its request id;
// no answer ever carries a stack or a file path.
import { ConnectError } from '@connectrpc/connect';
import { PayloadError } from '@fleet/domain';
import { DomainError, fromConnectError, invalid, type Logger, trpcCodeFor } from '@fleet/platform';
import { type TRPC_ERROR_CODE_KEY, type TRPCDefaultErrorShape, TRPCError } from '@trpc/server';

export const INTERNAL_MESSAGE =
  'Something went wrong on our side. Please try again; if it keeps happening, contact support.';
export const UNREADABLE_MESSAGE = 'The request could not be read.';

/** Errors that have already been logged, so the HTTP adapter does not log them twice. */
const logged = new WeakSet<object>();
export const wasLogged = (error: object) => logged.has(error);

interface Issue {
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  message: string;
}

function hasIssues(value: unknown): value is { issues: Issue[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

const issuePath = (issue: Issue) =>
  (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.');

/** `{ phone: 'Enter the phone number…' }`: the first problem of each field, keyed by its dotted path. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issuePath(issue) || '_';
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

function describeFieldErrors(fieldErrors: Record<string, string>): string {
  const parts = Object.entries(fieldErrors).map(([field, message]) =>
    field === '_' ? message : `${field}: ${message}`,
  );
  return `Please check ${parts.length === 1 ? 'this' : 'these'}: ${parts.join('; ')}`;
}

/**
 * A request refused before its procedure's parser with some library's own words for why (the JSON
 * parser's "Unexpected token…", superjson's, the stack's): a BAD_REQUEST caused by an error that is
 * neither ours nor a list of input problems.
 */
function isUnreadable(error: TRPCError): boolean {
  const cause = error.cause;
  return (
    (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') &&
    cause instanceof Error &&
    !(cause instanceof DomainError) &&
    !hasIssues(cause)
  );
}

const unreadable = (domain: DomainError) =>
  new TRPCError({ code: 'BAD_REQUEST', message: domain.message, cause: domain });

/**
 * Turns whatever a procedure failed with into the TRPCError the client gets. Service errors keep their
 * code, message and details; input errors keep their field list; a payload the transformer refused
 * keeps its (our) words and field; any other unreadable request is answered in our words; anything
 * else is logged and hidden.
 */
export function toClientError(error: TRPCError, logger: Logger, path: string): TRPCError {
  const cause = error.cause;
  if (cause instanceof PayloadError) {
    if (cause.cause) logger.warn({ err: cause.cause, path }, 'a request could not be read');
    const fields = cause.field ? [{ field: cause.field, message: cause.message }] : [];
    return unreadable(invalid(cause.message, fields, 'UNREADABLE_REQUEST'));
  }
  if (isUnreadable(error)) {
    logger.warn({ err: cause, path }, 'a request could not be read');
    return unreadable(invalid(UNREADABLE_MESSAGE, [], 'UNREADABLE_REQUEST'));
  }
  if (cause instanceof DomainError || cause instanceof ConnectError) {
    const domain = fromConnectError(cause);
    if (domain.code === 'INTERNAL') {
      logger.error({ err: cause, path }, 'a service failed unexpectedly');
      logged.add(domain);
    }
    const code = (trpcCodeFor[domain.code] ?? 'INTERNAL_SERVER_ERROR') as TRPC_ERROR_CODE_KEY;
    return new TRPCError({ code, message: domain.message, cause: domain });
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && !logged.has(error)) {
    logger.error({ err: cause ?? error, path }, 'unexpected error in procedure');
    const hidden = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: INTERNAL_MESSAGE,
      cause: cause ?? error,
    });
    logged.add(hidden);
    return hidden;
  }
  return error;
}

/** What `data` of every error carries, beyond tRPC's own code, HTTP status and path. */
export interface GatewayErrorData {
  /** Stable machine-readable reason from the service, e.g. OTP_LOCKED; null when there is none. */
  reason: string | null;
  /** Field (dotted path) → what is wrong with it, in words a person can act on. */
  fieldErrors: Record<string, string> | null;
  /** Seconds until the caller may try again, for throttled requests. */
  retryAfterSeconds: number | null;
  requestId: string | null;
}

export function formatError(opts: {
  error: TRPCError;
  shape: TRPCDefaultErrorShape;
  ctx: { requestId: string } | undefined;
}) {
  const { error, shape, ctx } = opts;
  const extra: GatewayErrorData = {
    reason: null,
    fieldErrors: null,
    retryAfterSeconds: null,
    requestId: ctx?.requestId ?? null,
  };
  let message = shape.message;
  const cause = error.cause;
  if (cause instanceof DomainError) {
    extra.reason = cause.reason;
    if (cause.fieldViolations.length > 0) {
      extra.fieldErrors = Object.fromEntries(cause.fieldViolations.map((v) => [v.field, v.message]));
    }
    if (cause.retryAfterSeconds > 0) extra.retryAfterSeconds = cause.retryAfterSeconds;
  } else if (error.code === 'BAD_REQUEST' && hasIssues(cause)) {
    extra.reason = 'INVALID_INPUT';
    extra.fieldErrors = fieldErrorsFromIssues(cause.issues);
    message = describeFieldErrors(extra.fieldErrors);
  } else if (isUnreadable(error)) {
    extra.reason = 'UNREADABLE_REQUEST';
    message = UNREADABLE_MESSAGE;
  } else if (error.code === 'INTERNAL_SERVER_ERROR') {
    message = INTERNAL_MESSAGE;
  }
  // A stack names our files and lines: it stays in the log, in every mode.
  const { stack: _stack, ...data } = shape.data;
  return { ...shape, message, data: { ...data, ...extra } };
}
