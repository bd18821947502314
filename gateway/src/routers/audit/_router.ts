import { router } from '../../trpc';
import { list } from './list';

export const auditRouter = router({ list });
