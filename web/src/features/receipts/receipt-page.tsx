// /operations/receipts/$id: a receipt — how the money came, its figures (received, applied, TDS, bank
// charges, unapplied), the invoices it settles, and what this person may do to it now: cancel it with a
// reason, or apply what an advance or money on account still holds to the customer's invoices.
import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { Panel } from '../common/panel';
import { dateText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { ApplyToInvoicesPanel, MoneyDocumentHeading, MoneyMovedFacts, RecordedFacts } from './money-document';
import { CancelReceiptDialog, useRefreshReceipts } from './receipt-actions';
import { ReceiptDocumentActions } from './receipt-documents';
import { offeredReceiptActions, receiptTypeText } from './receipt-format';
import type { Receipt } from './receipt-types';
import { SettlementTable } from './settlement-table';
import { type Picks, settlementProblems, settlementsToSend } from './settlements';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

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
      <Panel title="Invoices settled">
        <Text size="sm" c="dimmed">
          {receipt.isCancelled ? 'It settles no invoice.' : 'Not applied to any invoice yet.'}
        </Text>
      </Panel>
    );
  }
  return (
    <Panel title={`Invoices settled (${receipt.settlements.length})`}>
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
    </Panel>
  );
}

/** What an advance or money on account still holds, applied to the customer's open invoices of its company. */
function ApplyPanel({ receipt }: { receipt: Receipt }) {
  const open = useQuery(trpc.receipt.openInvoices.queryOptions({ customerId: receipt.customerId }));
  const refresh = useRefreshReceipts();
  // A receipt settles the invoices its own company billed.
  const asking = open.data?.invoices ?? [];
  const invoices = asking.filter((i) => i.companyId === receipt.companyId);
  const available = receipt.unappliedAmount;
  return (
    <ApplyToInvoicesPanel
      open={open}
      canApply={invoices.length > 0}
      problemsOf={(picks: Picks) =>
        settlementProblems(invoices, picks, available, {
          field: 'settlements',
          words: 'this receipt holds unapplied',
        })
      }
      send={(picks) =>
        trpcClient.receipt.applyToInvoices.mutate({
          id: receipt.id,
          settlements: settlementsToSend(invoices, picks),
        })
      }
      appliedText={(applied) =>
        `Receipt ${applied.receiptNo} is applied; ${rupees(applied.unappliedAmount)} is left unapplied.`
      }
      refresh={refresh}
      table={({ picks, onChange, errors }) => (
        <SettlementTable
          invoices={invoices}
          picks={picks}
          onChange={onChange}
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
    />
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
      <MoneyDocumentHeading
        what="Receipt"
        number={receipt.receiptNo}
        numberTestId="receipt-no"
        typeText={receiptTypeText(receipt.type)}
        isCancelled={receipt.isCancelled}
        cancellationReason={receipt.cancellationReason}
        actions={
          <>
            <ReceiptDocumentActions receipt={receipt} permissions={permissions} />
            {offered.cancel ? (
              <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
                Cancel receipt
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Customer">{receipt.customerName}</Fact>
            <Fact label="Receipt date">{ddmmyyyy(receipt.receiptDate)}</Fact>
            <MoneyMovedFacts doc={receipt} />
            <RecordedFacts doc={receipt} />
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
