import { allPermissionIds } from '@fleet/domain';
import Decimal from 'decimal.js';
import type { Charges } from './booking-types';
import { chargeSidesOf } from './charge-sides';

const charges: Charges = {
  rateCardId: null,
  rateCardName: '',
  switchedFrom: null,
  note: '',
  km: new Decimal(55),
  minutes: 360,
  lines: [],
  total: new Decimal(0),
};
const closed = { status: 'CLOSED', isBilled: false } as const;
const everything = new Set<string>(allPermissionIds());

/** The sides shown, each with whether it is offered for adjusting. */
const shown = (
  view: Partial<Record<'charges' | 'purchaseCharges' | 'driverAllowances', Charges>>,
  permissions: ReadonlySet<string>,
  booking: { status: string; isBilled: boolean } = closed,
) =>
  chargeSidesOf(
    {
      charges: view.charges ?? null,
      purchaseCharges: view.purchaseCharges ?? null,
      driverAllowances: view.driverAllowances ?? null,
      booking,
    },
    permissions,
  ).map((s) => [s.title, s.adjustable]);

describe('the charges of a closed duty', () => {
  it('shows what the customer is charged and who ran it is paid, in that order', () => {
    expect(shown({ charges, driverAllowances: charges }, everything)).toEqual([
      ['Charged to the customer', true],
      ['Paid to the driver', true],
    ]);
    expect(shown({ charges, purchaseCharges: charges }, everything)).toEqual([
      ['Charged to the customer', true],
      ['Paid to the supplier', true],
    ]);
  });

  it('offers each side’s adjustment only to holders of its own permission', () => {
    const all = { charges, purchaseCharges: charges, driverAllowances: charges };
    expect(shown(all, new Set(['view_booking', 'adjust_duty_slip_driver_allowance']))).toEqual([
      ['Charged to the customer', false],
      ['Paid to the supplier', false],
      ['Paid to the driver', true],
    ]);
    expect(shown(all, new Set(['adjust_duty_slip_supplier_allowance']))).toEqual([
      ['Charged to the customer', false],
      ['Paid to the supplier', true],
      ['Paid to the driver', false],
    ]);
  });

  it('offers no adjustment of a billed duty’s customer charges', () => {
    expect(
      shown({ charges, driverAllowances: charges }, everything, { status: 'CLOSED', isBilled: true }),
    ).toEqual([
      ['Charged to the customer', false],
      ['Paid to the driver', true],
    ]);
  });
});
