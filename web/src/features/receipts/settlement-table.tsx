// The invoices a payment settles, as a table: a checkbox per open invoice and, for the ticked ones, the
// amount, TDS and bank charges as typed, each invoice's outstanding after, and below the totals against
// the money there is — all live (settlements.ts). Errors show at their input, by the gateway's names
// (`settlements.1.tdsAmount`). Used to receive a payment and to apply an advance.
import { Alert, Anchor, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import type { OpenInvoice } from './receipt-types';
import {
  fillInOrder,
  mayTick,
  moneyOf,
  type Picks,
  SETTLEMENT_FIELDS,
  type SettlementField,
  type SettlementValues,
  settlementKey,
  summarise,
  tickedOf,
  toggled,
} from './settlements';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const RIGHT = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;

const FIELD_LABELS: Record<SettlementField, string> = {
  amount: 'Amount',
  tdsAmount: 'TDS',
  bankCharges: 'Bank charges',
};

function Figure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  strong?: boolean;
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

export function SettlementTable({
  invoices,
  picks,
  onChange,
  available,
  availableLabel,
  errors,
  empty = 'This customer has no approved invoice that asks for money.',
}: {
  /** The open invoices, oldest first. */
  invoices: readonly OpenInvoice[];
  picks: Picks;
  onChange: (picks: Picks) => void;
  /** The money the rows may apply (received, or what an advance still holds); null while not given. */
  available: Decimal | null;
  /** What that money is called: "Amount received", "Unapplied on this receipt". */
  availableLabel: string;
  errors: Record<string, string>;
  /** What to say when there is no invoice to settle. */
  empty?: string;
}) {
  const summary = summarise(invoices, picks, available);
  const indexOf = new Map(tickedOf(invoices, picks).map((invoice, index) => [invoice.invoiceId, index]));
  const set = (invoiceId: string, patch: Partial<SettlementValues>) =>
    onChange({ ...picks, [invoiceId]: { ...picks[invoiceId]!, ...patch } });
  if (invoices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!available}
          onClick={() => available && onChange(fillInOrder(invoices, available))}
        >
          Settle oldest first
        </Button>
        <Text size="xs" c="dimmed">
          {available
            ? `Ticks the oldest invoices until the ${rupees(available)} runs out.`
            : `Enter the ${availableLabel.toLowerCase()} to settle the oldest invoices first.`}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={1080}>
        <Table fz="sm" verticalSpacing={4} aria-label="Invoices to settle">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Outstanding</Table.Th>
              {SETTLEMENT_FIELDS.map((field) => (
                <Table.Th key={field} ta="right" w={140}>
                  {FIELD_LABELS[field]}
                </Table.Th>
              ))}
              <Table.Th ta="right">Outstanding after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => {
              const values = picks[invoice.invoiceId];
              const index = indexOf.get(invoice.invoiceId);
              const figures = summary.rows.get(invoice.invoiceId);
              const tickable = mayTick(invoice, invoices, picks);
              const rowError = index === undefined ? undefined : errors[settlementKey(index, 'invoiceId')];
              return (
                <Table.Tr
                  key={invoice.invoiceId}
                  data-testid="settlement-row"
                  bg={values ? 'blue.0' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Settle invoice ${invoice.invoiceNo}`}
                      checked={values !== undefined}
                      disabled={!values && !tickable}
                      title={
                        tickable
                          ? undefined
                          : 'Billed by another of your companies: receive it on its own receipt.'
                      }
                      onChange={() => onChange(toggled(invoice, invoices, picks, available))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={`/operations/billing/${invoice.invoiceId}`} target="_blank" size="sm">
                      {invoice.invoiceNo}
                    </Anchor>
                    {rowError ? (
                      <Text size="xs" c="red" role="alert">
                        {rowError}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{ddmmyyyy(invoice.invoiceDate)}</Table.Td>
                  <Table.Td>{invoice.dueDate ? ddmmyyyy(invoice.dueDate) : '—'}</Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.total)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.outstanding)}
                  </Table.Td>
                  {SETTLEMENT_FIELDS.map((field) => (
                    <Table.Td key={field}>
                      {values && index !== undefined ? (
                        <TextInput
                          size="xs"
                          aria-label={`${FIELD_LABELS[field]} for ${invoice.invoiceNo}`}
                          description={
                            field === 'tdsAmount' && !moneyOf(values.tdsAmount)?.equals(invoice.defaultTds)
                              ? `Default ${rupees(invoice.defaultTds)}`
                              : undefined
                          }
                          leftSection="₹"
                          inputMode="decimal"
                          styles={RIGHT}
                          value={values[field]}
                          onChange={(e) => set(invoice.invoiceId, { [field]: e.currentTarget.value })}
                          error={errors[settlementKey(index, field)]}
                        />
                      ) : null}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" style={NUMERIC}>
                    <Text
                      size="sm"
                      c={figures?.after?.isNegative() ? 'red' : undefined}
                      data-testid="outstanding-after"
                    >
                      {figures ? (figures.after ? rupees(figures.after) : '—') : rupees(invoice.outstanding)}
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
        <Table fz="sm" verticalSpacing={2} w={420} aria-label="Settlement totals">
          <Table.Tbody>
            <Figure
              label={availableLabel}
              value={available ? rupees(available) : '—'}
              testId="settle-available"
            />
            <Figure label="Applied to invoices" value={rupees(summary.applied)} testId="settle-applied" />
            <Figure label="TDS deducted" value={rupees(summary.tds)} testId="settle-tds" />
            <Figure label="Bank charges" value={rupees(summary.bankCharges)} testId="settle-bank-charges" />
            <Figure
              label="Left unapplied"
              strong
              testId="settle-unapplied"
              value={
                summary.unapplied ? (
                  <Text component="span" inherit c={summary.unapplied.isNegative() ? 'red' : undefined}>
                    {summary.unapplied.isNegative()
                      ? `− ${rupees(summary.unapplied.abs())}`
                      : rupees(summary.unapplied)}
                  </Text>
                ) : (
                  '—'
                )
              }
            />
          </Table.Tbody>
        </Table>
      </Group>
    </Stack>
  );
}
