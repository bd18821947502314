import { alone, driverClient } from '../api/client';
import { deviceInfo } from './device-info';
import { browserPushEnvironment, pushTokenIn } from './push-token';

/** The web package's version, written in at build time (vite.config.ts). */
declare const __FLEET_WEB_VERSION__: string;

/**
 * Tells the office this phone runs the app (its version, model and OS) and where pushes reach it. When
 * the push token cannot be told now, nothing is sent: the next launch tries again, and the token the
 * office holds keeps working meanwhile.
 */
export async function registerThisDevice(): Promise<void> {
  const [device, token] = await Promise.all([deviceInfo(), pushTokenIn(browserPushEnvironment)]);
  if (token === undefined) return;
  await driverClient.driver.registerDevice.mutate(
    { pushToken: token, appVersion: __FLEET_WEB_VERSION__, ...device },
    alone,
  );
}
