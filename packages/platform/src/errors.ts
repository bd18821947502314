import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { type ErrorDetail, ErrorDetailSchema } from '@fleet/proto/fleet/common/v1/common_pb';

/**
 * The one error vocabulary of the product. Domain code throws DomainError with one of these codes;
 * gRPC carries it as a status with an ErrorDetail; the gateway turns it into a tRPC error.
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'FAILED_PRECONDITION'
  | 'PERMISSION_DENIED'
  | 'UNAUTHENTICATED'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export interface FieldViolation {
  field: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Stable machine-readable reason, e.g. OTP_LOCKED; clients may branch on it. */
  readonly reason: string;
  readonly fieldViolations: FieldViolation[];
  readonly retryAfterSeconds: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { reason?: string; fieldViolations?: FieldViolation[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.reason = options.reason ?? code;
    this.fieldViolations = options.fieldViolations ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds ?? 0;
  }
}

export const invalid = (message: string, fieldViolations: FieldViolation[] = [], reason?: string) =>
  new DomainError('INVALID_ARGUMENT', message, { fieldViolations, reason });
export const invalidField = (field: string, message: string) => invalid(message, [{ field, message }]);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} was not found.`);
export const conflict = (message: string, reason?: string) =>
  new DomainError('CONFLICT', message, { reason });
export const preconditionFailed = (message: string, reason?: string) =>
  new DomainError('FAILED_PRECONDITION', message, { reason });
export const permissionDenied = (message = 'You do not have permission to do this.') =>
  new DomainError('PERMISSION_DENIED', message);
export const unauthenticated = (message = 'Please sign in again.') =>
  new DomainError('UNAUTHENTICATED', message);

const toGrpc: Record<ErrorCode, Code> = {
  INVALID_ARGUMENT: Code.InvalidArgument,
  NOT_FOUND: Code.NotFound,
  CONFLICT: Code.AlreadyExists,
  FAILED_PRECONDITION: Code.FailedPrecondition,
  PERMISSION_DENIED: Code.PermissionDenied,
  UNAUTHENTICATED: Code.Unauthenticated,
  RESOURCE_EXHAUSTED: Code.ResourceExhausted,
  UNAVAILABLE: Code.Unavailable,
  INTERNAL: Code.Internal,
};

const fromGrpc = new Map<Code, ErrorCode>([
  ...Object.entries(toGrpc).map(([k, v]) => [v, k as ErrorCode] as const),
  [Code.Aborted, 'CONFLICT'],
  [Code.OutOfRange, 'INVALID_ARGUMENT'],
  [Code.DeadlineExceeded, 'UNAVAILABLE'],
  [Code.Canceled, 'UNAVAILABLE'],
]);

/** The tRPC code a gateway answers with, for each domain code. */
export const trpcCodeFor: Record<ErrorCode, string> = {
  INVALID_ARGUMENT: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FAILED_PRECONDITION: 'PRECONDITION_FAILED',
  PERMISSION_DENIED: 'FORBIDDEN',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  RESOURCE_EXHAUSTED: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

const INTERNAL_MESSAGE =
  'Something went wrong on our side. Please try again; if it keeps happening, contact support.';

/** Server side: any thrown value becomes a ConnectError; unexpected ones lose their internals. */
export function toConnectError(error: unknown): ConnectError {
  if (error instanceof ConnectError) return error;
  if (error instanceof DomainError) {
    const detail = create(ErrorDetailSchema, {
      reason: error.reason,
      retryAfterSeconds: error.retryAfterSeconds,
      fieldViolations: error.fieldViolations.map((v) => ({ field: v.field, description: v.message })),
    });
    return new ConnectError(error.message, toGrpc[error.code], undefined, [
      { desc: ErrorDetailSchema, value: detail },
    ]);
  }
  return new ConnectError(INTERNAL_MESSAGE, Code.Internal);
}

/** Client side: a failed call becomes the DomainError the service raised. */
export function fromConnectError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (!(error instanceof ConnectError)) {
    return new DomainError('INTERNAL', INTERNAL_MESSAGE);
  }
  const code = fromGrpc.get(error.code) ?? 'INTERNAL';
  const [detail] = error.findDetails(ErrorDetailSchema) as ErrorDetail[];
  // Only a service's own DomainError carries a detail; without one, UNAVAILABLE is the transport's
  // (a refused connection, a deadline), whose words mean nothing to a person.
  const message =
    code === 'UNAVAILABLE' && !detail
      ? 'A part of the system is not answering right now. Please try again in a moment.'
      : code === 'INTERNAL'
        ? INTERNAL_MESSAGE
        : error.rawMessage;
  return new DomainError(code, message, {
    reason: detail?.reason || code,
    retryAfterSeconds: detail?.retryAfterSeconds ?? 0,
    fieldViolations: (detail?.fieldViolations ?? []).map((v) => ({ field: v.field, message: v.description })),
  });
}

// Exposed for tests that check the wire format of the detail.
export const encodeErrorDetail = (detail: ErrorDetail) => toBinary(ErrorDetailSchema, detail);
export const decodeErrorDetail = (bytes: Uint8Array) => fromBinary(ErrorDetailSchema, bytes);
