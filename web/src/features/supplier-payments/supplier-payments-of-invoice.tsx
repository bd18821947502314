// On a purchase invoice's page, for a holder of view_purchase_payment: what it still owes (payable,
// paid, owing), the payments that paid it (cancelled ones too, marked, with this invoice's share of
// each), and "Pay" (manage_purchase_payment) to the new-payment page pre-set with its supplier and the
// invoice ticked. The purchase invoice page renders it below its figures.
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
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { paymentModeText } from '../receipts/receipt-format';
import { paymentPath } from './supplier-payment-format';

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

export function SupplierPaymentsOfInvoice({ invoiceId }: { invoiceId: string }) {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const shown = !!permissions?.has('view_purchase_payment');
  const owing = useQuery(
    trpc.supplierPayment.openInvoices.queryOptions({ purchaseInvoiceIds: [invoiceId] }, { enabled: shown }),
  );
  const payments = useQuery(
    trpc.supplierPayment.list.queryOptions(
      {
        purchaseInvoiceId: invoiceId,
        includeCancelled: true,
        sortBy: 'payment_date',
        order: 'asc',
        limit: 100,
      },
      { enabled: shown },
    ),
  );
  const paying = payments.data?.payments ?? [];
  // The list carries each payment's totals; its share of this invoice is on the payment itself (an
  // invoice is paid by a handful of payments).
  const wholes = useQueries({
    queries: paying.map((payment) => trpc.supplierPayment.get.queryOptions({ id: payment.id })),
  });
  if (!shown) return null;
  const figures = owing.data?.invoices.find((i) => i.purchaseInvoiceId === invoiceId);
  const canPay =
    !!permissions?.has('manage_purchase_payment') &&
    figures?.status === 'APPROVED' &&
    figures.owing.greaterThan(0);
  return (
    <Paper withBorder p="md" aria-label="Supplier payments" role="region">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Payments</Title>
        {canPay && figures ? (
          <Button
            size="xs"
            onClick={() =>
              void navigate({
                to: '/operations/purchases/payments/new',
                search: { supplierId: figures.supplierId, invoiceId },
              })
            }
          >
            Pay
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {owing.isError ? <Alert color="red">{errorMessage(owing.error)}</Alert> : null}
        {figures ? (
          <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={320}>
            <Amount label="Paid" value={figures.paid} testId="purchase-paid" />
            <Amount label="Owes" value={figures.owing} testId="purchase-owing" />
          </SimpleGrid>
        ) : null}
        {payments.isError ? <Alert color="red">{errorMessage(payments.error)}</Alert> : null}
        {payments.data && paying.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing paid against this invoice yet.
          </Text>
        ) : null}
        {paying.length ? (
          <Table fz="sm" verticalSpacing={2} aria-label="Payments of this invoice">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Mode</Table.Th>
                <Table.Th ta="right">Paid of this invoice</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paying.map((payment, i) => {
                const shares =
                  wholes[i]?.data?.settlements.filter((s) => s.purchaseInvoiceId === invoiceId) ?? [];
                const share = shares.reduce<Decimal | null>(
                  (sum, s) => (sum ? sum.plus(s.amount) : s.amount),
                  null,
                );
                return (
                  <Table.Tr key={payment.id} c={payment.isCancelled ? 'dimmed' : undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={paymentPath(payment.id)} size="sm">
                          {payment.paymentNo}
                        </Anchor>
                        {payment.isCancelled ? (
                          <Badge size="sm" color="red" variant="light">
                            Cancelled
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{ddmmyyyy(payment.paymentDate)}</Table.Td>
                    <Table.Td>{paymentModeText(payment.paymentMode)}</Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      {share ? rupees(share) : '—'}
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
