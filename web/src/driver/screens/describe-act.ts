import { formatRupees, TRIP_EVENT_RULES } from '@fleet/domain';
import type { DriverDuty } from '../api/types';
import type { DriverAct } from '../offline/driver-acts';

/** An act as the driver reads it in the list of what is waiting or was refused. */
export function describeAct(act: DriverAct, duty?: Pick<DriverDuty, 'addableItems'>): string {
  switch (act.kind) {
    case 'answer':
      return act.input.answer === 'ACCEPT' ? 'Accept the duty' : 'Reject the duty';
    case 'tripEvent':
      return `${TRIP_EVENT_RULES[act.input.event].label} · ${act.input.km.trim()} km`;
    case 'billingItem': {
      const name =
        duty?.addableItems.find((item) => item.billingItemId === act.input.billingItemId)?.name ?? 'Expense';
      return `${name} · ${formatRupees(act.input.amount.trim())}`;
    }
    case 'navigation':
      return act.input.to === 'PICKUP' ? 'Navigation to the pickup' : 'Navigation to the drop';
    case 'locations':
      return `${act.input.points.length} location points`;
  }
}
