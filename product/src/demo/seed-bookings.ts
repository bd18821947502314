// The demo operator's month of duties: three weeks behind and ten days ahead of today, taken, allotted,
// dispatched, closed with their slips and priced, cancelled or failed the way a month goes, through the
// bookings service's own API as a dispatcher would work it — so the board opens alive on every tab staff
// can move a duty into (the demo driver's day in the driver app is seed-driver-app.ts; network
// partners' tabs fill when that part runs).
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import {
  addCalendarDays,
  type BookingDraftInput,
  customerMaster,
  decodeListPage,
  driverMaster,
  dutyTypeMaster,
  type MasterDefinition,
  operatorDate,
  operatorInstant,
  PERMISSION,
  supplierMaster,
  type TripInsuranceInput,
  vehicleMaster,
  withoutPermission,
} from '@fleet/domain';
import { type Caller, callAs, fromConnectError } from '@fleet/platform';
import type { BookingsService } from '@fleet/proto/fleet/bookings/v1/bookings_service_pb';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import { DEMO_DRIVER_PHONE } from './operator';
import type { MastersClient } from './seed-masters';
import { seededRandom } from './toolkit';

export type BookingsClient = Client<typeof BookingsService>;

const DAYS_BEHIND = 21;
const DAYS_AHEAD = 10;
const DUTIES_A_DAY = 4;
/** Duty types a dispatcher takes day to day (the monthly and accounting ones are for contracts). */
const EVERYDAY_TYPES = ['4 Hrs 40 Kms', '8 Hrs 80 Kms', '12 Hrs 120 Kms', 'Airport Transfer'];
const PASSENGERS = [
  'Aarav Sharma',
  'Ishita Kulkarni',
  'Rohan Deshpande',
  'Meera Iyer',
  'Kabir Malhotra',
  'Sneha Patil',
  'Vikram Joshi',
  'Ananya Gupta',
  'Farhan Qureshi',
  'Neha Bhat',
  'Siddharth Rao',
  'Pooja Menon',
];
/**
 * Trip insurance the travel desk bought for two duties — the first to close from 17 days back (its
 * premium is on its invoice once billed) and the first of three days ahead — picked by where in the month
 * they fall, so the month's draws stay as they were.
 */
const INSURED_BEHIND: TripInsuranceInput & { fromDay: number } = {
  fromDay: -DAYS_BEHIND + 4,
  policyNumber: 'TRV/2026/004211',
  insurer: 'ICICI Lombard General Insurance',
  premium: '1803.00',
  sumInsured: '500000.00',
  note: 'Covers both passengers',
};
const INSURED_AHEAD: TripInsuranceInput & { day: number } = {
  day: 3,
  policyNumber: 'OG-27-1101-9999-00000482',
  insurer: 'Tata AIG General Insurance',
  premium: '649.50',
  sumInsured: '',
  note: '',
};
const SUPPLIER_DRIVERS = ['Ramesh Jadhav', 'Suresh Yadav', 'Imran Shaikh', 'Gurpreet Singh', 'Anil Kamble'];
const ADDRESSES = [
  'Hinjewadi Phase 1',
  'Koregaon Park',
  'Baner Road',
  'Viman Nagar',
  'Kharadi IT Park',
  'Aundh',
  'Magarpatta City',
  'Airport Terminal 2',
  'Bandra Kurla Complex',
  'Powai',
  'Andheri East',
  'Lower Parel',
];

export async function listAll<D extends MasterDefinition>(
  masters: MastersClient,
  owner: Caller,
  definition: D,
) {
  const page = await masters.listRecords({ kind: definition.kind, page: { limit: 1000 } }, callAs(owner));
  return decodeListPage(definition, page.recordsJson);
}

/**
 * Seeds the demo month of duties as `owner`. Does nothing (and answers 0) if the operator has bookings
 * already; answers how many duties it took.
 */
