import { router } from '../../trpc';
import { list, remove, save } from './procedures';

/** Saved column choices for the exports of invoices, invoice duties, duties (and later purchases, channels). */
export const exportProfileRouter = router({ list, save, delete: remove });
