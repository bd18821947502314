import { type BookingAction, getPermission, PERMISSION, transition } from '@fleet/domain';
import { invalidField, notFound, permissionDenied, preconditionFailed, requireId } from '@fleet/platform';
import type { BookingDetail } from '../domain/booking';
import { searchTermsOf } from '../domain/search-terms';
import type { Copies, Copy } from '../read-models/master-copies';
import {
  type Allotment,
  applyAllotment,
  dutiesOfBooking,
  getBookingDetail,
  lockAllotable,
  overlappingDuties,
  replaceSearchTerms,
} from '../storage/booking-record-store';
import { recordDutyChange } from './activity';
import type { BookingsDeps, TenantCaller } from './deps';
import { lockDutyAsRead } from './locked-duty';

export const ALLOTMENT_KINDS = ['OWN', 'COMPANY_SUPPLIER', 'DCO'] as const;
export type AllotmentKind = (typeof ALLOTMENT_KINDS)[number];

export interface AllotInput {
  id: string;
  kind: string;
  vehicleId?: string;
  driverId?: string;
  supplierId?: string;
  vehicleNo?: string;
  driverName?: string;
  driverPhone?: string;
  overrideReason?: string;
  allDuties?: boolean;
  expectedVersion?: number;
}

/** What is allotted, before any duty is looked at. */
type Chosen = Omit<Allotment, 'status'> & { vehicle?: Copy<'vehicle'>; driver?: Copy<'driver'> };

const VEHICLE_DOCUMENTS = [
  ['insuranceExpiry', 'insurance'],
  ['fitnessExpiry', 'fitness certificate'],
  ['permitExpiry', 'permit'],
  ['pucExpiry', 'PUC'],
  ['rtoTaxExpiry', 'road tax'],
] as const;
const DRIVER_DOCUMENTS = [
  ['licenceExpiry', 'licence'],
  ['badgeExpiry', 'badge'],
  ['policeVerificationExpiry', 'police verification'],
] as const;

/** A YYYY-MM-DD date as people read it, DD/MM/YYYY. */
const shownDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

/** The documents of the vehicle and driver that have lapsed by a date (YYYY-MM-DD). */
function lapsedOn(date: string, chosen: Chosen): string[] {
  const lapsed: string[] = [];
  for (const [field, name] of VEHICLE_DOCUMENTS) {
    const expiry = chosen.vehicle?.[field];
    if (expiry && expiry < date) lapsed.push(`${chosen.vehicleNo}'s ${name} (expired ${shownDate(expiry)})`);
  }
  for (const [field, name] of DRIVER_DOCUMENTS) {
    const expiry = chosen.driver?.[field];
    if (expiry && expiry < date) lapsed.push(`${chosen.driverName}'s ${name} (expired ${shownDate(expiry)})`);
  }
  return lapsed;
}

function choose(kind: AllotmentKind, input: AllotInput, known: Copies): Chosen {
  const none = { supplierId: null, supplierName: '', supplierGroupId: null };
  if (kind === 'OWN') {
    const vehicle = known.vehicle.get(input.vehicleId ?? '');
    if (!vehicle) throw invalidField('vehicleId', 'Choose a vehicle from the list.');
    if (!vehicle.isActive || !vehicle.isAvailableForBooking) {
      throw invalidField('vehicleId', `${vehicle.vehicleNo} is not available for bookings.`);
    }
    const driverId = input.driverId || vehicle.driverId || '';
    const driver = driverId ? known.driver.get(driverId) : undefined;
    if (driverId && !driver) throw invalidField('driverId', 'Choose a driver from the list.');
    if (driver && !driver.isActive) throw invalidField('driverId', `${driver.name} is deactivated.`);
    return {
      ...none,
      vehicle,
      driver,
      vehicleId: vehicle.id,
      driverId: driver?.id ?? null,
      vehicleNo: vehicle.vehicleNo,
      driverName: driver?.name ?? '',
      driverPhone: driver?.phone ?? '',
    };
  }
  const supplier = known.supplier.get(input.supplierId ?? '');
  const connection = supplier?.connection;
  if (!supplier || !connection) throw invalidField('supplierId', 'Choose a supplier from the list.');
  if (!connection.isActive) throw invalidField('supplierId', `${connection.name} is deactivated.`);
  const ofSupplier = {
    supplierId: connection.id,
    supplierName: connection.name,
    supplierGroupId: connection.groupId || null,
  };
  if (kind === 'DCO') {
    if (supplier.supplierType !== 'DCO') throw invalidField('supplierId', `${connection.name} is not a DCO.`);
    return {
      ...ofSupplier,
      vehicleId: null,
      driverId: null,
      vehicleNo: supplier.dco?.vehicleNo ?? '',
      driverName: connection.name,
      driverPhone: connection.phone,
    };
  }
  if (supplier.supplierType !== 'COMPANY') {
    throw invalidField('supplierId', `${connection.name} is a DCO; allot it as one.`);
  }
  const picked = input.vehicleId ? known.vehicle.get(input.vehicleId) : undefined;
  if (input.vehicleId && picked?.supplierId !== connection.id) {
    throw invalidField('vehicleId', `Choose one of ${connection.name}'s vehicles.`);
  }
  const vehicleNo = picked?.vehicleNo ?? (input.vehicleNo ?? '').trim().toUpperCase().replace(/[\s-]/g, '');
  if (!vehicleNo) throw invalidField('vehicleNo', 'Enter the vehicle number, or choose the vehicle.');
  const driverName = (input.driverName ?? '').trim();
  if (!driverName) throw invalidField('driverName', 'Enter the driver’s name.');
  const driverPhone = (input.driverPhone ?? '').trim();
  if (!/^\+\d{1,15}$/.test(driverPhone)) {
    throw invalidField('driverPhone', 'Enter the driver’s phone with country code, e.g. +919812345678');
  }
  return {
    ...ofSupplier,
    vehicle: picked,
    vehicleId: picked?.id ?? null,
    driverId: null,
    vehicleNo,
    driverName,
    driverPhone,
  };
}

