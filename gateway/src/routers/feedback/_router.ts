import { router } from '../../trpc';
import { list } from './list';

/** Staff's reading of passengers' feedback. */
export const feedbackRouter = router({ list });
