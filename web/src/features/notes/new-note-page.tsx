// /operations/notes/new: a credit note (lowers what an approved invoice asks, at most what it still asks)
// or a debit note (raises it). The invoice comes from `?invoiceId=` (an invoice's page links here) or is
// picked by its number among the approved ones; the value is typed before GST and the form shows what
// the note comes to with the invoice's own GST. Problems are named at their fields, before sending and
// from the service; once made, the note's page opens.
import { idSchema } from '@fleet/domain/inputs';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { z } from 'zod';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { DayInput } from '../common/form/day-input';
import { rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import {
  amountOf,
  type ChosenInvoice,
  NOTE_TYPES,
  type NoteFormValues,
  noteFigures,
  noteProblems,
  noteTypeName,
} from './note-format';
import { NoteFigures, useRefreshAfterNotes } from './note-page';
import type { NoteInput } from './note-types';

const search = z.object({
  invoiceId: idSchema.optional().catch(undefined),
  type: z.enum(NOTE_TYPES).optional().catch(undefined),
});

type Errors = Partial<Record<keyof NoteFormValues | 'form', string>>;
const FIELDS = [
  'type',
  'invoiceId',
  'noteDate',
  'taxableAmount',
  'reason',
] as const satisfies readonly (keyof NoteFormValues)[];

/** Approved invoices found by the beginning of their number or buyer, to choose one. */
function InvoicePicker({ onPick, error }: { onPick: (id: string) => void; error?: string }) {
  const [typed, setTyped] = useState('');
  const [searched] = useDebouncedValue(typed.trim(), 250);
  const found = useQuery(
    trpc.invoice.list.queryOptions({
      search: searched || undefined,
      statuses: ['APPROVED'],
      sortBy: 'created_at',
      order: 'desc',
      limit: 20,
    }),
  );
  // The service finds them by the beginning of the number or the buyer; the list on screen is filtered
  // by what is typed too, so that what an earlier search found is never offered for a later one.
  const options = (found.data?.invoices ?? []).map((invoice) => ({
    value: invoice.id,
    label: `${invoice.invoiceNo} · ${invoice.buyerName} · ${rupees(invoice.total)}`,
  }));
  return (
    <Select
      label="Invoice"
      description="Type the invoice number or the buyer's name; approved invoices only"
      placeholder="e.g. INV/26-27/0042"
      withAsterisk
      searchable
      data={options}
      value={null}
      searchValue={typed}
      onSearchChange={setTyped}
      onChange={(id) => {
        if (id) onPick(id);
      }}
      nothingFoundMessage={found.isFetching ? 'Looking…' : 'No approved invoice matches'}
      error={error ?? (found.isError ? errorMessage(found.error) : undefined)}
    />
  );
}

function NoteForm({
  initialInvoiceId,
  initialType,
}: {
  initialInvoiceId?: string;
  initialType?: NoteInput['type'];
}) {
  const permissions = usePermissions() ?? new Set<string>();
  const mayViewInvoices = permissions.has('view_invoice');
  const mayViewReceipts = permissions.has('view_receipt');
  const navigate = useNavigate();
  const refresh = useRefreshAfterNotes();
  const [values, setValues] = useState<NoteFormValues>({
    type: initialType ?? 'CREDIT',
    invoiceId: initialInvoiceId ?? '',
    noteDate: '',
    taxableAmount: '',
    reason: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<NoteFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // What is changed no longer has the problem it was shown with.
    setErrors((e) => {
      const next: Errors = { ...e, form: undefined };
      for (const field of FIELDS) if (field in patch) next[field] = undefined;
      return next;
    });
  };

  const invoiceId = values.invoiceId;
  const invoiceQuery = useQuery(
    trpc.invoice.get.queryOptions({ id: invoiceId }, { enabled: !!invoiceId && mayViewInvoices }),
  );
  const openQuery = useQuery(
    trpc.receipt.openInvoices.queryOptions(
      { invoiceIds: [invoiceId] },
      { enabled: !!invoiceId && mayViewReceipts },
    ),
  );
  const invoice = invoiceQuery.data?.invoice;
  const open = openQuery.data?.invoices.find((i) => i.invoiceId === invoiceId);
  // Who the invoice bills, for one who may see what customers owe but not the invoice itself.
  const customerQuery = useQuery(
    trpc.receipt.outstanding.queryOptions(
      { customerIds: open ? [open.customerId] : [] },
      { enabled: !!open && !mayViewInvoices },
    ),
  );
  const customerName =
    invoice?.buyer.name ??
    customerQuery.data?.customers.find((c) => c.customerId === open?.customerId)?.customerName;
  const invoiceNo = invoice?.invoiceNo || open?.invoiceNo || '';
  // An invoice missing from the open ones asks nothing more: it is settled (or not approved).
  const stillAsks = openQuery.isSuccess ? (open?.outstanding ?? new Decimal(0)) : undefined;
  const chosen: ChosenInvoice | undefined = invoiceId
    ? { invoiceNo, invoiceDate: invoice?.invoiceDate ?? open?.invoiceDate, outstanding: stillAsks }
    : undefined;
  const notApproved = invoice && invoice.status !== 'APPROVED';

  const amount = amountOf(values.taxableAmount);
  const figures = invoice && 'value' in amount ? noteFigures(invoice.placeOfSupply, amount.value) : undefined;

  const make = useMutation({
    mutationFn: (input: NoteInput) => trpcClient.note.create.mutate(input),
    onSuccess: (note) => {
      showToast(`${noteTypeName(note.type)} ${note.noteNo} is made: ${rupees(note.total)}.`);
      refresh();
      void navigate({ to: `/operations/notes/${note.id}` });
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      const known: Errors = {};
      for (const field of FIELDS) if (fields[field]) known[field] = fields[field];
      setErrors(Object.keys(known).length ? known : { form: errorMessage(failure) });
    },
  });

  const submit = () => {
    const found: Errors = noteProblems(values, chosen, figures?.total);
    if (notApproved && invoice)
      found.invoiceId = `Invoice ${invoice.invoiceNo || '(a draft)'} is not approved: notes change approved invoices only.`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !('text' in amount)) return;
    make.mutate({
      type: values.type,
      invoiceId: values.invoiceId,
      noteDate: values.noteDate || undefined,
      taxableAmount: amount.text,
      reason: values.reason.trim(),
    });
  };

  const typeWord = values.type === 'CREDIT' ? 'credit' : 'debit';
  return (
    <form
      aria-label="Note form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="note-type">
                Type
              </Text>
              <SegmentedControl
                aria-labelledby="note-type"
                w={280}
                value={values.type}
                onChange={(value) => set({ type: NOTE_TYPES.find((t) => t === value) ?? 'CREDIT' })}
                data={[
                  { value: 'CREDIT', label: 'Credit note' },
                  { value: 'DEBIT', label: 'Debit note' },
                ]}
              />
              <Text size="xs" c="dimmed">
                {values.type === 'CREDIT'
                  ? 'Lowers what the invoice asks — at most what it still asks.'
                  : 'Raises what the invoice asks.'}
              </Text>
            </Stack>
            {invoiceId ? (
              <Stack gap={4} role="group" aria-label="Invoice">
                <Group justify="space-between" align="flex-start">
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ flex: 1 }}>
                    <Fact label="Invoice">
                      {invoiceNo && mayViewInvoices ? (
                        <Anchor component={Link} to={`/operations/billing/${invoiceId}`} size="sm">
                          {invoiceNo}
                        </Anchor>
                      ) : (
                        invoiceNo
                      )}
                    </Fact>
                    <Fact label="Customer">{customerName}</Fact>
                    <Fact label="Invoice date">
                      {chosen?.invoiceDate ? ddmmyyyy(chosen.invoiceDate) : ''}
                    </Fact>
                    {stillAsks !== undefined ? (
                      <Fact label="Still asks">
                        <span data-testid="invoice-still-asks">{rupees(stillAsks)}</span>
                      </Fact>
                    ) : invoice ? (
                      <Fact label="Invoice total">{rupees(invoice.totals.total)}</Fact>
                    ) : null}
                  </SimpleGrid>
                  {mayViewInvoices ? (
                    <Button variant="subtle" size="xs" onClick={() => set({ invoiceId: '' })}>
                      Choose another invoice
                    </Button>
                  ) : null}
                </Group>
                {invoiceQuery.isError || openQuery.isError ? (
                  <Text size="sm" c="red" role="alert">
                    {errorMessage(invoiceQuery.error ?? openQuery.error)}
                  </Text>
                ) : null}
                {errors.invoiceId ? (
                  <Text size="sm" c="red" role="alert">
                    {errors.invoiceId}
                  </Text>
                ) : notApproved ? (
                  <Text size="sm" c="red" role="alert">
                    This invoice is not approved: notes change approved invoices only.
                  </Text>
                ) : null}
              </Stack>
            ) : mayViewInvoices ? (
              <InvoicePicker onPick={(id) => set({ invoiceId: id })} error={errors.invoiceId} />
            ) : (
              <Alert color="orange" title="Open this from the invoice">
                Choosing an invoice here needs the permission to see invoices. Follow the link to make a note
                from the invoice instead, or ask your administrator.
              </Alert>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DayInput
                label="Note date"
                description="Today when left empty; on or after the invoice's date"
                placeholder="DD/MM/YYYY"
                clearable
                value={values.noteDate || null}
                onChange={(v) => set({ noteDate: v ?? '' })}
                error={errors.noteDate}
              />
              <TextInput
                label="Value before GST"
                description="The invoice's GST is added; the total rounded to the rupee"
                withAsterisk
                inputMode="decimal"
                leftSection="₹"
                placeholder="1000.00"
                value={values.taxableAmount}
                onChange={(e) => set({ taxableAmount: e.currentTarget.value })}
                error={errors.taxableAmount}
                styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
              />
            </SimpleGrid>
            <Textarea
              label="Reason"
              description="Printed on the note and kept with the invoice's history"
              withAsterisk
              value={values.reason}
              onChange={(e) => set({ reason: e.currentTarget.value })}
              error={errors.reason}
              maxLength={500}
              autosize
              minRows={2}
            />
            {figures ? (
              <Group justify="flex-end">
                <Stack gap={4} style={{ minWidth: 360 }}>
                  <Text size="sm" fw={500}>
                    The {typeWord} note comes to
                  </Text>
                  <NoteFigures
                    figures={figures}
                    label="What the note comes to"
                    totalTestId="note-preview-total"
                  />
                </Stack>
              </Group>
            ) : null}
          </Stack>
        </Paper>
        {errors.form ? (
          <Alert color="red" title="The note was not made">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() =>
              void navigate({
                to: invoiceId && mayViewInvoices ? `/operations/billing/${invoiceId}` : '/operations/notes',
              })
            }
          >
            Back
          </Button>
          <Button type="submit" loading={make.isPending}>
            Make {typeWord} note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function NewNotePage() {
  const raw = useSearch({ strict: false });
  const { invoiceId, type } = search.parse(raw);
  const permissions = usePermissions();
  if (!permissions) return null;
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/operations/notes" size="sm">
        ← Credit & Debit Notes
      </Anchor>
      <Title order={2}>New credit or debit note</Title>
      {/* A new invoice in the address starts the form over. */}
      <NoteForm key={invoiceId ?? ''} initialInvoiceId={invoiceId} initialType={type} />
    </Stack>
  );
}
