import { router } from '../../trpc';
import { changes } from './changes';
import { live } from './live';
import { record } from './record';
import { route } from './route';

/** Location tracking: the driver app's batches of points, the live map and a duty's route. */
export const trackingRouter = router({
  record,
  live,
  route,
  changes,
});
