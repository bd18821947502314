// /operations/purchases/invoices/$id/edit: a draft purchase invoice changed — its duties (its own offered
// with the supplier's free ones), rows, number, dates, discount, TDS and notes; not its supplier.
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { errorMessage, trpc } from '../../lib/trpc';
import { PurchaseInvoiceForm } from './new-purchase-invoice-page';

export default function EditPurchaseInvoicePage() {
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
  if (query.data.status !== 'DRAFT') {
    return (
      <Alert color="yellow" title={`Purchase invoice ${query.data.purchaseNo} is not a draft`}>
        Only a draft changes; cancel it and record the supplier's invoice again.
      </Alert>
    );
  }
  return <PurchaseInvoiceForm existing={query.data} />;
}
