// /operations/billing/$id/download: the invoice laid out for printing, with a Print button and the PDF
// to download. The shell does not poll the duty counts here (spec §2; lib/paths.ts).
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage, trpc } from '../../lib/trpc';
import { invoicePdfUrl } from './invoice-documents';
import { invoiceNumberText } from './invoice-format';
import { InvoiceSheet } from './invoice-page';
import { PrintStyles } from './print-styles';

export default function InvoicePrintPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.invoice.get.queryOptions({ id }));
  if (query.isError) {
    return (
      <Alert color="red" title="This invoice could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const invoice = query.data?.invoice;
  if (!invoice) return null;
  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PrintStyles />
      <Group justify="space-between" data-print-hide>
        <Anchor component={Link} to={`/operations/billing/${id}`} size="sm">
          ← Back to the invoice
        </Anchor>
        <Group gap="xs">
          <Button size="xs" variant="default" component="a" href={invoicePdfUrl(id, 'invoice', true)}>
            Download PDF
          </Button>
          <Button size="xs" onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>
      <Title order={2} ta="center">
        {invoice.title || 'Tax Invoice'}
      </Title>
      <Title order={4} ta="center" c="dimmed">
        {invoiceNumberText(invoice)}
      </Title>
      <InvoiceSheet invoice={invoice} />
    </Stack>
  );
}
