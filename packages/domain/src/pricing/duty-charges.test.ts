import Decimal from 'decimal.js';
import fc from 'fast-check';
import { type DutyChargeInput, priceDuty, type RateCard } from './duty-charges';
import { type DutyMeasure, type DutyTypeTerms, measureDuty } from './duty-measure';

const d = (value: Decimal.Value) => new Decimal(value);
/** An instant of the operator's wall clock (India, +05:30). */
const at = (local: string) => new Date(`${local}+05:30`);

const local = (overrides: Partial<DutyTypeTerms> = {}): DutyTypeTerms => ({
  kind: 'HR_KM',
  maxKm: 80,
  maxHours: 8,
  isP2p: false,
  isG2g: true,
  isGarageStartCalculated: false,
  isGarageEndCalculated: false,
  hasOutstationAllowance: false,
  ...overrides,
});

const card = (overrides: Partial<RateCard> = {}): RateCard => ({
  id: 'card-8-80',
  terms: local(),
  normalRate: d(2000),
  extraKmRate: d(14),
  extraHourRate: d(150),
  overTimePerHour: null,
  noShowRate: null,
  extraHourRounding: 'PRO_RATA',
  allowances: {},
  switchPath: 'OFF',
  kmCrossSlab: null,
  hourCrossSlab: null,
  ...overrides,
});

/** A duty of `km` and `minutes` starting at `from` (local time). */
function measure(km: Decimal.Value, minutes: number, from = '2026-11-24T09:00'): DutyMeasure {
  const start = at(from);
  return measureDuty(
    {
      dutyStart: { at: start, km: d(1000) },
      dutyEnd: { at: new Date(start.getTime() + minutes * 60_000), km: d(1000).plus(km) },
    },
    local({ isG2g: false, isP2p: true }),
  );
}

const completed = (c: RateCard, measures: DutyMeasure[], more: Partial<DutyChargeInput> = {}) =>
  priceDuty({ card: c, outcome: 'COMPLETED', measures, ...more });

const amounts = (charges: ReturnType<typeof priceDuty>) =>
  Object.fromEntries(charges.lines.map((l) => [l.code, l.amount.toFixed(2)]));

describe('the price of a duty: DOMAIN.md worked examples', () => {
  it('HR_KM 8 h / 80 km at ₹2,000, garage to garage 108 km in 9 h 15 min: ₹2,579.50', () => {
    const slip = measureDuty(
      {
        garageStart: { at: at('2026-11-24T08:00'), km: d(5000) },
        dutyStart: { at: at('2026-11-24T08:40'), km: d(5012) },
        dutyEnd: { at: at('2026-11-24T16:30'), km: d(5096) },
        garageEnd: { at: at('2026-11-24T17:15'), km: d(5108) },
      },
      local(),
    );
    expect([slip.km.toString(), slip.minutes]).toEqual(['108', 555]);
    const charges = completed(card(), [slip]);
    expect(amounts(charges)).toEqual({ BASE: '2000.00', EXTRA_KM: '392.00', EXTRA_HOURS: '187.50' });
    expect(charges.total.toFixed(2)).toBe('2579.50');
  });

  it('a TIME_KM1 slab switches a 6 h / 55 km duty to the 8 h / 80 km card: ₹1,800', () => {
    const fourForty = card({
      id: 'card-4-40',
      terms: local({ maxKm: 40, maxHours: 4 }),
      normalRate: d(1000),
      switchPath: 'TIME_KM1',
      hourCrossSlab: 5,
      kmCrossSlab: 60,
    });
    const eightEighty = card({ id: 'card-8-80', normalRate: d(1800), switchPath: 'TIME_KM2' });
    const charges = completed(fourForty, [measure(55, 360)], { ladder: [fourForty, eightEighty] });
    expect(charges.cardId).toBe('card-8-80');
    expect(charges.total.toFixed(2)).toBe('1800.00');
    // Within both thresholds it stays on its card and pays its extras.
    const stays = completed(fourForty, [measure(50, 300)], { ladder: [fourForty, eightEighty] });
    expect(stays.cardId).toBe('card-4-40');
    expect(stays.total.toFixed(2)).toBe('1290.00'); // 10 extra km and an extra hour
  });

  it('DAY_KM 3 days × 250 km at ₹13/km, 640 km, ₹300 a day and ₹300 a night: ₹11,250', () => {
    const outstation = local({ kind: 'DAY_KM', maxKm: 250, maxHours: null, hasOutstationAllowance: true });
    const trip = measureDuty(
      {
        garageStart: { at: at('2026-11-24T06:00'), km: d(20000) },
        dutyStart: { at: at('2026-11-24T06:45'), km: d(20010) },
        dutyEnd: { at: at('2026-11-26T20:00'), km: d(20630) },
        garageEnd: { at: at('2026-11-26T20:40'), km: d(20640) },
      },
      outstation,
    );
    expect(trip.dates).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    const charges = completed(
      card({
        terms: outstation,
        normalRate: d(13),
        allowances: { outstation: d(300), overnight: d(300) },
      }),
      [trip],
    );
    expect(amounts(charges)).toEqual({
      BASE: '9750.00',
      OUTSTATION_ALLOWANCE: '900.00',
      OVERNIGHT_ALLOWANCE: '600.00',
    });
    expect(charges.total.toFixed(2)).toBe('11250.00');
  });
});

