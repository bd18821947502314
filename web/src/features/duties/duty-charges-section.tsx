// A closed duty's prices, one card each: charged to the customer, paid to the supplier who ran it, paid
// to the operator's own driver — each with its "Adjust allowances" offered only to holders of that
// side's permission.
import { Button, Group, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { AdjustAllowancesDialog } from './adjust-allowances-dialog';
import type { BookingView } from './booking-types';
import { type ChargeSide, chargeSidesOf } from './charge-sides';
import { ChargesTable } from './charges-table';

export function DutyChargesSection({
  view,
  permissions,
}: {
  view: BookingView;
  permissions: ReadonlySet<string>;
}) {
  const [adjusting, setAdjusting] = useState<ChargeSide>();
  const sides = chargeSidesOf(view, permissions);
  return (
    <>
      {sides.map(({ side, title, charges, adjustable }) => (
        <Paper key={side} withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{title}</Title>
            {adjustable ? (
              <Button size="xs" variant="light" onClick={() => setAdjusting(side)}>
                Adjust allowances
              </Button>
            ) : null}
          </Group>
          <ChargesTable charges={charges} label={side === 'customer' ? 'Charges' : title} />
        </Paper>
      ))}
      {adjusting ? (
        <AdjustAllowancesDialog
          duty={view.booking}
          side={adjusting}
          onClose={() => setAdjusting(undefined)}
        />
      ) : null}
    </>
  );
}
