// The purchase invoices a payment pays, as a table: a checkbox per invoice that still owes, oldest
// first, the amount typed for each ticked one and what it owes after, and below the totals against the
// money there is — all live (payment-picks.ts). Errors show at their input, by the gateway's names
// (`settlements.1.amount`). Used to pay a supplier and to apply an advance.
import { Alert, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type Decimal from 'decimal.js';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import {
  amountKey,
  appliedOf,
  fillInOrder,
  mayTick,
  moneyOf,
  type Picks,
  tickedOf,
  toggled,
} from './payment-picks';
import type { OwingInvoice } from './supplier-payment-types';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const RIGHT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;

const invoiceName = (invoice: OwingInvoice) => `${invoice.purchaseNo} (${invoice.supplierInvoiceNo})`;

export function PayTable({
  invoices,
  picks,
  onChange,
  available,
  availableLabel,
  errors,
  empty = 'This supplier has no approved invoice that still owes something.',
}: {
  /** The invoices that still owe, oldest first. */
  invoices: readonly OwingInvoice[];
  picks: Picks;
  onChange: (picks: Picks) => void;
  /** The money the rows may take (paid, or what an advance still holds); null while not given. */
  available: Decimal | null;
  availableLabel: string;
  errors: Record<string, string>;
  empty?: string;
}) {
  if (invoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  const indexOf = new Map(
    tickedOf(invoices, picks).map((invoice, index) => [invoice.purchaseInvoiceId, index]),
  );
  const applied = appliedOf(invoices, picks);
  const left = available ? available.minus(applied) : null;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!available}
          onClick={() => available && onChange(fillInOrder(invoices, available))}
        >
          Pay oldest first
        </Button>
        <Text size="xs" c="dimmed">
          {available
            ? `Ticks the oldest invoices until the ${rupees(available)} runs out.`
            : `Enter the ${availableLabel.toLowerCase()} to pay the oldest invoices first.`}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={880}>
        <Table fz="sm" verticalSpacing={4} aria-label="Invoices to pay">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>Purchase invoice</Table.Th>
              <Table.Th>Supplier's no.</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Payable</Table.Th>
              <Table.Th ta="right">Owes</Table.Th>
              <Table.Th ta="right" w={160}>
                Pay
              </Table.Th>
              <Table.Th ta="right">Owes after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => {
              const typed = picks[invoice.purchaseInvoiceId];
              const index = indexOf.get(invoice.purchaseInvoiceId);
              const tickable = mayTick(invoice, invoices, picks);
              const amount = typed === undefined ? null : moneyOf(typed);
              const after = typed === undefined ? invoice.owing : amount ? invoice.owing.minus(amount) : null;
              return (
                <Table.Tr
                  key={invoice.purchaseInvoiceId}
                  data-testid="pay-row"
                  bg={typed !== undefined ? 'blue.0' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Pay invoice ${invoiceName(invoice)}`}
                      checked={typed !== undefined}
                      disabled={typed === undefined && !tickable}
                      title={
                        tickable
                          ? undefined
                          : 'Billed to another of your companies: pay it on a payment of its own.'
                      }
                      onChange={() => onChange(toggled(invoice, invoices, picks, available))}
                    />
                  </Table.Td>
                  <Table.Td>
                    {invoice.purchaseNo}
                    {index !== undefined && errors[`settlements.${index}.purchaseInvoiceId`] ? (
                      <Text size="xs" c="red" role="alert">
                        {errors[`settlements.${index}.purchaseInvoiceId`]}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{invoice.supplierInvoiceNo}</Table.Td>
                  <Table.Td>{ddmmyyyy(invoice.supplierInvoiceDate)}</Table.Td>
                  <Table.Td>{invoice.dueDate ? ddmmyyyy(invoice.dueDate) : '—'}</Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.payable)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.owing)}
                  </Table.Td>
                  <Table.Td>
                    {typed !== undefined && index !== undefined ? (
                      <TextInput
                        size="xs"
                        aria-label={`Amount for ${invoiceName(invoice)}`}
                        leftSection="₹"
                        inputMode="decimal"
                        styles={RIGHT}
                        value={typed}
                        onChange={(e) =>
                          onChange({ ...picks, [invoice.purchaseInvoiceId]: e.currentTarget.value })
                        }
                        error={errors[amountKey(index)]}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    <Text size="sm" c={after?.isNegative() ? 'red' : undefined} data-testid="owes-after">
                      {after ? rupees(after) : '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.settlements ? (
        <Alert color="red" role="alert">
          {errors.settlements}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Table fz="sm" verticalSpacing={2} w={380} aria-label="Payment totals">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{availableLabel}</Table.Td>
              <Table.Td ta="right" style={NUMERIC} data-testid="pay-available">
                {available ? rupees(available) : '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Applied to invoices</Table.Td>
              <Table.Td ta="right" style={NUMERIC} data-testid="pay-applied">
                {rupees(applied)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>Held as an advance</Table.Td>
              <Table.Td ta="right" style={NUMERIC} fw={700} data-testid="pay-unapplied">
                {left ? (
                  left.isNegative() ? (
                    <Text span inherit c="red">{`− ${rupees(left.abs())}`}</Text>
                  ) : (
                    rupees(left)
                  )
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Group>
    </Stack>
  );
}
