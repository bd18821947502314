import type { DriverAct } from '../offline/driver-acts';
import { describeAct } from './describe-act';

describe('describeAct', () => {
  it('writes an expense’s amount in rupees with Indian grouping and paise', () => {
    const act: DriverAct = {
      kind: 'billingItem',
      input: {
        id: 'b7c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e',
        clientActionId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        at: new Date('2026-12-01T10:00:00Z'),
        billingItemId: 'toll',
        amount: ' 1803 ',
      },
    };
    const duty = { addableItems: [{ billingItemId: 'toll', name: 'Toll' }] };
    expect(describeAct(act, duty)).toBe('Toll · ₹1,803.00');
  });
});
