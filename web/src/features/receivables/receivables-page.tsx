// /operations/receivables: what each customer owes, aged by invoice date or due date (kept in the URL),
// what it holds unapplied and the net of the two, with the total of them all; each customer opens its
// statement of account.
import { idSchema } from '@fleet/domain/inputs';
import { Anchor, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { MasterFilterInput, mayListMaster } from '../common/list/list-filters';
import { useListState } from '../common/list/list-state';
import { useRefOptions } from '../masters/master-fields';
import { AgeingReport, ageingBasis } from './ageing-report';
import { statementPath } from './receivables-format';
import { canRequestPayment, RequestPaymentButton } from './request-payment';

const search = z.object({
  basis: ageingBasis,
  customerIds: z.array(idSchema).max(100).catch([]).default([]),
});

const WORDS = {
  title: 'Receivables',
  party: 'customer',
  parties: 'customers',
  held: 'Unapplied',
  failed: 'What customers owe could not be loaded',
  noneOfThese: 'None of these customers owes anything or holds money.',
  none: 'No customer owes anything or holds money: every approved invoice is settled.',
  mostListed: 'customers owing most',
};

const NONE_CHOSEN: string[] = [];

/** Opens any customer's statement, one owing nothing (and so not listed here) too. */
function StatementPicker() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions('customer', NONE_CHOSEN, debounced);
  return (
    <Select
      aria-label="Statement of a customer"
      placeholder="Statement of a customer…"
      searchable
      data={options}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(customerId) => {
        if (customerId) void navigate({ to: statementPath(customerId) });
      }}
      nothingFoundMessage="Nothing matches"
      w={260}
    />
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
  const data = query.data;
  return (
    <AgeingReport
      words={WORDS}
      basis={state.basis}
      onBasis={(basis) => update({ basis })}
      filter={
        <>
          <MasterFilterInput
            target="customer"
            label="Customers"
            permissions={permissions}
            value={state.customerIds}
            onChange={(value) => update({ customerIds: value })}
            w={300}
          />
          {mayListMaster('customer', permissions) ? <StatementPicker /> : null}
        </>
      }
      narrowed={state.customerIds.length > 0}
      clear={() => update({ customerIds: [] })}
      report={data ? { rows: data.customers, total: data.total, asOf: data.asOf } : undefined}
      error={query.isError ? errorMessage(query.error) : undefined}
      heldOf={(row) => row.unapplied}
      rowKey={(row) => row.customerId}
      rowTestId="receivable-row"
      party={(row) => (
        <Anchor
          component={Link}
          to={statementPath(row.customerId)}
          size="sm"
          title="Open the statement of account"
        >
          {row.customerName || 'Unnamed customer'}
        </Anchor>
      )}
      actions={(row) =>
        canRequestPayment(permissions) && row.outstanding.greaterThan(0) ? (
          <Group mt={4}>
            <RequestPaymentButton
              customerId={row.customerId}
              what={`a request for all ${row.customerName || 'the customer'} owes`}
            />
          </Group>
        ) : null
      }
    />
  );
}
