// /payment-request/$token: a customer's dues, opened from a payment request's link with no sign-in and
// no app shell, made for a phone as well as a desk: the operator's company, the customer, each open
// invoice with its dates and what it still owes (and its PDF), the total due, and where to pay. The
// amounts are read when the page opens.
import { Alert, Anchor, Center, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { dateText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { LinkProblem, PublicFrame } from './digital-slip-page';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** An invoice's PDF as the link's holder downloads it. */
export const publicInvoicePdfUrl = (token: string, invoiceId: string) =>
  `/api/payment-request/${encodeURIComponent(token)}/invoices/${encodeURIComponent(invoiceId)}.pdf`;

function Fact({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}

export default function PaymentRequestPage() {
  const { token } = useParams({ strict: false });
  const page = useQuery(
    trpc.publicPaymentRequest.get.queryOptions({ token: token ?? '' }, { enabled: Boolean(token) }),
  );
  if (page.error) return <LinkProblem error={page.error} />;
  if (!page.data) {
    return (
      <Center mih="50vh">
        <Text c="dimmed">Opening your statement…</Text>
      </Center>
    );
  }
  const data = page.data;
  const bank = data.bankAccount;
  return (
    <PublicFrame title={data.companyName ? `${data.companyName} — payment due` : 'Payment due'}>
      {data.companyLines.length ? (
        <Text size="sm" c="dimmed">
          {data.companyLines.join(' · ')}
        </Text>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text size="sm">Dear {data.customerName},</Text>
          {data.invoices.length ? (
            <Text size="lg" fw={600} data-testid="total-due">
              {rupees(data.totalDue)} is due
            </Text>
          ) : (
            <Text size="lg" fw={600} c="green" data-testid="total-due">
              Nothing is due: thank you for your payment.
            </Text>
          )}
        </Stack>
      </Paper>
      {data.invoices.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} fz="sm" aria-label="Invoices due">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Still due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Anchor href={publicInvoicePdfUrl(token ?? '', invoice.id)} target="_blank" size="sm">
                      {invoice.invoiceNo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={NUMERIC}>{ddmmyyyy(invoice.invoiceDate)}</Table.Td>
                  <Table.Td style={NUMERIC}>{invoice.dueDate ? ddmmyyyy(invoice.dueDate) : '—'}</Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.total)}
                  </Table.Td>
                  <Table.Td ta="right" style={NUMERIC}>
                    {rupees(invoice.outstanding)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>Total due</Table.Th>
                <Table.Th ta="right" style={NUMERIC}>
                  {rupees(data.totalDue)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {bank && data.invoices.length ? (
        <Paper withBorder p="md" aria-label="Pay by bank transfer" role="region">
          <Title order={2} size="h5" mb="xs">
            Pay by bank transfer
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label="Account name" value={bank.accountHolder} />
            <Fact label="Bank" value={[bank.bankName, bank.branchName].filter(Boolean).join(', ')} />
            <Fact label="Account number" value={bank.accountNo} />
            <Fact label="IFSC" value={bank.ifsc} />
            <Fact label="UPI" value={bank.upiId} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Please quote the invoice numbers with your payment.
          </Text>
        </Paper>
      ) : null}
      {!bank && data.invoices.length ? (
        <Alert color="blue">Contact {data.companyName || 'us'} for how to pay.</Alert>
      ) : null}
      {data.expiresAt ? (
        <Text size="xs" c="dimmed">
          This page can be opened until {dateText(data.expiresAt)}.
        </Text>
      ) : null}
    </PublicFrame>
  );
}
