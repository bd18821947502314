// The demo operator `npm start` seeds on first start: the operator and its owner (operator.ts), its
// staff, and its masters by area — business settings and companies (business.ts), the fleet
// (fleet.ts), customers and suppliers (people.ts) and rate cards (pricing.ts), planned in order by
// plan.ts and created through the masters service by seed-masters.ts; then a month of duties
// (seed-bookings.ts) through the bookings service, and a month of invoices of them (seed-billing.ts)
// through billing’s use cases, and the money received against them and their notes (seed-receivables.ts),
// the suppliers' invoices for the duties they ran (seed-purchases.ts) and what they were paid
// (seed-supplier-payments.ts), the office's petty cash (seed-petty-cash.ts), and two months of the fleet's
// fuel and a month of its expenses (seed-vehicle-costs.ts).
import { randomUUID } from 'node:crypto';
import { operatorDate } from '@fleet/domain';
import type { Operators } from '@fleet/identity';
import type { Caller, Logger } from '@fleet/platform';
import {
  DEMO_OPERATOR_NAME,
  DEMO_OWNER_NAME,
  DEMO_OWNER_PHONE,
  type IdentityClient,
  seedDemoStaff,
  turnOnPassengerMessages,
} from './operator';
import { type DemoBilling, seedDemoInvoices } from './seed-billing';
import { type BookingsClient, seedDemoBookings } from './seed-bookings';
import { seedDemoDriverDuties } from './seed-driver-app';
import { type MastersClient, seedDemoMasters } from './seed-masters';
import { seedDemoPettyCash } from './seed-petty-cash';
import { seedDemoPurchases } from './seed-purchases';
import { seedDemoReceivables } from './seed-receivables';
import { seedDemoSupplierPaymentsLogged } from './seed-supplier-payments';
import { seedDemoVehicleCosts } from './seed-vehicle-costs';

export {
  DEMO_CODE,
  DEMO_DRIVER_PHONE,
  DEMO_OPERATOR_NAME,
  DEMO_OWNER_PHONE,
  DEMO_TEST_OTPS,
  withDemoTestOtps,
} from './operator';
export { planDemoMasters } from './plan';
export { type DemoInvoiceCounts, seedDemoInvoices } from './seed-billing';
export { seedDemoBookings } from './seed-bookings';
export { type DemoMasterCounts, type DemoMastersOptions, seedDemoMasters } from './seed-masters';
export type { DemoPlan, PlannedRecord } from './toolkit';

/** What seeding needs of the running product: identity's own use cases in this process, and clients. */
export interface DemoSeedingProduct {
  modules: { identity: { useCases: { operators: Operators } }; billing: DemoBilling };
  clients: { identity: IdentityClient; masters: MastersClient; bookings: BookingsClient };
}

/**
 * Seeds the demo operator. The operator and its owner are made by identity's own use case in this
 * process — no sign-in code is involved, so seeding works whatever AUTH_TEST_OTP lists — and the
 * owner then adds the staff and the masters through the services' APIs, as a person would. Does
 * nothing (and answers false) if the owner's phone already has an account.
 */
export async function seedDemoOperator(
  product: DemoSeedingProduct,
  logger: Logger,
  options: { today?: string } = {},
): Promise<boolean> {
  const started = Date.now();
  const requestId = randomUUID();
  const created = await product.modules.identity.useCases.operators.createWithOwner({
    requestId,
    operatorName: DEMO_OPERATOR_NAME,
    owner: { name: DEMO_OWNER_NAME, phone: DEMO_OWNER_PHONE },
  });
  if (!created) return false;
  const tenantId = created.tenant.id;
  const owner: Caller = {
    requestId,
    tenantId,
    userId: created.owner.id,
    actorUserId: created.owner.id,
    permissions: created.permissions,
    isMasquerade: false,
  };
  const employees = await seedDemoStaff(product.clients.identity, owner);
  // Before any booking: messaging decides whom to text when a booking's event arrives.
  await turnOnPassengerMessages(product.clients.identity, owner);
  // The operator and its staff exist whatever happens next; a refused master is logged, not fatal.
  let masters: Record<string, number> | undefined;
  try {
    masters = await seedDemoMasters(product.clients.masters, owner, { today: options.today });
  } catch (error) {
    logger.error({ err: error, tenantId }, 'demo masters could not be seeded');
  }
  let bookings = 0;
  if (masters) {
    try {
      bookings = await seedDemoBookings(product.clients, owner, { today: options.today });
      bookings += await seedDemoDriverDuties(product.clients, owner);
    } catch (error) {
      logger.error({ err: error, tenantId }, 'demo bookings could not be seeded');
    }
  }
  let invoices: Record<string, number> | undefined;
  if (bookings > 0) {
    try {
      invoices = await seedDemoInvoices(
        { billing: product.modules.billing, bookings: product.clients.bookings },
        owner,
        { today: options.today },
      );
    } catch (error) {
      logger.error({ err: error, tenantId }, 'demo invoices could not be seeded');
    }
  }
  let receivables: { receipts: number; notes: number } | undefined;
  if (invoices) {
    try {
      receivables = await seedDemoReceivables(
        product.modules.billing,
        { ...owner, tenantId, userId: created.owner.id },
        options.today ?? operatorDate(new Date()),
      );
    } catch (error) {
      logger.error({ err: error, tenantId }, 'demo receipts and notes could not be seeded');
    }
  }
  let purchases: { approved: number; drafts: number; cancelled: number } | undefined;
  if (invoices) {
    try {
      purchases = await seedDemoPurchases(
        product.modules.billing,
        product.clients.masters,
        { ...owner, tenantId, userId: created.owner.id },
        options.today ?? operatorDate(new Date()),
      );
    } catch (error) {
      logger.error({ err: error, tenantId }, 'demo purchase invoices could not be seeded');
    }
    await seedDemoSupplierPaymentsLogged(
      product.modules.billing,
      { ...owner, tenantId, userId: created.owner.id },
      options.today ?? operatorDate(new Date()),
      logger,
    );
  }
  const pettyCash = masters
    ? await seedDemoPettyCash(
        product.modules.billing,
        { ...owner, tenantId, userId: created.owner.id },
        options.today ?? operatorDate(new Date()),
        logger,
      )
    : 0;
  if (masters) {
    try {
      const vehicleCosts = await seedDemoVehicleCosts(
        product.modules.billing,
        product.clients.masters,
        { ...owner, tenantId, userId: created.owner.id },
        options.today ?? operatorDate(new Date()),
      );
      logger.info({ tenantId, ...vehicleCosts }, 'demo fuel logs and vehicle expenses seeded');
    } catch (error) {
      logger.error({ err: error, tenantId }, 'demo fuel logs and vehicle expenses could not be seeded');
    }
  }
  logger.info(
    {
      tenantId,
      employees,
      pettyCash,
      masters,
      bookings,
      invoices,
      receivables,
      purchases,
      seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    },
    'demo operator seeded',
  );
  return true;
}
