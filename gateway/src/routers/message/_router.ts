import { router } from '../../trpc';
import { list } from './list';

export const messageRouter = router({ list });
