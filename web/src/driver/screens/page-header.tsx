import { Badge, Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOnline } from '../runtime-context';

/** The top of every screen: where you are, a way back, and whether the phone has a network. */
export function PageHeader({
  title,
  back,
  actions,
}: {
  title: string;
  back?: ReactNode;
  actions?: ReactNode;
}) {
  const online = useOnline();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="blue.7"
      c="white"
      px="md"
      py="sm"
      style={{ zIndex: 10, paddingTop: 'max(var(--mantine-spacing-sm), env(safe-area-inset-top))' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {back}
          <Title order={1} size="h3" lineClamp={1}>
            {title}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {online ? null : (
            <Badge color="yellow" variant="filled" size="lg" data-testid="offline-badge">
              Offline
            </Badge>
          )}
          {actions}
        </Group>
      </Group>
      {online ? null : (
        <Text size="xs" mt={4}>
          What you record is kept on the phone and sent when the network is back.
        </Text>
      )}
    </Box>
  );
}
