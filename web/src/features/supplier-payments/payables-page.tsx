// /operations/purchases/payables: what the operator owes each supplier, aged by invoice date or due date
// (kept in the URL), the advances it holds and the net of the two, with the total of them all; each
// supplier opens its payments.
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
import { AGEING_COLUMNS, signedRupees } from '../receivables/receivables-format';
import type { SupplierOutstanding } from './supplier-payment-types';

const search = z.object({
  basis: z.enum(['INVOICE_DATE', 'DUE_DATE']).catch('INVOICE_DATE').default('INVOICE_DATE'),
  supplierIds: z.array(idSchema).max(100).catch([]).default([]),
});

/** The service lists at most this many suppliers, those owed most first. */
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

/** A row's figures after its first cell: the same for a supplier and for the total. */
function Figures({ row, strong }: { row: SupplierOutstanding; strong?: boolean }) {
  const net = row.outstanding.minus(row.advances);
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
      <Amount value={row.advances} testId="advances" strong={strong} />
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

const paymentsOf = (supplierId: string) =>
  `/operations/purchases/payments?supplierIds=${encodeURIComponent(JSON.stringify([supplierId]))}&cancelled=shown`;

export default function PayablesPage() {
  const permissions = usePermissions();
  const [state, update] = useListState(search);
  const query = useQuery(
    trpc.supplierPayment.outstanding.queryOptions({
      basis: state.basis,
      supplierIds: state.supplierIds.length ? state.supplierIds : undefined,
    }),
  );
  const narrowed = state.supplierIds.length > 0;
  const clear = () => update({ supplierIds: [] });
  const data = query.data;

  return (
    <Stack gap="sm">
      <PageHeader title="Payables" />
      <Group gap="sm" align="end" wrap="wrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id="payables-basis">
            Age by
          </Text>
          <SegmentedControl
            aria-labelledby="payables-basis"
            value={state.basis}
            onChange={(value) => update({ basis: search.shape.basis.parse(value) })}
            data={[
              { value: 'INVOICE_DATE', label: 'Invoice date' },
              { value: 'DUE_DATE', label: 'Due date' },
            ]}
          />
        </Stack>
        <MasterFilterInput
          target="supplier"
          label="Suppliers"
          permissions={permissions}
          value={state.supplierIds}
          onChange={(value) => update({ supplierIds: value })}
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
        <Alert color="red" title="What suppliers are owed could not be loaded" data-testid="list-error">
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {data && data.suppliers.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {narrowed ? (
            <>
              None of these suppliers is owed anything or holds an advance.{' '}
              <Anchor component="button" onClick={clear}>
                Clear the filter.
              </Anchor>
            </>
          ) : (
            'No supplier is owed anything or holds an advance: every approved purchase invoice is paid.'
          )}
        </Text>
      ) : null}
      {data && data.suppliers.length > 0 ? (
        <Table.ScrollContainer minWidth={1100} maxHeight="calc(100vh - 230px)">
          <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm" aria-label="Payables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supplier</Table.Th>
                <Header>Open invoices</Header>
                {AGEING_COLUMNS.map((column) => (
                  <Header key={column.key}>{column.label}</Header>
                ))}
                <Header>Outstanding</Header>
                <Header>Advances</Header>
                <Header>Net</Header>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.suppliers.map((row) => (
                <Table.Tr key={row.supplierId} data-testid="payable-row">
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor
                        component={Link}
                        to={paymentsOf(row.supplierId)}
                        size="sm"
                        title="Open its payments"
                      >
                        {row.supplierName || 'Unnamed supplier'}
                      </Anchor>
                      {row.oldestInvoiceDate ? (
                        <Text size="xs" c="dimmed">
                          Oldest open invoice {ddmmyyyy(row.oldestInvoiceDate)}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Figures row={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr
                data-testid="payables-total"
                style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}
              >
                <Table.Th style={{ whiteSpace: 'nowrap' }}>
                  Total · {data.suppliers.length} {data.suppliers.length === 1 ? 'supplier' : 'suppliers'}
                </Table.Th>
                <Figures row={data.total} strong />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data && data.suppliers.length >= MOST_LISTED ? (
        <Text size="sm" c="dimmed">
          Only the {MOST_LISTED.toLocaleString('en-IN')} suppliers owed most are listed, and the total is
          theirs. Choose suppliers above to see others.
        </Text>
      ) : null}
    </Stack>
  );
}
