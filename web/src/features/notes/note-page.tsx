// /operations/notes/$id: a credit or debit note — its invoice and customer, why it was made, the value
// before GST with each GST component, the round-off and the total — and "Cancel note" with a reason for
// whoever may cancel notes.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { ReasonDialog } from '../common/reason-dialog';
import { dateTimeText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { statementPath } from '../receivables/receivables-format';
import { noteTypeMark, noteTypeName, offeredNoteActions, taxLabel } from './note-format';
import type { Note } from './note-types';

/** The note's PDF (download_print_credit_debit_note): opened in the browser to print, or downloaded. */
const notePdfUrl = (id: string, download = false) =>
  `/api/notes/${encodeURIComponent(id)}.pdf${download ? '?download=1' : ''}`;

const _NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Everything read about notes, and what they move (invoices, what customers owe, statements), is read again. */
export function useRefreshAfterNotes() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.note.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.receipt.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.invoice.pathKey() });
  };
}

/** A note's figures: the value before GST, each GST component, the round-off, the total. */
export function NoteFigures({
  figures,
  label = 'Note figures',
  totalTestId,
}: {
  figures: Pick<Note, 'taxableValue' | 'taxes' | 'roundOff' | 'total'>;
  label?: string;
  totalTestId?: string;
}) {
  const roundOff = figures.roundOff.isNegative()
    ? `− ${rupees(figures.roundOff.abs())}`
    : rupees(figures.roundOff);
  return (
    <Table fz="sm" verticalSpacing={2} aria-label={label}>
      <Table.Tbody>
        <FigureRow label="Value before GST" value={rupees(figures.taxableValue)} />
        {figures.taxes.map((tax) => (
          <FigureRow
            key={`${tax.kind}-${tax.rate.toFixed()}`}
            label={taxLabel(tax)}
            value={rupees(tax.amount)}
          />
        ))}
        {figures.roundOff.isZero() ? null : <FigureRow label="Round off" value={roundOff} />}
        <FigureRow label="Total" value={rupees(figures.total)} strong testId={totalTestId} />
      </Table.Tbody>
    </Table>
  );
}

function CancelDialog({ note, onClose }: { note: Note; onClose: () => void }) {
  const refresh = useRefreshAfterNotes();
  return (
    <ReasonDialog
      title={`Cancel ${noteTypeName(note.type).toLowerCase()} ${note.noteNo}`}
      formLabel="Cancel note form"
      keptWith="the note"
      confirmLabel="Cancel note"
      explanation={`The note keeps its number, marked cancelled, and invoice ${note.invoiceNo} asks what it asked before the note.`}
      submit={(reason) => trpcClient.note.cancel.mutate({ id: note.id, reason })}
      onDone={(cancelled) => showToast(`${noteTypeName(cancelled.type)} ${cancelled.noteNo} is cancelled.`)}
      onSettled={refresh}
      onClose={onClose}
    />
  );
}

export default function NotePage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.note.get.queryOptions({ id }));
  const permissions = usePermissions();
  const [cancelling, setCancelling] = useState(false);
  if (query.isError) {
    return (
      <Alert color="red" title="This note could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const note = query.data;
  if (!note || !permissions) return null;
  const offered = offeredNoteActions(note, permissions);
  const mark = noteTypeMark(note.type);
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/operations/notes" size="sm">
        ← Credit & Debit Notes
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            {noteTypeName(note.type)} {note.noteNo}
          </Title>
          <Badge size="lg" variant="light" color={mark.color}>
            {mark.label}
          </Badge>
          {note.isCancelled ? (
            <Badge size="lg" variant="light" color="red" data-testid="note-cancelled">
              Cancelled
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {permissions.has('download_print_credit_debit_note') ? (
            <>
              <Button variant="default" component="a" href={notePdfUrl(note.id)} target="_blank">
                Print
              </Button>
              <Button variant="default" component="a" href={notePdfUrl(note.id, true)}>
                Download PDF
              </Button>
            </>
          ) : null}
          {offered.cancel ? (
            <Button color="red" variant="light" onClick={() => setCancelling(true)}>
              Cancel note
            </Button>
          ) : null}
        </Group>
      </Group>
      {note.isCancelled && note.cancellationReason ? (
        <Alert color="red" title="Cancelled">
          {note.cancellationReason}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Note date">{ddmmyyyy(note.noteDate)}</Fact>
            <Fact label="Invoice">
              {permissions.has('view_invoice') ? (
                <Anchor component={Link} to={`/operations/billing/${note.invoiceId}`} size="sm">
                  {note.invoiceNo}
                </Anchor>
              ) : (
                note.invoiceNo
              )}
            </Fact>
            <Fact label="Customer">
              {permissions.has('view_receipt') ? (
                <Anchor component={Link} to={statementPath(note.customerId)} size="sm">
                  {note.customerName}
                </Anchor>
              ) : (
                note.customerName
              )}
            </Fact>
            <Fact label="Made">{dateTimeText(note.createdAt)}</Fact>
          </SimpleGrid>
          <Fact label="Reason">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {note.reason}
            </Text>
          </Fact>
          <Group justify="flex-end">
            <div style={{ minWidth: 360 }}>
              <NoteFigures figures={note} totalTestId="note-total" />
            </div>
          </Group>
          <Text size="xs" c="dimmed">
            {note.isCancelled
              ? `Cancelled: invoice ${note.invoiceNo} asks what it asked before this note.`
              : `${note.type === 'CREDIT' ? 'Lowers' : 'Raises'} what invoice ${note.invoiceNo} asks by ${rupees(note.total)}.`}{' '}
            GST is charged as on the invoice.
          </Text>
        </Stack>
      </Paper>
      {cancelling ? <CancelDialog note={note} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}
