import { router } from '../../trpc';
import { get, list, reviewSlips } from './procedures';

/** The duties suppliers ran and the review of their slips (/operations/purchases/duties). */
export const purchaseDutyRouter = router({ list, get, reviewSlips });
