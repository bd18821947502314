// On an approved invoice's page, for a holder of view_receipt: what it still asks for (total, settled,
// outstanding), the receipts that settle it (cancelled ones too, marked), and "Receive payment"
// (manage_receipt) to the new-receipt page pre-set with its customer and the invoice ticked.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type Decimal from 'decimal.js';
import { errorMessage, trpc } from '../../lib/trpc';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { canRequestPayment, RequestPaymentButton } from '../receivables/request-payment';
import { paymentModeText } from './receipt-format';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function Amount({ label, value, testId }: { label: string; value: Decimal; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={NUMERIC} data-testid={testId}>
        {rupees(value)}
      </Text>
    </Stack>
  );
}

export function InvoicePayments({
  invoice,
  permissions,
}: {
  invoice: { id: string; customerId: string; status: string };
  permissions: ReadonlySet<string>;
}) {
  const navigate = useNavigate();
  const shown = invoice.status === 'APPROVED' && permissions.has('view_receipt');
  const asking = useQuery(
    trpc.receipt.openInvoices.queryOptions({ invoiceIds: [invoice.id] }, { enabled: shown }),
  );
  const receipts = useQuery(
    trpc.receipt.list.queryOptions(
      { invoiceId: invoice.id, includeCancelled: true, sortBy: 'receipt_date', order: 'asc', limit: 100 },
      { enabled: shown },
    ),
  );
  const settling = receipts.data?.receipts ?? [];
  // The list carries each receipt's totals; its share of this invoice is on the receipt itself (an
  // invoice is settled by a handful of receipts).
  const wholes = useQueries({
    queries: settling.map((receipt) => trpc.receipt.get.queryOptions({ id: receipt.id })),
  });
  if (!shown) return null;
  const figures = asking.data?.invoices.find((i) => i.invoiceId === invoice.id);
  const canReceive = permissions.has('manage_receipt') && !!figures?.outstanding.greaterThan(0);
  return (
    <Paper withBorder p="md" aria-label="Payments" role="region">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Payments</Title>
        <Group gap="xs">
          {permissions.has('manage_credit_debit_note')
            ? (['CREDIT', 'DEBIT'] as const).map((type) => (
                <Button
                  key={type}
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void navigate({ to: '/operations/notes/new', search: { invoiceId: invoice.id, type } })
                  }
                >
                  {type === 'CREDIT' ? 'Credit note' : 'Debit note'}
                </Button>
              ))
            : null}
          {canRequestPayment(permissions) && figures?.outstanding.greaterThan(0) ? (
            <RequestPaymentButton
              customerId={invoice.customerId}
              invoiceId={invoice.id}
              what={`a request for this invoice’s outstanding of ${rupees(figures.outstanding)}`}
            />
          ) : null}
          {canReceive ? (
            <Button
              size="xs"
              onClick={() =>
                void navigate({
                  to: '/operations/receipts/new',
                  search: { customerId: invoice.customerId, invoiceId: invoice.id },
                })
              }
            >
              Receive payment
            </Button>
          ) : null}
        </Group>
      </Group>
      <Stack gap="sm">
        {asking.isError ? <Alert color="red">{errorMessage(asking.error)}</Alert> : null}
        {figures ? (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="sm" maw={640}>
            <Amount label="Total" value={figures.total} testId="invoice-payable" />
            <Amount label="Settled" value={figures.settled} testId="invoice-settled" />
            <Amount label="Outstanding" value={figures.outstanding} testId="invoice-outstanding" />
          </SimpleGrid>
        ) : null}
        {receipts.isError ? <Alert color="red">{errorMessage(receipts.error)}</Alert> : null}
        {receipts.data && settling.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment received against this invoice yet.
          </Text>
        ) : null}
        {settling.length ? (
          <Table fz="sm" verticalSpacing={2} aria-label="Receipts settling this invoice">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Mode</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">TDS</Table.Th>
                <Table.Th ta="right">Bank charges</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settling.map((receipt, i) => {
                const share = wholes[i]?.data?.settlements.find((s) => s.invoiceId === invoice.id);
                return (
                  <Table.Tr key={receipt.id} c={receipt.isCancelled ? 'dimmed' : undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/operations/receipts/${receipt.id}`} size="sm">
                          {receipt.receiptNo}
                        </Anchor>
                        {receipt.isCancelled ? (
                          <Badge size="sm" color="red" variant="light">
                            Cancelled
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{ddmmyyyy(receipt.receiptDate)}</Table.Td>
                    <Table.Td>{paymentModeText(receipt.paymentMode)}</Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      {share ? rupees(share.amount) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      {share ? rupees(share.tdsAmount) : '—'}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      {share ? rupees(share.bankCharges) : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
