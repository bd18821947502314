import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  lazyRouteComponent,
  Navigate,
  Outlet,
} from '@tanstack/react-router';
import { type ComponentType, useEffect, useState } from 'react';
import { trpc } from '../lib/trpc';
import { withWorkWaiting } from './home-tab';
import { progress } from './progress';
import { type Access, homeFor, mayOpen, SCREENS } from './registry';
import { usePermissions } from './session';
import { MasqueradeWatermark } from './shell/masquerade-watermark';
import { ProgressBar } from './shell/progress-bar';
import { Toaster } from './toast/toaster';

const rootRoute = createRootRoute({
  component: () => (
    <>
      <ProgressBar />
      <MasqueradeWatermark />
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFound,
});

/** Public pages render at once: no permission list, no counts (spec §2, the no-wait prefixes). */
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: Outlet });
// The signed-in shell loads on its own, so the sign-in page does not download it.
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./shell/app-layout'), 'AppLayout'),
});

/** A signed-in page: explains instead of showing it when the person lacks its permission. */
function Guarded({
  access,
  title,
  Screen,
}: {
  access: Exclude<Access, 'public'>;
  title: string;
  Screen: ComponentType;
}) {
  const permissions = usePermissions();
  if (permissions && !mayOpen(access, permissions)) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" title={`You cannot open ${title}`}>
          Your account does not hold the permission this page needs. Ask your administrator if you should have
          it.
        </Alert>
      </Container>
    );
  }
  return <Screen />;
}

/** How long the first screen waits for the board's counts before opening the board's first tab. */
const HOME_COUNTS_PATIENCE_MS = 1500;

function Home() {
  const permissions = usePermissions();
  const home = permissions ? homeFor(permissions) : undefined;
  const onBoard = !!home?.startsWith('/duties/bookings/');
  // The board's tab counts (the board asks the same, from the cache): where work waits.
  const counts = useQuery(trpc.booking.tabCounts.queryOptions(undefined, { enabled: onBoard }));
  // Nobody waits on a blank page for them: slower than this, the board opens on its first tab.
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), HOME_COUNTS_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!home || (counts.isLoading && waiting)) return null;
  return <Navigate to={withWorkWaiting(home, counts.data)} replace />;
}

function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>This page does not exist</Title>
        <Text c="dimmed">The link may be old or mistyped.</Text>
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
      </Stack>
    </Container>
  );
}

const screenRoutes = SCREENS.map((screen) => {
  const Lazy = lazyRouteComponent(screen.load);
  const access = screen.access;
  return createRoute({
    getParentRoute: () => (access === 'public' ? publicLayout : appLayout),
    path: screen.path,
    // A public page is shown as it is: no guard, so no permission list and no call needing a session.
    component:
      access === 'public' ? Lazy : () => <Guarded access={access} title={screen.title} Screen={Lazy} />,
  });
});

const homeRoute = createRoute({ getParentRoute: () => appLayout, path: '/', component: Home });

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(screenRoutes.filter((_, i) => SCREENS[i]!.access === 'public')),
  appLayout.addChildren([homeRoute, ...screenRoutes.filter((_, i) => SCREENS[i]!.access !== 'public')]),
]);

export const router = createRouter({
  routeTree,
  defaultPendingComponent: () => null,
  defaultPendingMs: 0,
  defaultPreload: 'intent',
});

// Spec §2: a thin bar runs on every route change and finishes on completion or error.
let finishNavigation: (() => void) | undefined;
router.subscribe('onBeforeNavigate', () => {
  finishNavigation?.();
  finishNavigation = progress.start();
});
router.subscribe('onResolved', () => {
  finishNavigation?.();
  finishNavigation = undefined;
});
