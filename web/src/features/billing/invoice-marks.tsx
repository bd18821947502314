import { Badge, Group } from '@mantine/core';
import { invoiceMarks } from './invoice-format';
import type { InvoiceRow } from './invoice-types';

/** An invoice's status badge, with Dispatched and Downloaded beside it when they apply. */
export function InvoiceMarks({
  invoice,
  size = 'sm',
}: {
  invoice: Pick<InvoiceRow, 'status' | 'isDispatched' | 'isDownloaded'>;
  size?: 'sm' | 'lg';
}) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="invoice-marks">
      {invoiceMarks(invoice).map((mark) => (
        <Badge key={mark.label} size={size} color={mark.color} variant="light">
          {mark.label}
        </Badge>
      ))}
    </Group>
  );
}
