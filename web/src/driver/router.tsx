import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { DutyListPage } from './screens/duty-list-page';
import { DutyPage } from './screens/duty-page';
import { TripTracking } from './tracking/trip-tracking';

const rootRoute = createRootRoute({
  component: () => (
    <>
      <TripTracking />
      <Outlet />
    </>
  ),
});

const listSearch = z.object({ when: z.enum(['TODAY', 'UPCOMING', 'PAST']).catch('TODAY') });

const dutiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search) => listSearch.parse(search),
  component: function Duties() {
    return <DutyListPage when={dutiesRoute.useSearch().when} />;
  },
});

const dutyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/duty/$dutyId',
  component: function Duty() {
    return <DutyPage dutyId={dutyRoute.useParams().dutyId} />;
  },
});

/** The driver app's pages, under /driver (the gateway serves driver.html there). */
export const driverRouter = createRouter({
  routeTree: rootRoute.addChildren([dutiesRoute, dutyRoute]),
  basepath: '/driver',
  defaultNotFoundComponent: () => <DutyListPage when="TODAY" />,
});
