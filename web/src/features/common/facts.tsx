// How a document's page shows its facts: a labelled value ('—' when empty), and a row of figures with the
// amount right-aligned in tabular numbers.
import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

export function FigureRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : 400}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>
          {value}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
