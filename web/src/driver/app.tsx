import { RouterProvider } from '@tanstack/react-router';
import { driverRouter } from './router';
import { useSession } from './runtime-context';
import { SignInPage } from './screens/sign-in-page';

/** Signed out, the app is its sign-in; signed in, the driver's duties at whatever page was open. */
export function DriverApp() {
  const session = useSession();
  return session ? <RouterProvider router={driverRouter} /> : <SignInPage />;
}