describe('the price of a duty: the rules around the package', () => {
  it('charges only the costlier of extra km and extra hours where the customer asks for it', () => {
    const long = measure(100, 600); // 20 extra km = ₹280, 2 extra hours = ₹300
    expect(amounts(completed(card(), [long]))).toEqual({
      BASE: '2000.00',
      EXTRA_KM: '280.00',
      EXTRA_HOURS: '300.00',
    });
    expect(amounts(completed(card(), [long], { costlierOfKmOrHours: true }))).toEqual({
      BASE: '2000.00',
      EXTRA_HOURS: '300.00',
    });
  });

  it('rounds extra time up to the card’s step, or charges it by the minute', () => {
    const tenPast = measure(10, 8 * 60 + 10);
    expect(amounts(completed(card(), [tenPast])).EXTRA_HOURS).toBe('25.00');
    expect(amounts(completed(card({ extraHourRounding: 'STEP_30' }), [tenPast])).EXTRA_HOURS).toBe('75.00');
    expect(amounts(completed(card({ extraHourRounding: 'STEP_60' }), [tenPast])).EXTRA_HOURS).toBe('150.00');
  });

  it('counts a garage leg shorter than the customer’s minimum as the minimum', () => {
    const readings = {
      garageStart: { at: at('2026-11-24T08:50'), km: d(100) },
      dutyStart: { at: at('2026-11-24T09:00'), km: d(104) },
      dutyEnd: { at: at('2026-11-24T16:00'), km: d(170) },
      garageEnd: { at: at('2026-11-24T16:05'), km: d(172) },
    };
    const plain = measureDuty(readings, local());
    const withMinimums = measureDuty(readings, local(), { startMinutes: 30, endMinutes: 30 });
    expect([plain.minutes, withMinimums.minutes]).toEqual([435, 480]);
    expect(withMinimums.km.toString()).toBe('72');
    // Point to point counts neither leg.
    expect(measureDuty(readings, local({ isG2g: false, isP2p: true })).minutes).toBe(420);
  });

  it('charges the early start, night, Sunday and extra duty allowances the customer’s hours call for', () => {
    // Sunday 29 November 2026, 05:30 to 23:30 in a city where early is before 07:00 and night after 22:00.
    const sunday = measure(60, 18 * 60, '2026-11-29T05:30');
    const charges = completed(
      card({
        allowances: {
          earlyStart: d(100),
          night: d(200),
          sunday: d(250),
          extraDuty: d(150),
          overnight: d(400),
        },
      }),
      [sunday],
      { timings: { earlyTime: '07:00', lateTime: '22:00', overnightTime: '02:00' }, dutyOfDay: 2 },
    );
    expect(amounts(charges)).toMatchObject({
      SUNDAY_ALLOWANCE: '250.00',
      EARLY_START_ALLOWANCE: '100.00',
      NIGHT_ALLOWANCE: '200.00',
      EXTRA_DUTY_ALLOWANCE: '150.00',
    });
    expect(amounts(charges).OVERNIGHT_ALLOWANCE).toBeUndefined();
  });

  it('charges a no-show the card’s no-show rate and nothing else', () => {
    const charges = priceDuty({ card: card({ noShowRate: d(500) }), outcome: 'NO_SHOW', measures: [] });
    expect(amounts(charges)).toEqual({ NO_SHOW: '500.00' });
    expect(priceDuty({ card: card(), outcome: 'NO_SHOW', measures: [] }).total.toFixed(2)).toBe('0.00');
  });

  it('adds a fuel surcharge only when fuel costs more than at contract', () => {
    const fuel = { current: d('104.50'), atContract: d('96.50'), kmPerUnit: d(16) };
    expect(amounts(completed(card(), [measure(80, 480)], { fuel })).FUEL_SURCHARGE).toBe('40.00');
    const cheaper = { ...fuel, current: d(90) };
    expect(amounts(completed(card(), [measure(80, 480)], { fuel: cheaper })).FUEL_SURCHARGE).toBeUndefined();
  });

  it('counts a month of a KM_DAILY_HR duty by each day’s hours and the month’s km', () => {
    const monthly = card({
      terms: local({ kind: 'KM_DAILY_HR', maxKm: 2000, maxHours: 10 }),
      normalRate: d(60000),
      extraKmRate: d(12),
      extraHourRate: d(100),
    });
    const days = [measure(900, 11 * 60, '2026-11-02T08:00'), measure(1200, 9 * 60, '2026-11-03T08:00')];
    expect(amounts(completed(monthly, days))).toEqual({
      BASE: '60000.00',
      EXTRA_KM: '1200.00',
      EXTRA_HOURS: '100.00',
    });
  });

  it('refuses a slip whose points run backwards, naming the point', () => {
    expect(() =>
      measureDuty(
        {
          dutyStart: { at: at('2026-11-24T09:00'), km: d(100) },
          dutyEnd: { at: at('2026-11-24T08:00'), km: d(150) },
        },
        local(),
      ),
    ).toThrow(expect.objectContaining({ point: 'dutyEnd' }));
    expect(() =>
      measureDuty(
        {
          dutyStart: { at: at('2026-11-24T09:00'), km: d(100) },
          dutyEnd: { at: at('2026-11-24T10:00'), km: d(90) },
        },
        local(),
      ),
    ).toThrow(/km reading/);
  });
});

