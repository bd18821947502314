import { router } from '../../trpc';
import { cancel, create, get, list } from './procedures';

/** Credit and debit notes (/operations/notes). */
export const noteRouter = router({ list, get, create, cancel });
