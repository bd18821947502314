import { router } from '../../trpc';
import { get, list, mileage, record, remove, update } from './procedures';

/** Fuel logs (/operations/fuel) and each vehicle's mileage (/operations/fuel/mileage). */
export const fuelLogRouter = router({ list, get, mileage, record, update, delete: remove });
