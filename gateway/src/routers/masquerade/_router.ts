import { router } from '../../trpc';
import { audit } from './audit';
import { start } from './start';
import { stop } from './stop';

export const masqueradeRouter = router({ start, stop, audit });
