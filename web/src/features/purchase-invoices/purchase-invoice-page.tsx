// /operations/purchases/invoices/$id: a supplier's invoice as recorded — the supplier's number and dates
// beside ours, its rows, the duties it bills, its figures (taxable value, the supplier's taxes, the TDS
// deducted, what is payable and what is paid), its history, and what this person may do to it now:
// approve, cancel with a reason, print, email. The supplier payments against it are shown below the
// figures (see PurchaseInvoiceBody's `payments`).

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
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { Panel } from '../common/panel';
import { dateTimeText, dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { SupplierPaymentsOfInvoice } from '../supplier-payments/supplier-payments-of-invoice';
import {
  CancelPurchaseInvoiceDialog,
  EmailPurchaseInvoiceDialog,
  useRefreshPurchaseInvoices,
} from './purchase-invoice-actions';
import { offeredPurchaseActions, PURCHASE_STATUS_LABELS, purchasePdfUrl } from './purchase-invoice-format';
import type { PurchaseInvoice } from './purchase-invoice-types';
import { ROW_TYPE_LABELS } from './purchase-invoice-values';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const ROW_NAMES: Record<string, string> = { CAR_HIRE_CHARGES: 'Car hire', ...ROW_TYPE_LABELS };

/**
 * The invoice's own figures, down to what is payable. What is paid and still owed is the payments
 * panel's, when this person sees it; otherwise it closes these figures.
 */
function Figures({ invoice, withPaid }: { invoice: PurchaseInvoice; withPaid: boolean }) {
  return (
    <Table fz="sm" verticalSpacing={2} aria-label="Purchase invoice figures">
      <Table.Tbody>
        <FigureRow label="Sub-total" value={rupees(invoice.subTotal)} />
        <FigureRow label="Discount" value={rupees(invoice.discount)} />
        <FigureRow label="Taxable value" value={rupees(invoice.taxable)} testId="purchase-taxable" />
        {invoice.taxes.map((tax) => (
          <FigureRow key={tax.taxId} label={tax.name} value={rupees(tax.amount)} />
        ))}
        <FigureRow label="Round off" value={rupees(invoice.roundOff)} />
        <FigureRow label="Total" value={rupees(invoice.total)} strong testId="purchase-total" />
        <FigureRow
          label={`TDS (${invoice.tdsPercentage}%)`}
          value={rupees(invoice.tds)}
          testId="purchase-tds"
        />
        <FigureRow label="Payable" value={rupees(invoice.payable)} strong testId="purchase-payable" />
        {withPaid ? (
          <>
            <FigureRow label="Paid" value={rupees(invoice.paid)} testId="purchase-paid" />
            <FigureRow
              label="Balance"
              value={rupees(invoice.payable.minus(invoice.paid))}
              testId="purchase-balance"
            />
          </>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}

function Rows({ invoice }: { invoice: PurchaseInvoice }) {
  return (
    <Panel title={`Rows (${invoice.rows.length})`}>
      <Table.ScrollContainer minWidth={560}>
        <Table fz="sm" verticalSpacing={2} aria-label="Purchase invoice rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the invoice's rows, in their fixed order
              <Table.Tr key={`${index}-${row.type}`}>
                <Table.Td>{ROW_NAMES[row.type] ?? row.type}</Table.Td>
                <Table.Td>{row.description || '—'}</Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {row.type === 'DISCOUNT_AMOUNT' ? `− ${rupees(row.amount)}` : rupees(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

function Duties({ invoice }: { invoice: PurchaseInvoice }) {
  if (invoice.duties.length === 0) return null;
  return (
    <Panel title={`Duties (${invoice.duties.length})`}>
      <Table.ScrollContainer minWidth={720}>
        <Table fz="sm" verticalSpacing={2} aria-label="Purchase invoice duties">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Duty</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Vehicle · driver</Table.Th>
              <Table.Th ta="right">Purchase amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.duties.map((duty) => (
              <Table.Tr key={duty.bookingId}>
                <Table.Td>
                  <Anchor component={Link} to={`/duties/booking/${duty.bookingId}`} size="sm">
                    {dutyNumber(duty.bookingNo)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{ddmmyyyy(duty.startDate)}</Table.Td>
                <Table.Td>{duty.customerName}</Table.Td>
                <Table.Td>{[duty.vehicleNo, duty.driverName].filter(Boolean).join(' · ')}</Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {duty.purchaseAmount ? rupees(duty.purchaseAmount) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

function Activity({ invoice }: { invoice: PurchaseInvoice }) {
  return (
    <Panel title="History">
      <Stack gap={4}>
        {invoice.activity.map((a, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history, in its fixed order
          <Text size="sm" key={`${index}-${a.action}`}>
            {dateTimeText(a.at)} · {a.action}
            {a.by ? ` by ${a.by}` : ''}
            {a.detail ? ` — ${a.detail}` : ''}
          </Text>
        ))}
      </Stack>
    </Panel>
  );
}

/**
 * The invoice's page. `payments` is rendered below the figures: the supplier payments that settle this
 * invoice (features/supplier-payments), given by the page.
 */
export function PurchaseInvoiceBody({
  invoice,
  payments,
}: {
  invoice: PurchaseInvoice;
  payments?: ReactNode;
}) {
  const permissions = usePermissions() ?? new Set<string>();
  const [cancelling, setCancelling] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const refresh = useRefreshPurchaseInvoices();
  const approve = useMutation({
    mutationFn: () => trpcClient.purchaseInvoice.approve.mutate({ id: invoice.id }),
    onSuccess: (approved) => showToast(`Purchase invoice ${approved.purchaseNo} is approved.`),
    onError: (failure) => showToast(errorMessage(failure), 'alert-danger'),
    onSettled: refresh,
  });
  const offered = offeredPurchaseActions(invoice, permissions);
  const status = PURCHASE_STATUS_LABELS[invoice.status];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            Purchase invoice <span data-testid="purchase-no">{invoice.purchaseNo}</span>
          </Title>
          {status ? (
            <Badge size="lg" variant="light" color={status.color}>
              {status.label}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {offered.edit ? (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/operations/purchases/invoices/${invoice.id}/edit`}
            >
              Edit
            </Button>
          ) : null}
          {offered.approve ? (
            <Button size="xs" loading={approve.isPending} onClick={() => approve.mutate()}>
              Approve
            </Button>
          ) : null}
          {offered.print ? (
            <Button
              size="xs"
              variant="default"
              component="a"
              href={purchasePdfUrl(invoice.id)}
              target="_blank"
            >
              Print
            </Button>
          ) : null}
          {offered.email ? (
            <Button size="xs" variant="default" onClick={() => setEmailing(true)}>
              Email to supplier
            </Button>
          ) : null}
          {offered.cancel ? (
            <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
              Cancel purchase invoice
            </Button>
          ) : null}
        </Group>
      </Group>
      {invoice.status === 'CANCELLED' ? (
        <Alert color="red" title="Cancelled">
          {invoice.cancellationReason}
        </Alert>
      ) : null}
      {invoice.status !== 'CANCELLED' && invoice.paid.greaterThan(0) ? (
        <Text size="sm" c="dimmed">
          Supplier payments settle {rupees(invoice.paid)} of it: it cannot be cancelled while they do.
        </Text>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Supplier">{invoice.supplierName}</Fact>
            <Fact label="Supplier GSTIN">{invoice.supplierGstNo}</Fact>
            <Fact label="Supplier's invoice no.">
              <span data-testid="supplier-invoice-no">{invoice.supplierInvoiceNo}</span>
            </Fact>
            <Fact label="Supplier's invoice date">{ddmmyyyy(invoice.supplierInvoiceDate)}</Fact>
            <Fact label="Received on">{ddmmyyyy(invoice.receivedDate)}</Fact>
            <Fact label="Due date">{invoice.dueDate ? ddmmyyyy(invoice.dueDate) : ''}</Fact>
            <Fact label="Recorded">{dateTimeText(invoice.createdAt)}</Fact>
            {invoice.notes ? (
              <Fact label="Notes">
                <span style={{ whiteSpace: 'pre-line' }}>{invoice.notes}</span>
              </Fact>
            ) : null}
          </SimpleGrid>
          <Figures invoice={invoice} withPaid={!payments || !permissions.has('view_purchase_payment')} />
        </SimpleGrid>
      </Paper>
      {/* ── Supplier payments: the slot the supplier payments section fills (features/supplier-payments) ── */}
      {payments}
      <Rows invoice={invoice} />
      <Duties invoice={invoice} />
      <Activity invoice={invoice} />
      {cancelling ? (
        <CancelPurchaseInvoiceDialog invoice={invoice} onClose={() => setCancelling(false)} />
      ) : null}
      {emailing ? <EmailPurchaseInvoiceDialog invoice={invoice} onClose={() => setEmailing(false)} /> : null}
    </Stack>
  );
}

export default function PurchaseInvoicePage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.purchaseInvoice.get.queryOptions({ id }));
  if (query.isError) {
    return (
      <Alert color="red" title="This purchase invoice could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!query.data) return null;
  return (
    <PurchaseInvoiceBody
      invoice={query.data}
      payments={<SupplierPaymentsOfInvoice invoiceId={query.data.id} />}
    />
  );
}
