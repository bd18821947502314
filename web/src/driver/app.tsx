import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { registerThisDevice } from './device/register-device';
import { driverRouter } from './router';
import { useSession } from './runtime-context';
import { SignInPage } from './screens/sign-in-page';

/** Signed out, the app is its sign-in; signed in, the driver's duties at whatever page was open. */
export function DriverApp() {
  const session = useSession();
  const phone = session?.phone;
  // Once a launch (and at each sign-in): where the app runs and where pushes reach it, so a token
  // Firebase rotated reaches the office. Nothing waits for it; offline, the next launch tells.
  useEffect(() => {
    if (phone) void registerThisDevice().catch(() => undefined);
  }, [phone]);
  return session ? <RouterProvider router={driverRouter} /> : <SignInPage />;
}
