// /operations/receipts/$id: a receipt — how the money came, its figures (received, applied, TDS, bank
// charges, unapplied), the invoices it settles, and what this person may do to it now: cancel it with a
// reason, or apply what an advance or money on account still holds to the customer's invoices.
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { dateText, dateTimeText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { CancelReceiptDialog, useRefreshReceipts } from './receipt-actions';
import { ReceiptDocumentActions } from './receipt-documents';
import { offeredReceiptActions, paymentModeText, receiptTypeText } from './receipt-format';
import type { Receipt } from './receipt-types';
import { SettlementTable } from './settlement-table';
import { type Picks, settlementProblems, settlementsToSend } from './settlements';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figures({ receipt }: { receipt: Receipt }) {
  return (
    <Table fz="sm" verticalSpacing={2} aria-label="Receipt figures">
      <Table.Tbody>
        <FigureRow label="Received" value={rupees(receipt.receivedAmount)} testId="receipt-received" strong />
        <FigureRow
          label="Applied to invoices"
          value={rupees(receipt.adjustedAmount)}
          testId="receipt-applied"
        />
        <FigureRow label="Unapplied" value={rupees(receipt.unappliedAmount)} testId="receipt-unapplied" />
        <FigureRow label="TDS deducted" value={rupees(receipt.tdsAmount)} testId="receipt-tds" />
        <FigureRow label="Bank charges" value={rupees(receipt.bankCharges)} testId="receipt-bank-charges" />
        <FigureRow
          label="Settled on invoices"
          value={rupees(receipt.adjustedAmount.plus(receipt.tdsAmount).plus(receipt.bankCharges))}
          testId="receipt-settled"
        />
      </Table.Tbody>
    </Table>
  );
}

function Settlements({ receipt }: { receipt: Receipt }) {
  if (receipt.settlements.length === 0) {
    return (
      <Card title="Invoices settled">
        <Text size="sm" c="dimmed">
          {receipt.isCancelled ? 'It settles no invoice.' : 'Not applied to any invoice yet.'}
        </Text>
      </Card>
    );
  }
  return (
    <Card title={`Invoices settled (${receipt.settlements.length})`}>
      <Table fz="sm" verticalSpacing={2} aria-label="Invoices settled">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Applied on</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">TDS</Table.Th>
            <Table.Th ta="right">Bank charges</Table.Th>
            <Table.Th ta="right">Settles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipt.settlements.map((s) => (
            <Table.Tr key={s.invoiceId}>
              <Table.Td>
                <Anchor component={Link} to={`/operations/billing/${s.invoiceId}`} size="sm">
                  {s.invoiceNo}
                </Anchor>
              </Table.Td>
              <Table.Td>{s.appliedAt ? dateText(s.appliedAt) : '—'}</Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(s.amount)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(s.tdsAmount)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(s.bankCharges)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(s.amount.plus(s.tdsAmount).plus(s.bankCharges))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** What an advance or money on account still holds, applied to the customer's open invoices of its company. */
function ApplyPanel({ receipt }: { receipt: Receipt }) {
  const open = useQuery(trpc.receipt.openInvoices.queryOptions({ customerId: receipt.customerId }));
  const [picks, setPicks] = useState<Picks>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshReceipts();
  // A receipt settles the invoices its own company billed.
  const asking = open.data?.invoices ?? [];
  const invoices = asking.filter((i) => i.companyId === receipt.companyId);
  const available = receipt.unappliedAmount;
  const apply = useMutation({
    mutationFn: () =>
      trpcClient.receipt.applyToInvoices.mutate({
        id: receipt.id,
        settlements: settlementsToSend(invoices, picks),
      }),
    onSuccess: (applied) => {
      showToast(
        `Receipt ${applied.receiptNo} is applied; ${rupees(applied.unappliedAmount)} is left unapplied.`,
      );
      setPicks({});
      setErrors({});
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure));
      setProblem(errorMessage(failure));
    },
    onSettled: refresh,
  });
  const submit = () => {
    const found = settlementProblems(invoices, picks, available, {
      field: 'settlements',
      words: 'this receipt holds unapplied',
    });
    if (Object.keys(picks).length === 0) found.settlements = 'Tick the invoices to apply it to.';
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length) {
      setProblem('Some fields need attention.');
      return;
    }
    apply.mutate();
  };
  return (
    <Card title="Apply to invoices">
      <form
        aria-label="Apply to invoices form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {open.isError ? (
            <Alert color="red">{errorMessage(open.error)}</Alert>
          ) : open.isLoading ? null : (
            <SettlementTable
              invoices={invoices}
              picks={picks}
              onChange={(next) => {
                setPicks(next);
                setErrors({});
              }}
              available={available}
              availableLabel="Unapplied on this receipt"
              errors={errors}
              empty={
                asking.length
                  ? 'The customer’s open invoices are billed by another of your companies: this receipt settles only the invoices of the company that received it.'
                  : 'This customer has no approved invoice that asks for money.'
              }
            />
          )}
          {problem ? (
            <Alert color="red" title="Nothing was applied">
              {problem}
            </Alert>
          ) : null}
          {invoices.length ? (
            <Group justify="flex-end">
              <Button type="submit" loading={apply.isPending}>
                Apply to invoices
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

export default function ReceiptPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.receipt.get.queryOptions({ id }));
  const permissions = usePermissions();
  const [cancelling, setCancelling] = useState(false);
  if (query.isError) {
    return (
      <Alert color="red" title="This receipt could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const receipt = query.data;
  if (!receipt || !permissions) return null;
  const offered = offeredReceiptActions(receipt, permissions);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            Receipt <span data-testid="receipt-no">{receipt.receiptNo}</span>
          </Title>
          <Badge size="lg" variant="light" color="blue">
            {receiptTypeText(receipt.type)}
          </Badge>
          {receipt.isCancelled ? (
            <Badge size="lg" variant="light" color="red">
              Cancelled
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <ReceiptDocumentActions receipt={receipt} permissions={permissions} />
          {offered.cancel ? (
            <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
              Cancel receipt
            </Button>
          ) : null}
        </Group>
      </Group>
      {receipt.isCancelled ? (
        <Alert color="red" title="Cancelled">
          {receipt.cancellationReason}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Customer">{receipt.customerName}</Fact>
            <Fact label="Receipt date">{ddmmyyyy(receipt.receiptDate)}</Fact>
            <Fact label="Payment mode">{paymentModeText(receipt.paymentMode)}</Fact>
            {receipt.paymentMode === 'CHEQUE' ? (
              <Fact label="Cheque">
                {[receipt.chequeNo, receipt.chequeDate ? `dated ${ddmmyyyy(receipt.chequeDate)}` : '']
                  .filter(Boolean)
                  .join(', ')}
              </Fact>
            ) : null}
            <Fact label="Bank">{receipt.bankName}</Fact>
            <Fact label="Reference">{receipt.reference}</Fact>
            <Fact label="Recorded">{dateTimeText(receipt.createdAt)}</Fact>
            {receipt.notes ? (
              <Fact label="Notes">
                <span style={{ whiteSpace: 'pre-line' }}>{receipt.notes}</span>
              </Fact>
            ) : null}
          </SimpleGrid>
          <Figures receipt={receipt} />
        </SimpleGrid>
      </Paper>
      <Settlements receipt={receipt} />
      {offered.apply ? <ApplyPanel receipt={receipt} /> : null}
      {cancelling ? <CancelReceiptDialog receipt={receipt} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}
