import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled, bordered part of a page or a form, its contents stacked. */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
