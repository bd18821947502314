import { router } from '../../trpc';
import { logout } from './logout';
import { requestOtp } from './request-otp';
import { verifyOtp } from './verify-otp';

export const authRouter = router({ requestOtp, verifyOtp, logout });
