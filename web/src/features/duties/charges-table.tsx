import { Table, Text } from '@mantine/core';
import type { Charges } from './booking-types';
import { durationText, rupees } from './duty-format';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** A closed duty's charges: each line's quantity, unit, rate and amount, and their total, in rupees. */
export function ChargesTable({ charges }: { charges: Charges }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        Measured {charges.km.toString()} km in {durationText(charges.minutes)}.
      </Text>
      <Table fz="sm" verticalSpacing={4} aria-label="Charges">
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
            <Table.Th style={numeric} data-testid="charges-total">
              {rupees(charges.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </>
  );
}
