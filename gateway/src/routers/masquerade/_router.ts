import { router } from '../../trpc';
import { start } from './start';
import { stop } from './stop';

export const masqueradeRouter = router({ start, stop });
