import { router } from '../../trpc';
import { me } from './me';
import { permissions } from './permissions';
import { updateProfile } from './update-profile';

export const userRouter = router({ permissions, me, updateProfile });
