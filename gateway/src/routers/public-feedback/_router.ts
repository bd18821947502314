import { router } from '../../trpc';
import { answer } from './answer';
import { get } from './get';

/** The passenger's feedback form: public, reached by a link's token, rate-limited per address. */
export const publicFeedbackRouter = router({ get, answer });
