import { router } from '../../trpc';
import { list } from './list';
import { preview } from './preview';
import { reset } from './reset';
import { save } from './save';

export const messageTemplateRouter = router({ list, save, reset, preview });
