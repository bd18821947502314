import type { DriverDuty } from '../api/types';
import type { DriverAct } from '../offline/driver-acts';
import { describeAct } from './describe-act';

describe('describeAct', () => {
  it('writes an expense’s amount in rupees with Indian grouping and paise', () => {
    const act = {
      kind: 'billingItem',
      input: { billingItemId: 'toll', amount: ' 1803 ' },
    } as unknown as DriverAct;
    const duty = { addableItems: [{ billingItemId: 'toll', name: 'Toll' }] } as unknown as DriverDuty;
    expect(describeAct(act, duty)).toBe('Toll · ₹1,803.00');
  });
});