describe('the price of a duty: properties', () => {
  const money = fc.integer({ min: 0, max: 1_000_000 }).map((paise) => d(paise).dividedBy(100));
  const anyCard = fc.record({
    normalRate: money,
    extraKmRate: money,
    extraHourRate: money,
    maxKm: fc.integer({ min: 0, max: 500 }),
    maxHours: fc.integer({ min: 0, max: 24 }),
    rounding: fc.constantFrom('PRO_RATA', 'STEP_15', 'STEP_30', 'STEP_60' as const),
    kind: fc.constantFrom('HR_KM', 'KM_HR', 'DAY_KM', 'FLAT' as const),
    sunday: money,
  });
  type CardShape = typeof anyCard extends fc.Arbitrary<infer T> ? T : never;
  const toCard = (c: CardShape) =>
    card({
      terms: local({ kind: c.kind, maxKm: c.maxKm, maxHours: c.maxHours }),
      normalRate: c.normalRate,
      extraKmRate: c.extraKmRate,
      extraHourRate: c.extraHourRate,
      extraHourRounding: c.rounding,
      allowances: { sunday: c.sunday },
    });
  const km = fc.integer({ min: 0, max: 200_000 }).map((tenths) => d(tenths).dividedBy(10));
  const minutes = fc.integer({ min: 0, max: 3 * 24 * 60 });

  it('every line is to the paisa, none is negative, and the total is their sum', () => {
    fc.assert(
      fc.property(anyCard, km, minutes, (c, k, m) => {
        const charges = completed(toCard(c), [measure(k, m)]);
        for (const l of charges.lines) {
          expect(l.amount.decimalPlaces()).toBeLessThanOrEqual(2);
          expect(l.amount.isNegative()).toBe(false);
        }
        expect(charges.total.equals(charges.lines.reduce((a, l) => a.plus(l.amount), d(0)))).toBe(true);
      }),
    );
  });

  it('a longer or further duty never costs less on the same card', () => {
    fc.assert(
      fc.property(anyCard, km, minutes, km, minutes, (c, k, m, moreKm, moreMinutes) => {
        const shorter = completed(toCard(c), [measure(k, m)]).total;
        const longer = completed(toCard(c), [measure(k.plus(moreKm), m + moreMinutes)]).total;
        expect(longer.greaterThanOrEqualTo(shorter)).toBe(true);
      }),
    );
  });

  it('a local duty within its package costs exactly the package', () => {
    fc.assert(
      fc.property(anyCard, (c) => {
        const within = measure(Math.min(c.maxKm, 10), Math.min(c.maxHours * 60, 120));
        const charges = completed(toCard({ ...c, kind: 'HR_KM', sunday: d(0) }), [within]);
        expect(charges.total.equals(c.normalRate)).toBe(true);
      }),
    );
  });

  it('where the customer asks, the extras are the larger of extra km and extra hours', () => {
    fc.assert(
      fc.property(anyCard, km, minutes, (c, k, m) => {
        const hrKm = toCard({ ...c, kind: 'HR_KM', sunday: d(0) });
        const both = completed(hrKm, [measure(k, m)]);
        const costlier = completed(hrKm, [measure(k, m)], { costlierOfKmOrHours: true });
        const extra = (code: string, of: typeof both) =>
          of.lines.find((l) => l.code === code)?.amount ?? d(0);
        const larger = Decimal.max(extra('EXTRA_KM', both), extra('EXTRA_HOURS', both));
        expect(costlier.total.equals(c.normalRate.plus(larger))).toBe(true);
      }),
    );
  });
});
