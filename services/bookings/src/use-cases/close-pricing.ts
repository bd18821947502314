// The price of a duty when it closes (DOMAIN.md, Pricing), three times over with the one priceDuty:
// - charged to the customer: on the booked card, climbing the customer's slab ladder by what the sales
//   slip measured;
// - paid to the supplier, when a supplier ran it: from the purchase slip (else the sales slip, said so in
//   the charges), on the supplier's card for the duty (its card for this customer first, else its
//   general one; rates typed on the booking's purchase side win), with the supplier's allowances;
// - paid to the operator's own driver, when the driver ran it: the driver master's allowances (and
//   overtime per hour) applied to the duty, as a card that charges nothing else.
// What masters must answer is gathered before the closing transaction opens (prepareClosePricing); the
// pricing itself is pure (priceAtClose).

import {
  type Allowances as AllowanceSet,
  type DutyChargeInput,
  type DutyCharges,
  type DutyTypeKind,
  EXTRA_HOUR_ROUNDING,
  measureDuty,
  priceDuty,
  type RateCard,
  type SlipReadings,
  SWITCH_PATH_OPTIONS,
} from '@fleet/domain';
import { callAs } from '@fleet/platform';
import type { Allowances } from '@fleet/proto/fleet/masters/v1/driver_pb';
import { RateParty } from '@fleet/proto/fleet/masters/v1/rate_card_pb';
import Decimal from 'decimal.js';
import type { BookingDetail, PriceRecord } from '../domain/booking';
import type { Copy } from '../read-models/master-copies';
import type { StoredCharges } from '../storage/booking-record-store';
import type { BookingsDeps, TenantCaller } from './deps';

const decimalOrNull = (value: string | null | undefined) => (value ? new Decimal(value) : null);

/** A masters allowance set (driver, customer or supplier master) as pricing reads it. */
function allowanceSetOf(a: Allowances | undefined): AllowanceSet {
  return {
    outstation: decimalOrNull(a?.outstationDayAllowance),
    overnight: decimalOrNull(a?.outstationNightAllowance),
    sunday: decimalOrNull(a?.sundayAllowance),
    earlyStart: decimalOrNull(a?.earlyStartAllowance),
    night: decimalOrNull(a?.nightAllowance),
    extraDuty: decimalOrNull(a?.extraDutyAllowance),
    driverDaily: decimalOrNull(a?.dailyAllowance),
  };
}

export function termsOf(dutyType: Copy<'duty_type'>): RateCard['terms'] {
  return {
    kind: dutyType.type as DutyTypeKind,
    maxKm: dutyType.maxKm ?? null,
    maxHours: dutyType.maxHr ?? null,
    isP2p: dutyType.isP2p,
    isG2g: dutyType.isG2g,
    isGarageStartCalculated: dutyType.isGarageStartCalculated,
    isGarageEndCalculated: dutyType.isGarageEndCalculated,
    hasOutstationAllowance: dutyType.hasOutstationAllowance,
  };
}

const NO_PRICE: PriceRecord = { rateCardId: null, price: null, extraKmRate: null, extraHourRate: null };

/**
 * The card pricing reads: rates typed on the booking (`price`) first, then the rate card's, and for
 * allowances and overtime the party's master (`own`) where the card sets none.
 */
