import { driverProcedure } from '../../trpc';

/**
 * What the driver app needs to ask Firebase for this phone's push token: the operator's Firebase web app
 * and its Web Push key (none when this deployment sends no pushes). Public values, but only a driver's
 * app has a use for them.
 */
export const pushSettings = driverProcedure.query(({ ctx }) => ({
  firebase: ctx.firebaseWebConfig ?? null,
}));
