import { router } from '../../trpc';
import { confirmPhoneChange } from './confirm-phone-change';
import { me } from './me';
import { permissions } from './permissions';
import { requestPhoneChange } from './request-phone-change';
import { updateProfile } from './update-profile';

export const userRouter = router({ permissions, me, updateProfile, requestPhoneChange, confirmPhoneChange });
