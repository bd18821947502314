import { router } from '../../trpc';
import { answer } from './answer';
import { get } from './get';

/** The passenger's digital duty slip: public, reached by a link's token, rate-limited per address. */
export const publicSlipRouter = router({ get, answer });
