// /operations/billing/$id: an invoice read like the printed one — seller and buyer with their GSTINs,
// place of supply, its rows (a duty's row opens to its charge lines), discounts and surcharge, taxes by
// rate, totals with the round-off and the total in words — then the duties it bills and its history,
// with the actions this person may take on it now; an approved one shows what it still asks for and the
// receipts that settle it.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type Decimal from 'decimal.js';
import { Fragment, type ReactNode, useState } from 'react';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { Panel } from '../common/panel';
import { dateText, dutyNumber, rupees, timeText } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { InvoicePayments } from '../receipts/invoice-payments';
import { InvoiceActions } from './invoice-actions';
import { invoiceNumberText } from './invoice-format';
import { InvoiceMarks } from './invoice-marks';
import type { BillableDuty, InvoiceDetail, InvoiceLine, InvoiceView } from './invoice-types';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function Party({ title, party }: { title: string; party: InvoiceDetail['seller'] }) {
  return (
    <Stack gap={2} aria-label={title} role="group">
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Text fw={600}>{party.name}</Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {party.address}
      </Text>
      <Text size="sm">
        {[
          party.stateName &&
            `State: ${party.stateName}${party.gstStateCode ? ` (${party.gstStateCode})` : ''}`,
        ]
          .filter(Boolean)
          .join('')}
      </Text>
      {party.gstNo ? <Text size="sm">GSTIN: {party.gstNo}</Text> : null}
      {party.panNo ? <Text size="sm">PAN: {party.panNo}</Text> : null}
    </Stack>
  );
}

const isDeduction = (line: InvoiceLine) => line.type.startsWith('DISCOUNT');

/** A row's amount as the invoice prints it: a discount takes away. */
const signed = (line: InvoiceLine) => (isDeduction(line) ? `− ${rupees(line.amount)}` : rupees(line.amount));

