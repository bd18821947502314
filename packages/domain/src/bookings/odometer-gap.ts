// A duty's kilometres twice over (DOMAIN.md "Duty slip"): what the driver read off the odometer, and
// what the phone measured along the route. They never agree exactly (GPS cuts corners, odometers round),
// so the difference is flagged only when it is more than either a few kilometres or a share of the trip:
// above both 5 km and 10 % of the odometer's reading (decided here, once).
import Decimal from 'decimal.js';

export const ODOMETER_GAP_KM = 5;
export const ODOMETER_GAP_SHARE = 0.1;

export interface OdometerGap {
  /** Odometer less GPS, in km (positive: the odometer says more). */
  differenceKm: number;
  /** The difference as a share of the odometer's kilometres (0.12 = 12 %); null when the odometer says 0. */
  share: number | null;
  /** Worth a look: above both thresholds. */
  flagged: boolean;
}

export function odometerGap(odometerKm: Decimal.Value, gpsKm: number): OdometerGap {
  const odometer = new Decimal(odometerKm);
  const difference = odometer.minus(new Decimal(gpsKm).toDecimalPlaces(1));
  const differenceKm = difference.toDecimalPlaces(1).toNumber();
  const share = odometer.isZero() ? null : difference.abs().div(odometer).toDecimalPlaces(3).toNumber();
  const flagged =
    difference.abs().greaterThan(ODOMETER_GAP_KM) && (share === null || share > ODOMETER_GAP_SHARE);
  return { differenceKm, share, flagged };
}
