// The demo fleet's fuel and upkeep, recorded through billing's own use cases as the transport desk would:
// two months of fills of the operator's own vehicles at the fuel stations of their branch's city (CNG
// in kg, a charge in kWh), each vehicle at a realistic mileage for its fuel with a little day-to-day
// spread, mostly full tanks with a top-up now and then; one vehicle has run poorly this past month (a
// dragging brake), so the mileage screen flags it. And a month of expenses: services, tyres, a battery,
// challans, tolls, cleaning.
import type { TenantCaller } from '@fleet/billing';
import {
  addCalendarDays,
  branchMaster,
  decodeListPage,
  FUEL_TYPES,
  type FuelType,
  fuelStationMaster,
  vehicleMaster,
} from '@fleet/domain';
import { callAs } from '@fleet/platform';
import type { DemoBilling } from './seed-billing';
import type { MastersClient } from './seed-masters';
import { seededRandom } from './toolkit';

/** km per litre (kg, kWh) in city and highway duty, the pump price, and what a full tank holds. */
const FUEL: Record<FuelType, { kmPerUnit: number; price: number; tank: number }> = {
  PETROL: { kmPerUnit: 13.5, price: 104.6, tank: 42 },
  DIESEL: { kmPerUnit: 14.2, price: 92.4, tank: 55 },
  CNG: { kmPerUnit: 19.5, price: 76.6, tank: 9 },
  ELECTRIC: { kmPerUnit: 7.2, price: 18.5, tank: 40 },
};
const DAYS = 60;
/** The vehicles given fuel logs (the own fleet's first, by number): enough to read, quick to seed. */
const VEHICLES = 16;

const EXPENSES = [
  { category: 'SERVICE', vendor: 'Sai Service', amount: [4200, 9800], gst: true },
  { category: 'TYRES', vendor: 'Apollo Tyres Point', amount: [14_000, 26_000], gst: true },
  { category: 'BATTERY', vendor: 'Exide Care', amount: [5200, 7800], gst: true },
  { category: 'FINE_CHALLAN', vendor: 'Traffic police e-challan', amount: [500, 2000], gst: false },
  { category: 'PARKING_TOLL', vendor: 'FASTag recharge', amount: [500, 2500], gst: false },
  { category: 'CLEANING', vendor: 'Spark car wash', amount: [300, 900], gst: false },
  { category: 'REPAIR', vendor: 'Ace Auto Works', amount: [1800, 12_000], gst: true },
] as const;

/** Seeds the fills and expenses and answers how many; nothing when the operator has a fill already. */
export async function seedDemoVehicleCosts(
  billing: DemoBilling,
  masters: MastersClient,
  caller: TenantCaller,
  today: string,
): Promise<{ fills: number; expenses: number }> {
  const { fuel, expenses } = billing.useCases.vehicleCosts;
  if ((await fuel.list(caller, { limit: 1 })).items.length > 0) return { fills: 0, expenses: 0 };
  const list = async <D extends typeof vehicleMaster | typeof branchMaster | typeof fuelStationMaster>(
    d: D,
  ) =>
    decodeListPage(
      d,
      (await masters.listRecords({ kind: d.kind, page: { limit: 1000 } }, callAs(caller))).recordsJson,
    );
  const [listed, branches, stations] = await Promise.all([
    list(vehicleMaster),
    list(branchMaster),
    list(fuelStationMaster),
  ]);
  const loaded = await billing.copies.load(caller, { vehicle: listed.map((v) => v.id) });
  const cityOfBranch = new Map(branches.map((b) => [b.id, String(b.values.city_id ?? '')]));
  const own = [...loaded.vehicle.values()]
    .filter((v) => !v.supplierId && v.isActive)
    .sort((a, b) => a.vehicleNo.localeCompare(b.vehicleNo))
    .slice(0, VEHICLES);
  const random = seededRandom(20_261_124);
  let fills = 0;
  let recorded = 0;
  for (const [index, vehicle] of own.entries()) {
    // PGlite's queries run on this thread, and a chain of them never lets a request in: between vehicles
    // the process answers what is waiting (its health check, a person signing in).
    await new Promise((resolve) => setImmediate(resolve));
    const fuelType = FUEL_TYPES.find((t) => t === vehicle.vehicleFuelType) ?? 'DIESEL';
    const { kmPerUnit, price, tank } = FUEL[fuelType];
    const city = cityOfBranch.get(vehicle.branchId);
    const near = stations.filter((s) => s.values.city_id === city);
    const choices = near.length ? near : stations;
    const poorly = index === 3;
    let odometer = random.int(18_000, 95_000);
    let used = random.next() * tank * 0.5;
    let topUps = 0;
    for (let day = DAYS - 1; day >= 0; day -= 1) {
      const date = addCalendarDays(today, -day);
      const run = random.int(90, 240);
      // The poor one lost a fifth of its mileage thirty days ago.
      const mileage = kmPerUnit * (1 + (random.next() - 0.5) * 0.08) * (poorly && day < 30 ? 0.78 : 1);
      odometer += run;
      used += run / mileage;
      if (used < tank * 0.65) continue;
      // Now and then a top-up of a few hundred rupees instead of a full tank.
      const full = topUps >= 1 || random.chance(0.8);
      const quantity = full ? used : Math.min(used, Math.round(600 / price));
      topUps = full ? 0 : topUps + 1;
      used -= quantity;
      const station = random.pick(choices);
      const credit = station?.values.has_credit_account === true;
      await fuel.record(caller, {
        fillDate: date,
        fillTime: `${String(random.int(7, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
        vehicleId: vehicle.id,
        driverId: vehicle.driverId || undefined,
        quantity: quantity.toFixed(2),
        amount: (Math.round(quantity * price * 100) / 100).toFixed(2),
        odometerKm: odometer,
        fuelStationId: station?.id,
        stationName: station ? undefined : 'Highway pump',
        isFullTank: full,
        paymentMode:
          credit && random.chance(0.7) ? 'STATION_CREDIT' : random.pick(['CASH', 'CREDIT_CARD'] as const),
        billNo: String(random.int(100_000, 999_999)),
      });
      fills++;
      if (day < 30 && random.chance(0.18)) {
        const kind = random.pick(EXPENSES);
        const amount = random.int(kind.amount[0], kind.amount[1]);
        await expenses.record(caller, {
          expenseDate: date,
          vehicleId: vehicle.id,
          category: kind.category,
          amount: `${amount}.00`,
          gstAmount: kind.gst ? (amount * 0.18).toFixed(2) : undefined,
          odometerKm: String(odometer),
          vendor: kind.vendor,
          billNo: kind.category === 'FINE_CHALLAN' ? `MH${random.digits(12)}` : `INV-${random.digits(5)}`,
          paymentMode:
            kind.category === 'FINE_CHALLAN'
              ? 'OTHER'
              : random.pick(['CASH', 'NEFT', 'CREDIT_CARD'] as const),
          notes: poorly && kind.category === 'REPAIR' ? 'Front brake caliper sticking' : undefined,
        });
        recorded++;
      }
    }
  }
  // The poor one goes to the workshop today; its bill says why.
  const poor = own[3];
  if (poor) {
    await expenses.record(caller, {
      expenseDate: today,
      vehicleId: poor.id,
      category: 'REPAIR',
      amount: '6400.00',
      gstAmount: '1152.00',
      vendor: 'Ace Auto Works',
      billNo: 'AAW-2231',
      paymentMode: 'NEFT',
      notes: 'Front brake caliper sticking: mileage down a fifth over the month',
    });
    recorded++;
  }
  return { fills, expenses: recorded };
}
