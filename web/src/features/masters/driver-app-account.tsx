// A driver's app account on the driver's form, for staff who may see it (view_driver_user): whether the
// driver has signed in to the app, on which device and app version, last seen when; and, for those who
// may manage it (manage_driver_user), signing the app out, say of a lost phone.
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { dateTimeText } from '../duties/duty-format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

export function DriverAppAccount({ driverId }: { driverId: string }) {
  const permissions = usePermissions();
  const mayView = permissions?.has('view_driver_user') ?? false;
  const mayManage = permissions?.has('manage_driver_user') ?? false;
  const accounts = useQuery(
    trpc.driverUser.list.queryOptions({ driverIds: [driverId] }, { enabled: mayView }),
  );
  const signOut = useMutation({
    mutationFn: () => trpcClient.driverUser.signOut.mutate({ driverId }),
    onSuccess: () => showToast('The driver app is signed out; the driver may sign in again.'),
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
  });
  if (!mayView) return null;
  const account = accounts.data?.[0];
  return (
    <Paper withBorder p="sm" data-testid="driver-app-account">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Driver app
        </Text>
        {mayManage && account?.verificationStatus === 'REGISTERED' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Sign out of the app
          </Button>
        ) : null}
      </Group>
      {accounts.isError ? (
        <Text size="sm" c="red">
          {errorMessage(accounts.error)}
        </Text>
      ) : !account ? (
        <Text size="sm" c="dimmed">
          {accounts.isPending ? 'Loading…' : 'No app account yet.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Signed in">
            {account.verificationStatus === 'REGISTERED' ? dateTimeText(account.registeredAt) : 'Never'}
          </Fact>
          <Fact label="App version">{account.appVersion}</Fact>
          <Fact label="Device">{[account.deviceModel, account.deviceOs].filter(Boolean).join(' · ')}</Fact>
          <Fact label="Last seen">{dateTimeText(account.lastSeenAt)}</Fact>
        </SimpleGrid>
      )}
    </Paper>
  );
}
