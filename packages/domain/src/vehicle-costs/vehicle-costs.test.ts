import fc from 'fast-check';
import {
  amountOf,
  checkOdometer,
  type Fill,
  fullToFull,
  isLowMileage,
  mileageOf,
  odometerOf,
  quantityOf,
  quantityText,
  ratePerUnit,
  VehicleCostError,
} from './vehicle-costs';

const fill = (odometerKm: number, litres: string, amount: string, isFullTank = true): Fill => ({
  odometerKm,
  units: quantityOf(litres, 'litres'),
  amountPaise: amountOf(amount, 'amount'),
  isFullTank,
});

describe('full-to-full mileage', () => {
  it('measures the km between two full tanks over the fuel the second one took', () => {
    const stretches = fullToFull([fill(10_000, '40', '4000'), fill(10_600, '42.5', '4250')]);
    expect(stretches).toEqual([{ endsAt: 1, km: 600, units: 42_500n, amountPaise: 4_250_00n }]);
    expect(mileageOf(stretches[0]!)).toEqual({ kmPerUnit: '14.12', costPerKm: '7.08' });
  });

  it('counts partial fills in the stretch that the next full tank closes', () => {
    const stretches = fullToFull([
      fill(5_000, '10', '1000', false),
      fill(5_100, '35', '3500'),
      fill(5_300, '10', '1000', false),
      fill(5_500, '12.250', '1225', false),
      fill(5_700, '15', '1500'),
    ]);
    // Fills before the first full tank measure nothing; 5,100 → 5,700 took 10 + 12.25 + 15 litres.
    expect(stretches).toEqual([{ endsAt: 4, km: 600, units: 37_250n, amountPaise: 3_725_00n }]);
    expect(mileageOf(stretches[0]!).kmPerUnit).toBe('16.11');
  });

  it('measures nothing with one full tank or none', () => {
    expect(fullToFull([fill(1, '5', '500', false), fill(100, '5', '500')])).toEqual([]);
    expect(mileageOf({ km: 0, units: 0n, amountPaise: 0n })).toEqual({ kmPerUnit: '', costPerKm: '' });
  });

  it('adds up to the whole run between the first and last full tank, whatever the mix of fills', () => {
    const fills = fc.array(
      fc.record({
        km: fc.integer({ min: 0, max: 900 }),
        units: fc.bigInt({ min: 1n, max: 80_000n }),
        amountPaise: fc.bigInt({ min: 1n, max: 900_000n }),
        isFullTank: fc.boolean(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(fills, (steps) => {
        let odometer = 1_000;
        const run: Fill[] = steps.map((s) => {
          odometer += s.km;
          return {
            odometerKm: odometer,
            units: s.units,
            amountPaise: s.amountPaise,
            isFullTank: s.isFullTank,
          };
        });
        const fulls = run.map((f, i) => (f.isFullTank ? i : -1)).filter((i) => i >= 0);
        const stretches = fullToFull(run);
        expect(stretches.length).toBe(Math.max(fulls.length - 1, 0));
        if (fulls.length < 2) return;
        const first = fulls[0]!;
        const last = fulls[fulls.length - 1]!;
        const km = stretches.reduce((sum, s) => sum + s.km, 0);
        const units = stretches.reduce((sum, s) => sum + s.units, 0n);
        expect(km).toBe(run[last]!.odometerKm - run[first]!.odometerKm);
        expect(units).toBe(run.slice(first + 1, last + 1).reduce((sum, f) => sum + f.units, 0n));
      }),
    );
  });
});

describe('the low-mileage flag', () => {
  const baseline = { km: 3_000, units: 200_000n, amountPaise: 0n }; // 15 km/l
  it('flags a period below 85% of the vehicle’s own baseline', () => {
    expect(isLowMileage({ km: 1_200, units: 100_000n, amountPaise: 0n }, baseline)).toBe(true); // 12 km/l
    expect(isLowMileage({ km: 1_300, units: 100_000n, amountPaise: 0n }, baseline)).toBe(false); // 13 km/l
    expect(isLowMileage({ km: 1_275, units: 100_000n, amountPaise: 0n }, baseline)).toBe(false); // exactly 85%
  });
  it('does not judge against too short a baseline, or a period that measured nothing', () => {
    expect(isLowMileage({ km: 100, units: 100_000n, amountPaise: 0n }, { ...baseline, km: 200 })).toBe(false);
    expect(isLowMileage({ km: 0, units: 0n, amountPaise: 0n }, baseline)).toBe(false);
  });
});

describe('what people type', () => {
  it('takes fuel to three decimals and money to the paisa', () => {
    expect(quantityText(quantityOf('42.125', 'litres'))).toBe('42.125');
    expect(() => quantityOf('42.1255', 'litres')).toThrow(VehicleCostError);
    expect(() => quantityOf('0', 'litres')).toThrow('more than 0');
    expect(() => quantityOf('abc', 'litres')).toThrow(VehicleCostError);
    expect(() => amountOf('10.005', 'amount')).toThrow('two decimals');
    expect(() => amountOf('-1', 'amount')).toThrow('negative');
    expect(amountOf('', 'gstAmount', false)).toBe(0n);
  });
  it('derives the rate per litre, half up to the paisa', () => {
    expect(ratePerUnit(4_250_00n, 42_500n)).toBe('100.00');
    expect(ratePerUnit(1_000_00n, 9_525n)).toBe('104.99');
  });
  it('keeps the odometer in order with the fills around it', () => {
    const around = {
      previous: { odometerKm: 1_000, at: '01/11/2026 09:00' },
      next: { odometerKm: 1_500, at: '03/11/2026 08:00' },
    };
    expect(() => checkOdometer(1_200, around)).not.toThrow();
    expect(() => checkOdometer(999, around)).toThrow(expect.objectContaining({ field: 'odometerKm' }));
    expect(() => checkOdometer(1_501, around)).toThrow(/later fill/);
    expect(() => odometerOf(12.5, 'odometerKm')).toThrow('whole kilometres');
    expect(odometerOf('1200', 'odometerKm')).toBe(1_200);
  });
});
