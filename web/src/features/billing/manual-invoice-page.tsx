// /operations/billing/manual: an invoice of typed rows only, for a customer, drafted for approval.
import { Stack } from '@mantine/core';
import { PageHeader } from '../common/list/page-header';
import { InvoiceForm } from './invoice-form';
import { blankRow } from './invoice-rows';

export default function ManualInvoicePage() {
  return (
    <Stack gap="sm">
      <PageHeader title="Manual invoice" />
      <InvoiceForm
        canAddDuties={false}
        initial={{
          customerId: '',
          companyId: '',
          invoiceDate: '',
          dueDate: '',
          notes: '',
          rows: [blankRow()],
          duties: [],
        }}
      />
    </Stack>
  );
}
