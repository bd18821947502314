import { phoneSchema } from '@fleet/domain';
import { parseOrThrow, type Tx, withRequestId } from '@fleet/platform';
import { z } from 'zod';
import type { TenantRecord, UserRecord } from '../domain/records';
import { IdentityEvents, identityOutbox } from '../events/published';
import { tenantToProto, userToProto } from '../mappers';
import { findUserByPhone, insertTenant, insertUser } from '../storage/users-store';
import { withUniqueFields } from './conflicts';
import type { IdentityDeps } from './deps';
import { permissionsOf } from './sessions';

/** A new operator and its owner (an ADMIN user holding every permission), with the events that announce them. */
export async function insertOperatorWithOwner(
  tx: Tx,
  input: { requestId: string; operatorName: string; ownerName: string; phone: string },
): Promise<{ tenant: TenantRecord; owner: UserRecord }> {
  const tenant = await insertTenant(tx, input.operatorName);
  const owner = await insertUser(
    tx,
    tenant.id,
    'USER',
    {
      name: input.ownerName,
      phone: input.phone,
      email: null,
      accessLevel: 'ADMIN',
      headOfficeCityId: null,
      stateId: null,
      panNo: null,
      gstNo: null,
      lutNo: null,
      vatNo: null,
      sezGstNo: null,
      gstType: null,
      isTripStartOtpRequired: false,
      isTripEndOtpRequired: false,
      isBookingApiOnly: false,
      autoSendPassengerSms: false,
      autoSendPassengerEmail: false,
    },
    { isOwner: true },
  );
  const context = { requestId: input.requestId, tenantId: tenant.id };
  await identityOutbox.enqueue(
    tx,
    IdentityEvents.tenantCreated,
    { tenant: tenantToProto(tenant), owner: userToProto(owner) },
    context,
  );
  await identityOutbox.enqueue(tx, IdentityEvents.userCreated, { user: userToProto(owner) }, context);
  return { tenant, owner };
}

const createWithOwnerSchema = z.object({
  requestId: z.string().min(1),
  operatorName: z.string().trim().min(1).max(100, 'A company name can be at most 100 characters'),
  owner: z.object({
    name: z.string().trim().min(1).max(100, 'A name can be at most 100 characters'),
    phone: phoneSchema,
  }),
});

export interface CreatedOperator {
  tenant: TenantRecord;
  owner: UserRecord;
  /** What the owner may do, as a session for them would carry it. */
  permissions: string[];
}

/**
 * Operators set up by a trusted caller in the same process — the embedded product seeding its demo
 * operator — rather than by a person signing up with a sign-in code. Deliberately absent from the gRPC
 * handlers (rpc/identity-handlers.ts), so neither another process nor the gateway can reach it; it
 * needs no code and ignores SIGNUP_ENABLED, because the caller is the product itself.
 */
export function createOperators(deps: IdentityDeps) {
  const { db, logger } = deps;
  return {
    /**
     * Creates an operator and its owner, unless the owner's phone already has an account anywhere; then
     * nothing is created and the answer is undefined, so running it again is harmless.
     */
    async createWithOwner(input: {
      requestId: string;
      operatorName: string;
      owner: { name: string; phone: string };
    }): Promise<CreatedOperator | undefined> {
      const { requestId, operatorName, owner } = parseOrThrow(createWithOwnerSchema, input);
      const created = await withUniqueFields(() =>
        db.asSystem(async (tx) => {
          if (await findUserByPhone(tx, owner.phone)) return undefined;
          const inserted = await insertOperatorWithOwner(tx, {
            requestId,
            operatorName,
            ownerName: owner.name,
            phone: owner.phone,
          });
          return { ...inserted, permissions: await permissionsOf(tx, inserted.owner) };
        }),
      );
      if (created) {
        withRequestId(logger, requestId).info(
          { tenantId: created.tenant.id, userId: created.owner.id },
          'operator created in-process with its owner',
        );
      }
      return created;
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;
