// /operations/billing/$id/edit: a draft's dates, notes, rows and duties.
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';
import { InvoiceForm } from './invoice-form';
import { invoiceNumberText } from './invoice-format';
import { rowsFromInvoice } from './invoice-rows';
import { useTaxChoices } from './invoice-rows-editor';

export default function EditInvoicePage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.invoice.get.queryOptions({ id }));
  const taxes = useTaxChoices();
  const permissions = usePermissions();
  if (query.isError) {
    return (
      <Alert color="red" title="This invoice could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const view = query.data;
  if (!view || !permissions || !taxes.ready) return null;
  const { invoice } = view;
  if (invoice.status !== 'DRAFT') {
    return (
      <Alert color="orange" title={`Invoice ${invoiceNumberText(invoice)} cannot be edited`}>
        Only a draft is edited; an approved invoice is cancelled or moved to another company instead.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <PageHeader title={`Edit invoice ${invoiceNumberText(invoice)}`} />
      <InvoiceForm
        key={invoice.version}
        invoice={invoice}
        canAddDuties={permissions.has('create_invoice')}
        initial={{
          customerId: invoice.customerId,
          companyId: invoice.companyId,
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate,
          notes: invoice.notes,
          rows: rowsFromInvoice(invoice.lines, invoice.placeOfSupply.carHireRate, taxes.choices),
          duties: view.duties,
        }}
      />
    </Stack>
  );
}
