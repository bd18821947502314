import fc from 'fast-check';
import { odometerGap } from './odometer-gap';

describe('the odometer beside the GPS', () => {
  it('flags only a gap above both 5 km and a tenth of the trip', () => {
    expect(odometerGap('108', 104.2)).toEqual({ differenceKm: 3.8, share: 0.035, flagged: false });
    expect(odometerGap('108', 90)).toEqual({ differenceKm: 18, share: 0.167, flagged: true });
    // 6 km on a 400 km outstation trip is rounding, not a dispute.
    expect(odometerGap('400', 394).flagged).toBe(false);
    // A phone that measured more than the odometer is flagged the same way.
    expect(odometerGap('50', 62).flagged).toBe(true);
    expect(odometerGap('0', 12)).toEqual({ differenceKm: -12, share: null, flagged: true });
  });

  it('never flags a gap of 5 km or less, whatever the trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (km, off) => {
          const gps = Math.max(0, km - off);
          return !odometerGap(String(km), gps).flagged || Math.abs(km - Number(gps.toFixed(1))) > 5;
        },
      ),
    );
  });
});
