// /operations/purchases/payables: what the operator owes each supplier, aged by invoice date or due date
// (kept in the URL), the advances it holds and the net of the two, with the total of them all; each
// supplier opens its payments.
import { idSchema } from '@fleet/domain/inputs';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { MasterFilterInput } from '../common/list/list-filters';
import { useListState } from '../common/list/list-state';
import { AgeingReport, ageingBasis } from '../receivables/ageing-report';

const search = z.object({
  basis: ageingBasis,
  supplierIds: z.array(idSchema).max(100).catch([]).default([]),
});

const WORDS = {
  title: 'Payables',
  party: 'supplier',
  parties: 'suppliers',
  held: 'Advances',
  failed: 'What suppliers are owed could not be loaded',
  noneOfThese: 'None of these suppliers is owed anything or holds an advance.',
  none: 'No supplier is owed anything or holds an advance: every approved purchase invoice is paid.',
  mostListed: 'suppliers owed most',
};

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
  const data = query.data;
  return (
    <AgeingReport
      words={WORDS}
      basis={state.basis}
      onBasis={(basis) => update({ basis })}
      filter={
        <MasterFilterInput
          target="supplier"
          label="Suppliers"
          permissions={permissions}
          value={state.supplierIds}
          onChange={(value) => update({ supplierIds: value })}
          w={300}
        />
      }
      narrowed={state.supplierIds.length > 0}
      clear={() => update({ supplierIds: [] })}
      report={data ? { rows: data.suppliers, total: data.total, asOf: data.asOf } : undefined}
      error={query.isError ? errorMessage(query.error) : undefined}
      heldOf={(row) => row.advances}
      rowKey={(row) => row.supplierId}
      rowTestId="payable-row"
      party={(row) => (
        <Anchor component={Link} to={paymentsOf(row.supplierId)} size="sm" title="Open its payments">
          {row.supplierName || 'Unnamed supplier'}
        </Anchor>
      )}
    />
  );
}
