// /operations/purchases/payments/$id: a payment to a supplier — how it was paid, its figures (paid,
// applied, held as an advance), the invoices it paid (those a cancellation gave back marked), and what
// this person may do to it now: cancel it with a reason, or apply what it still holds to the supplier's
// invoices.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { Panel } from '../common/panel';
import { dateText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import {
  ApplyToInvoicesPanel,
  MoneyDocumentHeading,
  MoneyMovedFacts,
  RecordedFacts,
} from '../receipts/money-document';
import { PayTable } from './pay-table';
import { type Picks, pickProblems, settlementsToSend } from './payment-picks';
import { CancelPaymentDialog, useRefreshSupplierPayments } from './supplier-payment-actions';
import { offeredPaymentActions, supplierPaymentTypeText } from './supplier-payment-format';
import type { SupplierPayment } from './supplier-payment-types';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function Settlements({ payment }: { payment: SupplierPayment }) {
  if (payment.settlements.length === 0) {
    return (
      <Panel title="Invoices paid">
        <Text size="sm" c="dimmed">
          {payment.isCancelled ? 'It paid no invoice.' : 'Not applied to any invoice yet.'}
        </Text>
      </Panel>
    );
  }
  return (
    <Panel title={`Invoices paid (${payment.settlements.length})`}>
      <Table fz="sm" verticalSpacing={2} aria-label="Invoices paid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Purchase invoice</Table.Th>
            <Table.Th>Supplier's no.</Table.Th>
            <Table.Th>Applied on</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.settlements.map((s) => (
            <Table.Tr
              key={`${s.purchaseInvoiceId}-${s.appliedAt?.toISOString() ?? ''}`}
              c={s.isLive ? undefined : 'dimmed'}
            >
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{s.purchaseNo}</Text>
                  {s.isLive ? null : (
                    <Badge size="sm" color="red" variant="light">
                      Given back
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{s.supplierInvoiceNo}</Table.Td>
              <Table.Td>{s.appliedAt ? dateText(s.appliedAt) : '—'}</Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(s.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

/** What the payment still holds, applied to the supplier's invoices of its company. */
function ApplyPanel({ payment }: { payment: SupplierPayment }) {
  const open = useQuery(trpc.supplierPayment.openInvoices.queryOptions({ supplierId: payment.supplierId }));
  const refresh = useRefreshSupplierPayments();
  const owing = open.data?.invoices ?? [];
  const invoices = owing.filter((i) => i.companyId === payment.companyId);
  const available = payment.unappliedAmount;
  return (
    <ApplyToInvoicesPanel
      open={open}
      canApply={invoices.length > 0}
      problemsOf={(picks: Picks) =>
        pickProblems(invoices, picks, available, { field: 'settlements', words: 'this payment holds' })
      }
      send={(picks) =>
        trpcClient.supplierPayment.applyToInvoices.mutate({
          id: payment.id,
          settlements: settlementsToSend(invoices, picks),
        })
      }
      appliedText={(applied) =>
        `Payment ${applied.paymentNo} is applied; ${rupees(applied.unappliedAmount)} is still held.`
      }
      refresh={refresh}
      table={({ picks, onChange, errors }) => (
        <PayTable
          invoices={invoices}
          picks={picks}
          onChange={onChange}
          available={available}
          availableLabel="Held on this payment"
          errors={errors}
          empty={
            owing.length
              ? 'The supplier’s open invoices were billed to another of your companies: this payment pays only the invoices of the company that paid it.'
              : 'This supplier has no approved invoice that still owes something.'
          }
        />
      )}
    />
  );
}

export default function SupplierPaymentPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.supplierPayment.get.queryOptions({ id }));
  const permissions = usePermissions();
  const [cancelling, setCancelling] = useState(false);
  if (query.isError) {
    return (
      <Alert color="red" title="This payment could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const payment = query.data;
  if (!payment || !permissions) return null;
  const offered = offeredPaymentActions(payment, permissions);
  return (
    <Stack gap="md">
      <MoneyDocumentHeading
        what="Payment"
        number={payment.paymentNo}
        numberTestId="payment-no"
        typeText={supplierPaymentTypeText(payment.type)}
        isCancelled={payment.isCancelled}
        cancellationReason={payment.cancellationReason}
        actions={
          offered.cancel ? (
            <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
              Cancel payment
            </Button>
          ) : null
        }
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Supplier">{payment.supplierName}</Fact>
            <Fact label="Payment date">{ddmmyyyy(payment.paymentDate)}</Fact>
            <MoneyMovedFacts doc={payment} />
            {payment.bookingId ? <Fact label="Advance on duty">{payment.bookingId}</Fact> : null}
            <RecordedFacts doc={payment} />
          </SimpleGrid>
          <Table fz="sm" verticalSpacing={2} aria-label="Payment figures">
            <Table.Tbody>
              <FigureRow label="Paid" value={rupees(payment.amount)} testId="payment-amount" strong />
              <FigureRow
                label="Applied to invoices"
                value={rupees(payment.appliedAmount)}
                testId="payment-applied"
              />
              <FigureRow
                label="Held as an advance"
                value={rupees(payment.unappliedAmount)}
                testId="payment-unapplied"
              />
            </Table.Tbody>
          </Table>
        </SimpleGrid>
      </Paper>
      <Settlements payment={payment} />
      {offered.apply ? <ApplyPanel payment={payment} /> : null}
      {cancelling ? <CancelPaymentDialog payment={payment} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}
