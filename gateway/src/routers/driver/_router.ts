import { router } from '../../trpc';
import { addBillingItem, answer, navigationStart, tripEvent } from './acts';
import { changes } from './changes';
import { duties, duty } from './duties';
import { pushSettings } from './push-settings';
import { registerDevice } from './register-device';

/** The driver app's procedures: each needs a driver's session and reaches only that driver's duties. */
export const driverRouter = router({
  duties,
  duty,
  answer,
  tripEvent,
  addBillingItem,
  navigationStart,
  registerDevice,
  pushSettings,
  changes,
});