export function rateCardOf(
  price: PriceRecord,
  dutyType: Copy<'duty_type'>,
  card: Copy<'rate_card'> | undefined,
  own: Allowances | undefined,
): RateCard {
  const owned = allowanceSetOf(own);
  const either = (fromCard: string | undefined, fromOwn: Decimal | null | undefined) =>
    decimalOrNull(fromCard) ?? fromOwn ?? null;
  return {
    id: card?.id ?? '',
    terms: termsOf(dutyType),
    normalRate: decimalOrNull(price.price) ?? decimalOrNull(card?.normalRate) ?? new Decimal(0),
    extraKmRate: decimalOrNull(price.extraKmRate) ?? decimalOrNull(card?.extraKmRate),
    extraHourRate: decimalOrNull(price.extraHourRate) ?? decimalOrNull(card?.extraHourRate),
    overTimePerHour: either(card?.overTimePerHr, decimalOrNull(own?.otPerHour)),
    noShowRate: decimalOrNull(card?.noShowRate),
    extraHourRounding: EXTRA_HOUR_ROUNDING.find((r) => r === card?.extraHourRounding) ?? 'PRO_RATA',
    allowances: {
      outstation: either(card?.outstationAllowance, owned.outstation),
      overnight: either(card?.outstationOverNightAllowance, owned.overnight),
      sunday: either(card?.sundayAllowance, owned.sunday),
      earlyStart: either(card?.earlyStartAllowance, owned.earlyStart),
      night: either(card?.nightAllowance, owned.night),
      extraDuty: either(card?.extraDutyAllowance, owned.extraDuty),
      driverDaily: either(card?.driverDailyAllowance, owned.driverDaily),
    },
    switchPath: SWITCH_PATH_OPTIONS.find((s) => s === card?.switchPathGroup) ?? 'OFF',
    kmCrossSlab: card?.kmCrossSlab ?? null,
    hourCrossSlab: card?.hourCrossSlab ?? null,
  };
}

/** The customer's card for a duty: the booking's sales rates over its rate card, the customer's allowances. */
export const cardFor = (
  booking: BookingDetail,
  dutyType: Copy<'duty_type'>,
  card: Copy<'rate_card'> | undefined,
  customer: Copy<'customer'> | undefined,
) => rateCardOf(booking.sales, dutyType, card, customer?.connection?.allowances);

/**
 * What the operator's driver is paid on a duty, as a card: nothing for the package, km or hours within
 * it; overtime per hour beyond the duty type's hours, and the driver master's allowances.
 */
export const driverCard = (dutyType: Copy<'duty_type'>, driver: Copy<'driver'>): RateCard =>
  rateCardOf(NO_PRICE, dutyType, undefined, driver.allowances);

/** Where charges came from beyond their lines: the card's name, a slab switch, a note. */
export interface ChargesContext {
  cardNames?: ReadonlyMap<string, string>;
  bookedCardId?: string;
  note?: string;
}

/** A priced duty as it is kept with the duty: decimal text throughout. */
export function storedCharges(priced: DutyCharges, context: ChargesContext = {}): StoredCharges {
  const names = context.cardNames ?? new Map<string, string>();
  const switched = context.bookedCardId && priced.cardId !== context.bookedCardId;
  return {
    rateCardId: priced.cardId || null,
    rateCardName: names.get(priced.cardId) ?? '',
    switchedFrom:
      switched && context.bookedCardId
        ? { id: context.bookedCardId, name: names.get(context.bookedCardId) ?? '' }
        : null,
    note: context.note ?? '',
    km: priced.km.toString(),
    minutes: priced.minutes,
    lines: priced.lines.map((l) => ({
      code: l.code,
      label: l.label,
      quantity: l.quantity.toDecimalPlaces(4).toString(),
      unit: l.unit,
      rate: l.rate.toFixed(2),
      amount: l.amount.toFixed(2),
    })),
    total: priced.total.toFixed(2),
  };
}

/** A card and the rungs its duty may climb to, each with its duty type. */
interface Ladder {
  booked: RateCard;
  rungs: RateCard[];
  names: Map<string, string>;
}

/** What closing needs from masters, read before its transaction. */
export interface ClosePricing {
  dutyType: Copy<'duty_type'>;
  customer: Copy<'customer'> | undefined;
  sales: Ladder;
  /** Set when a supplier ran the duty. */
  purchase?: Ladder & { supplier: Copy<'supplier'> | undefined; hasRates: boolean };
  /** Set when the operator's own driver ran it. */
  driver?: Copy<'driver'>;
}