function LineRows({ line, index }: { line: InvoiceLine; index: number }) {
  const [open, setOpen] = useState(false);
  const hasCharges = line.type === 'BOOKING' && line.charges.length > 0;
  return (
    <>
      <Table.Tr>
        <Table.Td>{index + 1}</Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            {hasCharges ? (
              <Button
                size="compact-xs"
                variant="subtle"
                aria-expanded={open}
                aria-label={`${open ? 'Hide' : 'Show'} the charges of ${line.description}`}
                onClick={() => setOpen((o) => !o)}
              >
                {open ? '▾' : '▸'}
              </Button>
            ) : null}
            <Stack gap={0}>
              <Text size="sm">{line.description}</Text>
              {line.bookingId && line.bookingNo !== null ? (
                <Anchor component={Link} to={`/duties/booking/${line.bookingId}`} size="xs">
                  Duty {dutyNumber(line.bookingNo)}
                </Anchor>
              ) : null}
            </Stack>
          </Group>
        </Table.Td>
        <Table.Td>{line.sacCode}</Table.Td>
        <Table.Td ta="right" style={NUMERIC}>
          {line.percentage ? `${line.percentage.toFixed()}%` : (line.quantity?.toFixed() ?? '')}
        </Table.Td>
        <Table.Td ta="right" style={NUMERIC}>
          {line.rate && !line.percentage ? rupees(line.rate) : ''}
        </Table.Td>
        <Table.Td ta="right" style={NUMERIC}>
          {line.isTaxable && line.taxRate ? `${line.taxRate.toFixed()}%` : line.isTaxable ? '' : 'Exempt'}
        </Table.Td>
        <Table.Td ta="right" style={NUMERIC}>
          {signed(line)}
        </Table.Td>
      </Table.Tr>
      {open
        ? line.charges.map((charge) => (
            <Table.Tr key={`${line.id}-${charge.code}-${charge.label}`} bg="gray.0">
              <Table.Td />
              <Table.Td pl="xl">
                <Text size="xs">{charge.label}</Text>
              </Table.Td>
              <Table.Td />
              <Table.Td ta="right" style={NUMERIC}>
                <Text size="xs">
                  {charge.quantity.toFixed()} {charge.unit}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                <Text size="xs">{rupees(charge.rate)}</Text>
              </Table.Td>
              <Table.Td />
              <Table.Td ta="right" style={NUMERIC}>
                <Text size="xs">{rupees(charge.amount)}</Text>
              </Table.Td>
            </Table.Tr>
          ))
        : null}
    </>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : 400}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        <Text size="sm" fw={strong ? 700 : 400}>
          {value}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

const nonZero = (value: Decimal) => !value.isZero();

function Totals({ invoice }: { invoice: InvoiceDetail }) {
  const t = invoice.totals;
  const roundOff = t.roundOff.isNegative() ? `− ${rupees(t.roundOff.abs())}` : rupees(t.roundOff);
  return (
    <Stack gap="xs">
      <Table fz="sm" verticalSpacing={2} aria-label="Totals">
        <Table.Tbody>
          {nonZero(t.carHire) ? <TotalRow label="Car hire" value={rupees(t.carHire)} /> : null}
          {nonZero(t.taxableRows) ? (
            <TotalRow label="Other taxable rows" value={rupees(t.taxableRows)} />
          ) : null}
          {nonZero(t.discount) ? <TotalRow label="Discount" value={`− ${rupees(t.discount)}`} /> : null}
          {nonZero(t.surcharge) ? <TotalRow label="Surcharge" value={rupees(t.surcharge)} /> : null}
          <TotalRow label="Taxable value" value={rupees(t.taxableValue)} />
          {invoice.taxes.map((tax) => (
            <TotalRow
              key={`${tax.kind}-${tax.rate.toFixed()}`}
              label={`${tax.kind} @ ${tax.rate.toFixed()}% on ${rupees(tax.taxableValue)}`}
              value={rupees(tax.amount)}
            />
          ))}
          {nonZero(t.nonTaxableRows) ? (
            <TotalRow label="Non-taxable rows" value={rupees(t.nonTaxableRows)} />
          ) : null}
          {nonZero(t.reverseChargeTax) ? (
            <TotalRow
              label="Tax payable by the recipient (reverse charge)"
              value={rupees(t.reverseChargeTax)}
            />
          ) : null}
          {nonZero(t.roundOff) ? <TotalRow label="Round off" value={roundOff} /> : null}
          <TotalRow label="Total" value={<span data-testid="invoice-total">{rupees(t.total)}</span>} strong />
        </Table.Tbody>
      </Table>
      {t.inWords ? (
        <Text size="sm" fs="italic" data-testid="invoice-total-words">
          {t.inWords}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The invoice itself, as it prints: shared by its page and its print page. */
export function InvoiceSheet({ invoice }: { invoice: InvoiceDetail }) {
  const placeOfSupply =
    invoice.placeOfSupply.placeOfSupplyStateId === invoice.buyer.stateId
      ? invoice.buyer.stateName
      : invoice.placeOfSupply.placeOfSupplyStateId === invoice.seller.stateId
        ? invoice.seller.stateName
        : invoice.placeOfSupply.placeOfSupplyStateId;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
            <Fact label="Invoice no.">{invoiceNumberText(invoice)}</Fact>
            <Fact label="Invoice date">{ddmmyyyy(invoice.invoiceDate)}</Fact>
            <Fact label="Due date">{invoice.dueDate ? ddmmyyyy(invoice.dueDate) : ''}</Fact>
            <Fact label="Duties from – to">
              {invoice.startDate
                ? `${ddmmyyyy(invoice.startDate)}${invoice.endDate ? ` – ${ddmmyyyy(invoice.endDate)}` : ''}`
                : ''}
            </Fact>
            <Fact label="Place of supply">{placeOfSupply}</Fact>
            <Fact label="Reverse charge">{invoice.placeOfSupply.reverseCharge ? 'Yes' : 'No'}</Fact>
            <Fact label="Financial year">{invoice.financialYear}</Fact>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Party title="From (seller)" party={invoice.seller} />
            <Party title="Bill to (buyer)" party={invoice.buyer} />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={720}>
          <Table fz="sm" verticalSpacing={4} aria-label="Invoice rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>SAC</Table.Th>
                <Table.Th ta="right">Qty / %</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, i) => (
                <Fragment key={line.id}>
                  <LineRows line={line} index={i} />
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" mt="md">
          <div style={{ minWidth: 360 }}>
            <Totals invoice={invoice} />
          </div>
        </Group>
        {invoice.placeOfSupply.declaration ? (
          <Text size="xs" c="dimmed" mt="sm">
            {invoice.placeOfSupply.declaration}
          </Text>
        ) : null}
        {invoice.notes ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {invoice.notes}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}

export function BilledDuties({ duties }: { duties: readonly BillableDuty[] }) {
  if (duties.length === 0) return null;
  return (
    <Panel title={`Duties (${duties.length})`}>
      <Table fz="sm" verticalSpacing={2} aria-label="Duties billed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Duty</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Vehicle · driver</Table.Th>
            <Table.Th>Passengers</Table.Th>
            <Table.Th ta="right">Car hire</Table.Th>
            <Table.Th ta="right">Billing items</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {duties.map((duty) => (
            <Table.Tr key={duty.bookingId}>
              <Table.Td>
                <Anchor component={Link} to={`/duties/booking/${duty.bookingId}`} size="sm">
                  {dutyNumber(duty.bookingNo)}
                </Anchor>
              </Table.Td>
              <Table.Td>{ddmmyyyy(duty.startDate)}</Table.Td>
              <Table.Td>{[duty.vehicleNo, duty.driverName].filter(Boolean).join(' · ')}</Table.Td>
              <Table.Td>{duty.passengerNames}</Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(duty.carHire)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC}>
                {rupees(duty.billingItems)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

const ACTION_WORDS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  approved: 'Approved',
  dispatched: 'Emailed',
  discarded: 'Discarded',
  cancelled: 'Cancelled',
  downloaded: 'Downloaded',
  reissued: 'Reissued',
  settled: 'Payment received',
  'receipt cancelled': 'Receipt cancelled',
};

function History({ activity }: { activity: InvoiceView['activity'] }) {
  return (
    <Panel title="History">
      <Timeline bulletSize={12} lineWidth={2}>
        {activity.map((entry) => (
          <Timeline.Item key={entry.id} title={ACTION_WORDS[entry.action] ?? entry.action}>
            <Text size="xs" c="dimmed">
              {entry.at ? `${dateText(entry.at)} ${timeText(entry.at)}` : ''}
              {entry.by ? ` · ${entry.by}` : ''}
            </Text>
            {entry.note ? <Text size="sm">“{entry.note}”</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Panel>
  );
}

export default function InvoicePage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.invoice.get.queryOptions({ id }));
  const permissions = usePermissions();
  if (query.isError) {
    return (
      <Alert color="red" title="This invoice could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const view = query.data;
  if (!view || !permissions) return null;
  const { invoice } = view;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            {invoice.title || 'Invoice'} {invoiceNumberText(invoice)}
          </Title>
          <InvoiceMarks invoice={invoice} size="lg" />
        </Group>
        <InvoiceActions invoice={invoice} permissions={permissions} />
      </Group>
      {invoice.cancellationReason ? (
        <Alert color="red" title={invoice.status === 'DISCARDED' ? 'Discarded' : 'Cancelled'}>
          {invoice.cancellationReason}
        </Alert>
      ) : null}
      {invoice.reissueOfId || invoice.reissuedAsId ? (
        <Text size="sm">
          {invoice.reissueOfId ? (
            <Anchor component={Link} to={`/operations/billing/${invoice.reissueOfId}`}>
              Reissue of an earlier invoice
            </Anchor>
          ) : null}
          {invoice.reissuedAsId ? (
            <Anchor component={Link} to={`/operations/billing/${invoice.reissuedAsId}`}>
              Reissued as another invoice
            </Anchor>
          ) : null}
        </Text>
      ) : null}
      <InvoicePayments invoice={invoice} permissions={permissions} />
      <InvoiceSheet invoice={invoice} />
      <BilledDuties duties={view.duties} />
      <History activity={view.activity} />
    </Stack>
  );
}
