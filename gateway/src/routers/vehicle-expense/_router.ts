import { router } from '../../trpc';
import { costs, get, list, record, remove, update } from './procedures';

/** Vehicle expenses (/operations/vehicle-expenses) and what each vehicle cost per km. */
export const vehicleExpenseRouter = router({ list, get, costs, record, update, delete: remove });
