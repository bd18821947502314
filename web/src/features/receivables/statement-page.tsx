// /operations/receivables/$customerId/statement: a customer's statement of account for a period (kept in
// the URL; this financial year to today when none is chosen) — the operator's letterhead, the customer,
// the balance brought forward, each invoice, note and receipt with the running balance, the totals and
// the closing balance — to print from the browser or to download as the PDF the service renders.
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type Decimal from 'decimal.js';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { errorMessage, fieldErrorsOf, trpc } from '../../lib/trpc';
import { PrintStyles } from '../billing/print-styles';
import { DayInput } from '../common/form/day-input';
import { listDay, useListState } from '../common/list/list-state';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { balanceText, documentName, entryPath, statementPdfUrl } from './receivables-format';
import type { Statement, StatementEntry } from './receivables-types';
import { canRequestPayment, RequestPaymentButton } from './request-payment';

const search = z.object({ dateFrom: listDay, dateTo: listDay });

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const amountOrBlank = (value: Decimal) => (value.isZero() ? '' : rupees(value));

/** The permission that opens the page an entry's number leads to. */
const LINK_PERMISSION: Record<string, string> = {
  INVOICE: 'view_invoice',
  CREDIT_NOTE: 'view_credit_debit_note',
  DEBIT_NOTE: 'view_credit_debit_note',
  RECEIPT: 'view_receipt',
};

function EntryRow({ entry, permissions }: { entry: StatementEntry; permissions: ReadonlySet<string> }) {
  const path = entryPath(entry);
  const needed = LINK_PERMISSION[entry.kind];
  const linked = path && needed && permissions.has(needed);
  return (
    <Table.Tr data-testid="statement-entry">
      <Table.Td style={NUMERIC}>{ddmmyyyy(entry.date)}</Table.Td>
      <Table.Td>{documentName(entry.kind)}</Table.Td>
      <Table.Td>
        {linked ? (
          <Anchor component={Link} to={path} size="sm">
            {entry.number}
          </Anchor>
        ) : (
          entry.number
        )}
      </Table.Td>
      <Table.Td>{entry.detail}</Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        {amountOrBlank(entry.debit)}
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        {amountOrBlank(entry.credit)}
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        {balanceText(entry.balance)}
      </Table.Td>
    </Table.Tr>
  );
}

function Party({ label, party }: { label: string; party: Statement['customer'] }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The statement as it prints. */
export function StatementSheet({
  statement,
  permissions,
}: {
  statement: Statement;
  permissions: ReadonlySet<string>;
}) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Stack gap={2} ta="center" role="group" aria-label="Letterhead">
          <Title order={3}>{statement.company.name}</Title>
          {statement.company.lines.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
        <Stack gap={0} ta="center">
          <Title order={4}>Statement of account</Title>
          <Text size="sm" data-testid="statement-period">
            {ddmmyyyy(statement.dateFrom)} to {ddmmyyyy(statement.dateTo)}
          </Text>
        </Stack>
        <SimpleGrid cols={2} spacing="md">
          <Party label="Customer" party={statement.customer} />
          <Stack gap={2} align="flex-end">
            <Text size="xs" c="dimmed">
              Closing balance
            </Text>
            <Text fw={700} size="lg" style={NUMERIC} data-testid="statement-closing">
              {balanceText(statement.closing)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={820}>
          <Table fz="sm" verticalSpacing={4} striped aria-label="Statement entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Document</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th ta="right">Debit</Table.Th>
                <Table.Th ta="right">Credit</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td style={NUMERIC}>{ddmmyyyy(statement.dateFrom)}</Table.Td>
                <Table.Td />
                <Table.Td />
                <Table.Td>Balance brought forward</Table.Td>
                <Table.Td />
                <Table.Td />
                <Table.Td ta="right" style={NUMERIC} data-testid="statement-opening">
                  {balanceText(statement.opening)}
                </Table.Td>
              </Table.Tr>
              {statement.entries.map((entry) => (
                <EntryRow key={`${entry.kind}-${entry.id}`} entry={entry} permissions={permissions} />
              ))}
              {statement.entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center">
                      No invoices, notes or receipts in this period.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4}>Total</Table.Th>
                <Table.Th ta="right" style={NUMERIC} data-testid="statement-debits">
                  {rupees(statement.debits)}
                </Table.Th>
                <Table.Th ta="right" style={NUMERIC} data-testid="statement-credits">
                  {rupees(statement.credits)}
                </Table.Th>
                <Table.Th ta="right" style={NUMERIC}>
                  {balanceText(statement.closing)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          Receipts are credited with the TDS deducted and the bank charges they settled. Dr: owed to us; Cr:
          held for you.
        </Text>
      </Stack>
    </Paper>
  );
}

/** One end of the period: the chosen date, or the service's default until one is chosen. */
function PeriodInput({
  label,
  chosen,
  shown,
  onChange,
  error,
}: {
  label: string;
  chosen: string | undefined;
  shown: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
}) {
  return (
    <DayInput
      aria-label={`Statement ${label.toLowerCase()}`}
      leftSection={
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      }
      leftSectionWidth={44}
      placeholder="DD/MM/YYYY"
      clearable={chosen !== undefined}
      w={190}
      value={chosen ?? shown ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      error={error}
    />
  );
}

export default function StatementPage() {
  const params = useParams({ strict: false });
  const customerId = typeof params.customerId === 'string' ? params.customerId : '';
  const permissions = usePermissions();
  const [period, update] = useListState(search);
  const query = useQuery(
    trpc.receipt.statement.queryOptions({ customerId, dateFrom: period.dateFrom, dateTo: period.dateTo }),
  );
  const statement = query.data;
  const fieldErrors = query.isError ? fieldErrorsOf(query.error) : {};
  const fieldError = fieldErrors.dateFrom ?? fieldErrors.dateTo;
  const canDownload = permissions?.has('download_print_receipt') ?? false;

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PrintStyles />
      <Stack gap="xs" data-print-hide>
        <Anchor component={Link} to="/operations/receivables" size="sm">
          ← Receivables
        </Anchor>
        <Title order={2}>
          {statement ? `Statement of ${statement.customer.name}` : 'Statement of account'}
        </Title>
        {/* Aligned at the top: a date's problem shows under it without moving the rest. */}
        <Group gap="sm" align="flex-start">
          <PeriodInput
            label="From"
            chosen={period.dateFrom}
            shown={statement?.dateFrom}
            onChange={(dateFrom) => update({ dateFrom })}
            error={fieldErrors.dateFrom}
          />
          <PeriodInput
            label="To"
            chosen={period.dateTo}
            shown={statement?.dateTo}
            onChange={(dateTo) => update({ dateTo })}
            error={fieldErrors.dateTo}
          />
          {statement ? (
            <>
              <Button variant="default" onClick={() => window.print()}>
                Print
              </Button>
              {canDownload ? (
                <Button
                  component="a"
                  href={statementPdfUrl(customerId, { from: statement.dateFrom, to: statement.dateTo }, true)}
                >
                  Download PDF
                </Button>
              ) : null}
              {canRequestPayment(permissions) ? (
                <RequestPaymentButton
                  size="sm"
                  customerId={customerId}
                  what={`a request for all ${statement.customer.name} owes`}
                />
              ) : null}
            </>
          ) : null}
        </Group>
      </Stack>
      {query.isError && !fieldError ? (
        <Alert color="red" title="This statement could not be opened">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {statement && permissions ? <StatementSheet statement={statement} permissions={permissions} /> : null}
    </Stack>
  );
}
