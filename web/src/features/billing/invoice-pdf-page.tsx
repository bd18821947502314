// /operations/billing/$id/download/duty-slip and …/duty-summary: the invoice's duty slips or duty
// summary as the PDF billing renders, shown in the page, with links to open or download it.
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { type InvoiceDocument, invoicePdfUrl } from './invoice-documents';

const TITLES: Record<Exclude<InvoiceDocument, 'invoice'>, string> = {
  'duty-slips': 'Duty slips',
  'duty-summary': 'Duty summary',
};

export default function InvoicePdfPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const path = useRouterState({ select: (s) => s.location.pathname });
  const document: Exclude<InvoiceDocument, 'invoice'> = path.endsWith('/duty-summary')
    ? 'duty-summary'
    : 'duty-slips';
  const url = invoicePdfUrl(id, document);
  return (
    <Stack gap="sm" h="calc(100vh - 100px)">
      <Group justify="space-between">
        <Group gap="sm">
          <Anchor component={Link} to={`/operations/billing/${id}`} size="sm">
            ← Back to the invoice
          </Anchor>
          <Title order={3}>{TITLES[document]}</Title>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" component="a" href={url} target="_blank" rel="noopener">
            Open in a new tab
          </Button>
          <Button size="xs" component="a" href={invoicePdfUrl(id, document, true)}>
            Download PDF
          </Button>
        </Group>
      </Group>
      <iframe
        title={TITLES[document]}
        src={url}
        style={{ flex: 1, width: '100%', border: '1px solid #dee2e6' }}
      />
    </Stack>
  );
}
