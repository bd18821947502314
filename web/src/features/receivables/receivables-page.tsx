// /operations/receivables: what each customer owes, aged by invoice date or due date (kept in the URL),
// what it holds unapplied and the net of the two, with the total of them all; each customer opens its
// statement of account.
import { idSchema } from '@fleet/domain/inputs';
import { Alert, Anchor, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { ClearFiltersButton, MasterFilterInput } from '../common/list/list-filters';
import { useListState } from '../common/list/list-state';
import { PageHeader } from '../common/list/page-header';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { AGEING_COLUMNS, type DateBasis, netOwed, signedRupees, statementPath } from './receivables-format';
import type { CustomerOutstanding } from './receivables-types';
import { canRequestPayment, RequestPaymentButton } from './request-payment';

const BASES = ['INVOICE_DATE', 'DUE_DATE'] as const satisfies readonly DateBasis[];

const search = z.object({
  basis: z.enum(BASES).catch('INVOICE_DATE').default('INVOICE_DATE'),
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
});

/** The service lists at most this many customers, those owing most first. */
const MOST_LISTED = 2000;

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Amount({ value, testId, strong }: { value: Decimal; testId?: string; strong?: boolean }) {
  return (
    <Table.Td ta="right" style={NUMERIC} data-testid={testId}>
      {value.isZero() ? (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Text span size="sm" fw={strong ? 600 : undefined}>
          {rupees(value)}
        </Text>
      )}
    </Table.Td>
  );
}

/** A row's figures after its first cell: the same for a customer and for the total. */
function Figures({ row, strong }: { row: CustomerOutstanding; strong?: boolean }) {
  const net = netOwed(row);
  return (
    <>
      <Table.Td ta="right" style={NUMERIC}>
        {row.openInvoices}
      </Table.Td>
      {AGEING_COLUMNS.map((column) => (
        <Amount key={column.key} value={row[column.key]} strong={strong} />
      ))}
      <Table.Td ta="right" style={NUMERIC} data-testid="outstanding">
        <Text span size="sm" fw={600}>
          {rupees(row.outstanding)}
        </Text>
      </Table.Td>
      <Amount value={row.unapplied} testId="unapplied" strong={strong} />
      <Table.Td ta="right" style={NUMERIC} data-testid="net">
        <Text span size="sm" fw={600} c={net.isNegative() && !net.isZero() ? 'teal.8' : undefined}>
          {signedRupees(net)}
        </Text>
      </Table.Td>
    </>
  );
}

function Header({ children }: { children: ReactNode }) {
  return (
    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Table.Th>
  );
}

export default function ReceivablesPage() {
  const permissions = usePermissions();
  const [state, update] = useListState(search);
  const query = useQuery(
    trpc.receipt.outstanding.queryOptions({
      basis: state.basis,
      customerIds: state.customerIds.length ? state.customerIds : undefined,
    }),
  );
  const narrowed = state.customerIds.length > 0;
  const clear = () => update({ customerIds: [] });
  const data = query.data;

  return (
    <Stack gap="sm">
      <PageHeader title="Receivables" />
      <Group gap="sm" align="end" wrap="wrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id="receivables-basis">
            Age by
          </Text>
          <SegmentedControl
            aria-labelledby="receivables-basis"
            value={state.basis}
            onChange={(value) => update({ basis: search.shape.basis.parse(value) })}
            data={[
              { value: 'INVOICE_DATE', label: 'Invoice date' },
              { value: 'DUE_DATE', label: 'Due date' },
            ]}
          />
        </Stack>
        <MasterFilterInput
          target="customer"
          label="Customers"
          permissions={permissions}
          value={state.customerIds}
          onChange={(value) => update({ customerIds: value })}
          w={300}
        />
        <ClearFiltersButton active={narrowed} onClear={clear} />
        {data ? (
          <Text size="sm" c="dimmed" ml="auto">
            Aged to {ddmmyyyy(data.asOf)}, by {state.basis === 'DUE_DATE' ? 'due date' : 'invoice date'}
          </Text>
        ) : null}
      </Group>
      {query.isError ? (
        <Alert color="red" title="What customers owe could not be loaded" data-testid="list-error">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {data && data.customers.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {narrowed ? (
            <>
              None of these customers owes anything or holds money.{' '}
              <Anchor component="button" onClick={clear}>
                Clear the filter.
              </Anchor>
            </>
          ) : (
            'No customer owes anything or holds money: every approved invoice is settled.'
          )}
        </Text>
      ) : null}
      {data && data.customers.length > 0 ? (
        <Table.ScrollContainer minWidth={1100} maxHeight="calc(100vh - 230px)">
          <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm" aria-label="Receivables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Header>Open invoices</Header>
                {AGEING_COLUMNS.map((column) => (
                  <Header key={column.key}>{column.label}</Header>
                ))}
                <Header>Outstanding</Header>
                <Header>Unapplied</Header>
                <Header>Net</Header>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.customers.map((row) => (
                <Table.Tr key={row.customerId} data-testid="receivable-row">
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor
                        component={Link}
                        to={statementPath(row.customerId)}
                        size="sm"
                        title="Open the statement of account"
                      >
                        {row.customerName || 'Unnamed customer'}
                      </Anchor>
                      {row.oldestInvoiceDate ? (
                        <Text size="xs" c="dimmed">
                          Oldest open invoice {ddmmyyyy(row.oldestInvoiceDate)}
                        </Text>
                      ) : null}
                      {canRequestPayment(permissions) && row.outstanding.greaterThan(0) ? (
                        <Group mt={4}>
                          <RequestPaymentButton
                            customerId={row.customerId}
                            what={`a request for all ${row.customerName || 'the customer'} owes`}
                          />
                        </Group>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Figures row={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr
                data-testid="receivables-total"
                style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}
              >
                <Table.Th style={{ whiteSpace: 'nowrap' }}>
                  Total · {data.customers.length} {data.customers.length === 1 ? 'customer' : 'customers'}
                </Table.Th>
                <Figures row={data.total} strong />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data && data.customers.length >= MOST_LISTED ? (
        <Text size="sm" c="dimmed">
          Only the {MOST_LISTED.toLocaleString('en-IN')} customers owing most are listed, and the total is
          theirs. Choose customers above to see others.
        </Text>
      ) : null}
    </Stack>
  );
}