export function createClosePricing(deps: BookingsDeps) {
  const { copies, masters } = deps;

  /** The rungs above a card in force on the duty's date, typed as pricing reads them. */
  async function ladderOf(
    caller: TenantCaller,
    booking: BookingDetail,
    booked: {
      card: Copy<'rate_card'> | undefined;
      rungCard: (rung: Copy<'rate_card'>, dutyType: Copy<'duty_type'>) => RateCard;
    },
  ): Promise<{ rungs: RateCard[]; names: Map<string, string> }> {
    const names = new Map<string, string>();
    if (booked.card) names.set(booked.card.id, booked.card.name);
    if (!booked.card?.switchPathGroup || booked.card.switchPathGroup === 'OFF') {
      return { rungs: [], names };
    }
    const { rungs } = await masters.getRateLadder(
      {
        rateCardId: booked.card.id,
        customerId: booking.customerId,
        cityId: booking.fromCityId,
        date: booking.startDate,
      },
      callAs(caller),
    );
    const known = await copies.load(caller, { duty_type: rungs.map((r) => r.dutyTypeId) });
    const priced: RateCard[] = [];
    for (const rung of rungs) {
      const dutyType = known.duty_type.get(rung.dutyTypeId);
      if (!dutyType || rung.id === booked.card.id) continue;
      names.set(rung.id, rung.name);
      priced.push(booked.rungCard(rung, dutyType));
    }
    return { rungs: priced, names };
  }

  return {
    /** Reads what pricing the duty needs; undefined when its duty type is no longer known. */
    async prepare(caller: TenantCaller, booking: BookingDetail): Promise<ClosePricing | undefined> {
      const supplierId = booking.supplierId;
      const driverId = supplierId ? null : booking.allotedDriverId;
      const resolved = supplierId
        ? await masters.resolveRate(
            {
              party: RateParty.SUPPLIER,
              supplierId,
              customerId: booking.customerId,
              dutyTypeId: booking.dutyTypeId,
              cityId: booking.fromCityId,
              vehicleGroupId: booking.vehicleGroupId,
              date: booking.startDate,
            },
            callAs(caller),
          )
        : undefined;
      const supplierCard = resolved?.rateCard;
      const known = await copies.load(caller, {
        duty_type: [booking.dutyTypeId],
        customer: [booking.customerId],
        rate_card: booking.sales.rateCardId ? [booking.sales.rateCardId] : [],
        supplier: supplierId ? [supplierId] : [],
        driver: driverId ? [driverId] : [],
      });
      const dutyType = known.duty_type.get(booking.dutyTypeId);
      if (!dutyType) return undefined;
      const customer = known.customer.get(booking.customerId);
      const customerAllowances = customer?.connection?.allowances;
      const salesCard = booking.sales.rateCardId ? known.rate_card.get(booking.sales.rateCardId) : undefined;
      const sales = await ladderOf(caller, booking, {
        card: salesCard,
        rungCard: (rung, rungType) => rateCardOf(NO_PRICE, rungType, rung, customerAllowances),
      });

      let purchase: ClosePricing['purchase'];
      if (supplierId) {
        const supplier = known.supplier.get(supplierId);
        const own = supplier?.connection?.allowances;
        const ladder = await ladderOf(caller, booking, {
          card: supplierCard,
          rungCard: (rung, rungType) => rateCardOf(NO_PRICE, rungType, rung, own),
        });
        purchase = {
          ...ladder,
          booked: rateCardOf(booking.purchase, dutyType, supplierCard, own),
          supplier,
          hasRates: !!supplierCard || !!booking.purchase.price,
        };
      }
      return {
        dutyType,
        customer,
        sales: { ...sales, booked: cardFor(booking, dutyType, salesCard, customer) },
        purchase,
        driver: driverId ? known.driver.get(driverId) : undefined,
      };
    },
  };
}

/** A supplier's revenue share in percent (a DCO's, typically), when it has one above zero. */
function revenueShareOf(supplier: Copy<'supplier'> | undefined): Decimal | undefined {
  const share = supplier?.revenueSharePercentage;
  if (!share) return undefined;
  const percent = new Decimal(share);
  return percent.isPositive() && !percent.isZero() ? percent : undefined;
}

/**
 * A supplier paid by revenue share when no card prices its duty: its percentage of what the customer is
 * charged for the duty, to the paisa, on top of the allowances its card would pay.
 */