export function createAllotDuty(deps: BookingsDeps) {
  const { db, copies } = deps;

  return {
    async allot(caller: TenantCaller, input: AllotInput): Promise<BookingDetail[]> {
      requireId(input.id, 'id');
      const kind = ALLOTMENT_KINDS.find((k) => k === input.kind);
      if (!kind) throw invalidField('kind', `Allot as ${ALLOTMENT_KINDS.join(', ')}.`);
      for (const field of ['vehicleId', 'driverId', 'supplierId'] as const) {
        if (input[field]) requireId(input[field], field);
      }
      const overrideReason = (input.overrideReason ?? '').trim();
      if (overrideReason.length > 500)
        throw invalidField('overrideReason', 'Keep the reason to 500 characters or fewer.');
      const known = await copies.load(caller, {
        vehicle: input.vehicleId ? [input.vehicleId] : [],
        driver: input.driverId ? [input.driverId] : [],
        supplier: input.supplierId ? [input.supplierId] : [],
      });
      // The vehicle's own driver is only known once the vehicle is.
      const assigned = known.vehicle.get(input.vehicleId ?? '')?.driverId;
      if (kind === 'OWN' && !input.driverId && assigned) {
        const more = await copies.load(caller, { driver: [assigned] });
        known.driver = more.driver;
      }
      const chosen = choose(kind, input, known);
      const action: BookingAction = kind === 'OWN' && !chosen.driverId ? 'allotVehicleOnly' : 'allot';
      const mayOverride = caller.permissions.includes(PERMISSION.allot_despite_conflicts);

      return db.withTenant(caller.tenantId, async (tx) => {
        const targets = input.allDuties ? (await dutiesOfBooking(tx, input.id)).map((d) => d.id) : [input.id];
        if (targets.length === 0) throw notFound('The booking');
        await lockAllotable(
          tx,
          caller.tenantId,
          [chosen.vehicleId, chosen.driverId].filter((id): id is string => !!id),
        );
        const allotted: BookingDetail[] = [];
        for (const id of targets) {
          const duty = await lockDutyAsRead(tx, id, id === input.id ? input.expectedVersion : undefined);
          const outcome = transition(duty, action, { actor: 'STAFF', permissions: caller.permissions });
          if (!outcome.ok) {
            if (outcome.problem === 'NOT_ALLOWED') throw permissionDenied(outcome.message);
            throw preconditionFailed(outcome.message, 'ILLEGAL_TRANSITION');
          }
          const current = (await getBookingDetail(tx, id))!;
          const from = new Date(current.reportingAt);
          const to = current.endsAt ? new Date(current.endsAt) : new Date(from.getTime() + 8 * 3_600_000);
          const overlaps = await overlappingDuties(tx, {
            vehicleId: chosen.vehicleId,
            driverId: chosen.driverId,
            from,
            to,
            except: targets,
          });
          const problems = [
            ...overlaps.map(
              (o) =>
                `${o.allotedDriverId && o.allotedDriverId === chosen.driverId ? chosen.driverName : chosen.vehicleNo} is on duty #${o.bookingNo} then`,
            ),
            ...lapsedOn(current.startDate, chosen),
          ];
          if (problems.length > 0) {
            const listed = `${problems.join('; ')}.`;
            if (!mayOverride) {
              throw preconditionFailed(
                `Cannot allot duty #${current.bookingNo}: ${listed} Allotting anyway needs the “${getPermission(PERMISSION.allot_despite_conflicts)?.name}” permission.`,
                'ALLOTMENT_CONFLICT',
              );
            }
            if (!overrideReason) {
              throw invalidField('overrideReason', `${listed} Say why you allot it anyway.`);
            }
          }
          await applyAllotment(tx, id, { ...chosen, status: outcome.to });
          const reason = problems.length > 0 ? `${overrideReason} (despite: ${problems.join('; ')})` : '';
          const changed = await recordDutyChange(tx, caller, id, {
            action,
            from: duty.status,
            to: outcome.to,
            reason,
            event: 'bookingStatusChanged',
          });
          await replaceSearchTerms(tx, caller.tenantId, id, searchTermsOf(changed));
          allotted.push(changed);
        }
        return allotted;
      });
    },
  };
}
