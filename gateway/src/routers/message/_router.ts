import { router } from '../../trpc';
import { get } from './get';
import { list } from './list';
import { resend } from './resend';

export const messageRouter = router({ list, get, resend });