export function withRevenueShare(
  charges: StoredCharges,
  percent: Decimal,
  salesTotal: string,
): StoredCharges {
  const amount = new Decimal(salesTotal)
    .times(percent)
    .dividedBy(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    ...charges,
    lines: [
      {
        code: 'REVENUE_SHARE',
        label: 'Revenue share',
        quantity: percent.toString(),
        unit: "% of the customer's charges",
        rate: new Decimal(salesTotal).toFixed(2),
        amount: amount.toFixed(2),
      },
      ...charges.lines,
    ],
    total: new Decimal(charges.total).plus(amount).toFixed(2),
  };
}

/** The slips of a duty as closing reads them. */
export interface ClosingSlips {
  sales: SlipReadings;
  purchase: SlipReadings;
}

export interface PricedAtClose {
  charges: StoredCharges;
  purchaseCharges?: StoredCharges;
  driverAllowances?: StoredCharges;
}

/** True when a slip says when the duty started and ended (what pricing measures from). */
export const measurable = (readings: SlipReadings) => !!readings.dutyStart && !!readings.dutyEnd;

/**
 * The three prices of a closed duty. `day` says which of its vehicle's and its driver's duties of the day
 * this is (1 for the first; the extra duty allowance is for the later ones).
 */
export function priceAtClose(
  pricing: ClosePricing,
  booking: BookingDetail,
  slips: ClosingSlips,
  day: { vehicle: number; driver: number },
): PricedAtClose {
  const { customer, dutyType } = pricing;
  const connection = customer?.connection;
  const terms = termsOf(dutyType);
  const timings = customer?.cityTimings.find((t) => t.cityId === booking.fromCityId);
  const common: Omit<DutyChargeInput, 'card' | 'measures'> = {
    outcome: 'COMPLETED',
    timings: timings && {
      earlyTime: timings.earlyTime,
      lateTime: timings.lateTime,
      overnightTime: timings.overnightTime,
    },
  };
  const salesMeasure = measureDuty(slips.sales, terms, {
    startMinutes: connection?.minGarageStartMinutes ?? 0,
    endMinutes: connection?.minGarageEndMinutes ?? 0,
  });
  const charges = storedCharges(
    priceDuty({
      ...common,
      card: pricing.sales.booked,
      ladder: pricing.sales.rungs,
      measures: [salesMeasure],
      costlierOfKmOrHours: customer?.costlierOfKmOrHourCityIds.includes(booking.fromCityId) ?? false,
      dutyOfDay: day.vehicle,
    }),
    { cardNames: pricing.sales.names, bookedCardId: pricing.sales.booked.id || undefined },
  );

  let purchaseCharges: StoredCharges | undefined;
  if (pricing.purchase) {
    const { purchase } = pricing;
    const own = purchase.supplier?.connection;
    const fromPurchaseSlip = measurable(slips.purchase);
    const measure = measureDuty(fromPurchaseSlip ? slips.purchase : slips.sales, terms, {
      startMinutes: own?.minGarageStartMinutes ?? 0,
      endMinutes: own?.minGarageEndMinutes ?? 0,
    });
    const share = purchase.hasRates ? undefined : revenueShareOf(purchase.supplier);
    const notes = [
      ...(fromPurchaseSlip ? [] : ['No purchase slip was recorded; measured from the sales slip.']),
      ...(purchase.hasRates
        ? []
        : share
          ? [
              'No supplier rate card is in force and the booking names no purchase price; paid its revenue share of what the customer is charged.',
            ]
          : ['No supplier rate card is in force and the booking names no purchase price; allowances only.']),
    ];
    const priced = storedCharges(
      priceDuty({
        ...common,
        card: purchase.booked,
        ladder: purchase.rungs,
        measures: [measure],
        dutyOfDay: day.vehicle,
      }),
      { cardNames: purchase.names, bookedCardId: purchase.booked.id || undefined, note: notes.join(' ') },
    );
    purchaseCharges = share ? withRevenueShare(priced, share, charges.total) : priced;
  }

  const driverAllowances = pricing.driver
    ? storedCharges(
        priceDuty({
          ...common,
          card: driverCard(dutyType, pricing.driver),
          measures: [salesMeasure],
          dutyOfDay: day.driver,
        }),
      )
    : undefined;
  return { charges, purchaseCharges, driverAllowances };
}
