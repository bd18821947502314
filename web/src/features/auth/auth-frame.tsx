import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%">
        <Stack gap="md">
          <Text fw={800} c="blue.7" size="lg">
            Fleet
          </Text>
          <div>
            <Title order={2}>{title}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          </div>
          {children}
          <Anchor component={Link} to="/privacy-policy" size="xs" c="dimmed">
            Privacy policy
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
