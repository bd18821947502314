import { router } from '../../trpc';
import { catalogue } from './catalogue';

export const permissionRouter = router({ catalogue });