export async function seedDemoBookings(
  clients: { bookings: BookingsClient; masters: MastersClient },
  owner: Caller,
  options: { today?: string } = {},
): Promise<number> {
  const as = callAs(owner);
  const existing = await clients.bookings.listBookings({ tab: 'all', page: { limit: 1 } }, as);
  if (existing.bookings.length > 0) return 0;
  const today = options.today ?? operatorDate(new Date());
  const random = seededRandom(20261124);
  const customers = (await listAll(clients.masters, owner, customerMaster)).filter((c) => c.values.city_id);
  const dutyTypes = (await listAll(clients.masters, owner, dutyTypeMaster)).filter((d) =>
    EVERYDAY_TYPES.includes(String(d.values.name)),
  );
  const drivers = await listAll(clients.masters, owner, driverMaster);
  // The demo driver's vehicle is kept for the day seed-driver-app.ts runs through the driver app.
  const demoDriver = drivers.find((d) => d.values.phone === DEMO_DRIVER_PHONE)?.id;
  const vehicles = (await listAll(clients.masters, owner, vehicleMaster)).filter(
    (v) => v.values.driver_id && v.values.driver_id !== demoDriver,
  );
  const suppliers = await listAll(clients.masters, owner, supplierMaster);
  // Its own stream, so that which duties suppliers run leaves the rest of the month as it was.
  const sourcing = seededRandom(20261125);
  if (customers.length === 0 || dutyTypes.length === 0 || vehicles.length === 0 || drivers.length === 0)
    return 0;

  /**
   * Allots the duty the day's vehicle, or the next one that is available, free then and with its
   * documents in order (the demo fleet has lapsed papers and vehicles off the road, as real fleets do);
   * false when none of a few is.
   */
  // Allotting as a dispatcher would, without the power to override a conflict.
  const dispatcher = callAs({
    ...owner,
    permissions: withoutPermission(owner.permissions, PERMISSION.allot_despite_conflicts),
  });
  const allotSome = async (id: string, first: number) => {
    for (let tries = 0; tries < 6; tries++) {
      const vehicle = vehicles[(first + tries * 7) % vehicles.length]!;
      try {
        await clients.bookings.allotDuty({ id, kind: 'OWN', vehicleId: vehicle.id }, dispatcher);
        return true;
      } catch (error) {
        const refused = fromConnectError(error);
        const unavailable = refused.fieldViolations.some((v) => v.field === 'vehicleId');
        if (refused.reason !== 'ALLOTMENT_CONFLICT' && !unavailable) throw error;
      }
    }
    return false;
  };

  /**
   * About one duty in four goes to a supplier in the customer's city, as the desk does when its own fleet
   * is short: a DCO runs it in the vehicle it owns, a company supplier's vehicle and driver are typed in.
   * True when a supplier took it.
   */
  const allotToSupplier = async (id: string, cityId: string) => {
    const near = suppliers.filter((s) => s.values.city_id === cityId);
    if (near.length === 0 || !sourcing.chance(0.25)) return false;
    const supplier = sourcing.pick(near);
    const request =
      supplier.values.supplier_type === 'DCO'
        ? { id, kind: 'DCO', supplierId: supplier.id }
        : {
            id,
            kind: 'COMPANY_SUPPLIER',
            supplierId: supplier.id,
            vehicleNo: `${String(cityId).slice(0, 2).toUpperCase()}01${sourcing.pick(['AB', 'CD', 'KL'])}${sourcing.digits(4)}`,
            driverName: sourcing.pick(SUPPLIER_DRIVERS),
            driverPhone: `+9196${sourcing.digits(8)}`,
          };
    try {
      await clients.bookings.allotDuty(request, dispatcher);
      return true;
    } catch (error) {
      // A DCO already out on another duty then: the desk allots its own vehicle instead.
      if (fromConnectError(error).reason !== 'ALLOTMENT_CONFLICT') throw error;
      return false;
    }
  };

  const insure = (id: string, { policyNumber, insurer, premium, sumInsured, note }: TripInsuranceInput) =>
    clients.bookings.setTripInsurance(
      { id, insurance: { policyNumber, insurer, premium, sumInsured, note } },
      as,
    );
  let insuredBehind = false;

  let taken = 0;
  for (let day = -DAYS_BEHIND; day <= DAYS_AHEAD; day++) {
    const date = addCalendarDays(today, day);
    for (let n = 0; n < DUTIES_A_DAY; n++) {
      const customer = random.pick(customers);
      const dutyType = random.pick(dutyTypes);
      const vehicle = vehicles[(n + (day + DAYS_BEHIND) * DUTIES_A_DAY) % vehicles.length]!;
      const vehicleGroupId = String(vehicle.values.vehicle_group_id);
      const hour = 6 + n * 3 + random.int(0, 1);
      const draft: BookingDraftInput = {
        customerId: customer.id,
        bookedBy: { name: 'Travel Desk', phone: `+9198${random.digits(8)}` },
        passengers: Array.from({ length: random.chance(0.25) ? 2 : 1 }, () => ({
          name: random.pick(PASSENGERS),
          phone: `+9197${random.digits(8)}`,
        })),
        fromCityId: String(customer.values.city_id),
        vehicleGroupId,
        dutyTypeId: dutyType.id,
        reportingDate: date,
        reportingTime: `${String(hour).padStart(2, '0')}:${random.pick(['00', '15', '30', '45'])}`,
        reportingAddress: random.pick(ADDRESSES),
        dropAddress: random.pick(ADDRESSES),
        orderReferenceNumber: random.chance(0.3) ? `PO/${random.digits(5)}` : '',
        confirmed: day <= 0 || random.chance(0.85),
      };
      // A customer without a contract for this duty is quoted by the desk.
      const card = await clients.masters.resolveRate(
        {
          party: RateParty.CUSTOMER,
          customerId: customer.id,
          dutyTypeId: dutyType.id,
          cityId: draft.fromCityId,
          vehicleGroupId,
          date,
        },
        as,
      );
      if (!card.rateCard) draft.sales = { price: String(random.int(12, 40) * 100) };
      const { booking } = await clients.bookings.createBooking({ draftJson: JSON.stringify(draft) }, as);
      taken += 1;
      const id = booking!.id;
      if (day === INSURED_AHEAD.day && n === 0) await insure(id, INSURED_AHEAD);
      const act = (action: string, reason = '') => clients.bookings.actOnBooking({ id, action, reason }, as);
      if (!draft.confirmed) continue;
      // Ahead of today: most duties are allotted, some wait for a vehicle.
      if (day > 0 && random.chance(0.4)) continue;
      const fate = random.next();
      if (day < 0 && fate < 0.08) {
        await act('cancel', random.pick(['Meeting postponed', 'Flight cancelled', 'Booked twice']));
        continue;
      }
      const bySupplier = await allotToSupplier(id, draft.fromCityId);
      if (!bySupplier && !(await allotSome(id, vehicles.indexOf(vehicle)))) continue;
      if (day > 0) continue;
      await act('dispatch');
      if (day === 0) continue;
      if (fate < 0.12) {
        await act('cancelAsNoShow');
        continue;
      }
      if (fate < 0.15) {
        await act('markUnfulfilled', 'Vehicle broke down on the way');
        continue;
      }
      const reportingAt = operatorInstant(date, draft.reportingTime);
      const startKm = random.int(20_000, 90_000);
      const minutes = random.int(180, 660);
      const km = random.int(25, 160);
      const at = (offsetMinutes: number) =>
        timestampFromDate(new Date(reportingAt.getTime() + offsetMinutes * 60_000));
      await clients.bookings.recordDutySlip(
        {
          id,
          variant: 'SALES',
          medium: random.pick(['HARD_COPY', 'EMAIL', 'DIGITAL_DUTY_SLIP']),
          points: [
            { point: 'GARAGE_START', at: at(-40), km: String(startKm), location: 'Garage' },
            { point: 'DUTY_START', at: at(0), km: String(startKm + 12), location: draft.reportingAddress },
            {
              point: 'DUTY_END',
              at: at(minutes),
              km: String(startKm + 12 + km),
              location: draft.dropAddress ?? '',
            },
            { point: 'GARAGE_END', at: at(minutes + 35), km: String(startKm + 24 + km), location: 'Garage' },
          ],
        },
        as,
      );
      // The supplier's own slip, as its driver wrote it: most come back, a little longer than ours.
      if (bySupplier && sourcing.chance(0.8)) {
        const extra = sourcing.int(0, 8);
        await clients.bookings.recordDutySlip(
          {
            id,
            variant: 'PURCHASE',
            medium: 'HARD_COPY',
            points: [
              { point: 'GARAGE_START', at: at(-45), km: String(startKm), location: 'Garage' },
              { point: 'DUTY_START', at: at(0), km: String(startKm + 12), location: draft.reportingAddress },
              {
                point: 'DUTY_END',
                at: at(minutes + 10),
                km: String(startKm + 12 + km + extra),
                location: draft.dropAddress ?? '',
              },
              {
                point: 'GARAGE_END',
                at: at(minutes + 50),
                km: String(startKm + 24 + km + extra),
                location: 'Garage',
              },
            ],
          },
          as,
        );
      }
      // The last few days' slips are still with the accounts desk.
      if (day < -2 || random.chance(0.5)) {
        if (!insuredBehind && day >= INSURED_BEHIND.fromDay) {
          await insure(id, INSURED_BEHIND);
          insuredBehind = true;
        }
        await clients.bookings.closeDuty({ id }, as);
      }
    }
  }
  return taken;
}
