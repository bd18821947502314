import {
  AppShell,
  Badge,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLiveDuties } from '../../features/duties/use-live-duties';
import { shouldPollCounts } from '../../lib/paths';
import { errorMessage, leaveForSignIn, trpc } from '../../lib/trpc';
import { progress } from '../progress';
import { navigationFor } from '../registry';
import { useMe, usePermissions } from '../session';
import { showToast } from '../toast/toast-store';
import { MasqueradeBar } from './masquerade-watermark';

/** Spec §7: both counts refresh every 60 s, only for holders of view_accept_reject_incoming_requests. */
export const COUNT_POLL_MS = 60_000;

function useTabCounts(permissions: ReadonlySet<string>, path: string) {
  const enabled = shouldPollCounts(permissions, path);
  const options = { enabled, refetchInterval: enabled ? COUNT_POLL_MS : (false as const) };
  const incoming = useQuery(trpc.booking.incomingRequestsCount.queryOptions(undefined, options));
  const attention = useQuery(trpc.booking.needsAttentionCount.queryOptions(undefined, options));
  return {
    incoming: enabled ? incoming.data?.incomingBookingsCount : undefined,
    'needs-attention': enabled ? attention.data?.needsAttentionCount : undefined,
  };
}

/**
 * Signed-in pages: nothing renders until the permission list has loaded (the progress bar runs
 * meanwhile); then the navigation shows exactly what this person may open.
 */
export function AppLayout() {
  const permissions = usePermissions();
  useEffect(() => {
    if (permissions) return;
    return progress.start();
  }, [permissions]);
  if (!permissions) return null;
  return <Shell permissions={permissions} />;
}

function Shell({ permissions }: { permissions: ReadonlySet<string> }) {
  const [opened, { toggle }] = useDisclosure();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const me = useMe();
  const nav = navigationFor(permissions);
  const counts = useTabCounts(permissions, path);
  useLiveDuties(permissions.has('view_booking'));
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => leaveForSignIn(),
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    }),
  );
  const name = me.data?.user.name ?? '';

  return (
    <AppShell
      header={{ height: me.data?.isMasquerade ? 86 : 52 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {me.data?.isMasquerade ? <MasqueradeBar actingAs={name} actor={me.data.actor?.name} /> : null}
        <Group h={52} px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text fw={700} c="blue.7">
              Fleet
            </Text>
            <Text size="sm" c="dimmed" data-testid="tenant-name">
              {me.data?.tenant.name}
            </Text>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label="User menu" data-testid="user-menu">
                <Text size="sm" fw={500}>
                  {name || 'Account'} ▾
                </Text>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {nav.userMenu.map((item) => (
                <Menu.Item key={item.to} component={Link} to={item.to}>
                  {item.label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => logout.mutate()}>
                Logout
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {nav.groups.map(({ group, items }) => (
            <NavLink
              key={group}
              label={group}
              defaultOpened={items.some((i) => path.startsWith(i.to)) || group === nav.groups[0]?.group}
              childrenOffset={12}
              fw={600}
              data-testid={`nav-group-${group}`}
            >
              {items.map((item) => {
                const count = item.badge ? counts[item.badge] : undefined;
                return (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    active={path === item.to}
                    rightSection={
                      count !== undefined ? (
                        <Badge size="sm" variant="light">
                          {count}
                        </Badge>
                      ) : null
                    }
                  />
                );
              })}
            </NavLink>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
