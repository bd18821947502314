import { router } from '../../trpc';
import { create } from './create';
import { get } from './get';
import { list } from './list';
import { setActive } from './set-active';
import { update } from './update';

export const permissionProfileRouter = router({ list, get, create, update, setActive });
