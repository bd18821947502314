import { Table, Text } from '@mantine/core';
import type { Charges } from './booking-types';
import { durationText, rupees } from './duty-format';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** The card a price came from, and the one it was booked on when a slab switch moved it. */
function cardText(charges: Charges): string {
  if (charges.switchedFrom) {
    return ` Switched from ${charges.switchedFrom.name || 'the booked card'} to ${charges.rateCardName || 'the next slab'}.`;
  }
  return charges.rateCardName ? ` On ${charges.rateCardName}.` : '';
}

/**
 * A closed duty's charges (or what it pays): each line's quantity, unit, rate and amount, and their
 * total, in rupees; the card used, a slab switch and any note above them.
 */
export function ChargesTable({ charges, label = 'Charges' }: { charges: Charges; label?: string }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        Measured {charges.km.toString()} km in {durationText(charges.minutes)}.{cardText(charges)}
      </Text>
      {charges.note ? (
        <Text size="sm" mb="xs">
          {charges.note}
        </Text>
      ) : null}
      <Table fz="sm" verticalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Charge</Table.Th>
            <Table.Th style={numeric}>Quantity</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th style={numeric}>Rate</Table.Th>
            <Table.Th style={numeric}>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.lines.map((line) => (
            <Table.Tr key={line.code}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td style={numeric}>{line.quantity.toString()}</Table.Td>
              <Table.Td>{line.unit}</Table.Td>
              <Table.Td style={numeric}>{rupees(line.rate)}</Table.Td>
              <Table.Td style={numeric}>{rupees(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Total</Table.Th>
            <Table.Th style={numeric} data-testid={`${label.toLowerCase().replace(/\W+/g, '-')}-total`}>
              {rupees(charges.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </>
  );
}
