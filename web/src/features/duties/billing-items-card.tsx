// A duty's billing items on its page (toll, parking, state permit…: what was spent besides car hire,
// each its own invoice line): name, taxable or not, amount, the receipt, and their total. Whoever records
// the duty's slip edits them as a list — a row per item picked from the billing item master, its amount
// and a receipt uploaded like a slip photo — until the duty is invoiced.
import { BOOKING_FILE_KIND, MAX_DUTY_BILLING_ITEMS, PERMISSION } from '@fleet/domain';
import {
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpcClient } from '../../lib/trpc';
import { UPLOAD_ACCEPT, uploadFile } from '../common/form/upload-file';
import { listedApi } from '../masters/master-api';
import {
  type BillingItemRow,
  billingItemsEditable,
  itemsInput,
  rowProblems,
  rowsOf,
  rowsTotal,
} from './billing-items-values';
import type { BookingView } from './booking-types';
import { rupees } from './duty-format';
import { SlipPhotoLink } from './slip-photo';
import { useRefreshBookings } from './status-actions';

type HeldItem = BookingView['booking']['billingItems'][number];
const RECEIPTS = { kind: BOOKING_FILE_KIND, field: 'slip_photo' } as const;

function ItemsTable({ items }: { items: readonly HeldItem[] }) {
  return (
    <Table fz="sm" verticalSpacing={4} aria-label="Billing items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Taxable</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Receipt</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              {item.name}
              {item.note ? (
                <Text span size="xs" c="dimmed">
                  {` · ${item.note}`}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {item.isTaxable ? `Yes${item.sacCode ? ` · SAC ${item.sacCode}` : ''}` : 'No'}
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {rupees(item.amount)}
            </Table.Td>
            <Table.Td>
              {item.receiptFileId ? (
                <SlipPhotoLink fileId={item.receiptFileId} label={`${item.name} receipt`} />
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>Total</Table.Th>
          <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {rupees(rowsTotal(items.map((item) => ({ amount: item.amount.toFixed(2) }))))}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** A row's receipt: uploaded as a slip photo, then shown with a button to remove it. */
function ReceiptField({
  value,
  label,
  error,
  onChange,
}: {
  value: string;
  label: string;
  error?: string;
  onChange: (fileId: string) => void;
}) {
  const [sent, setSent] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(undefined);
    setSent(0);
    const outcome = await uploadFile(file, RECEIPTS, setSent);
    setSent(undefined);
    if (outcome.ok) onChange(outcome.file.id);
    else setProblem(outcome.message);
  };
  const message = problem ?? error;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {value ? (
          <>
            <SlipPhotoLink fileId={value} label={label} />
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Remove receipt: ${label}`}
              onClick={() => onChange('')}
            >
              ✕
            </Button>
          </>
        ) : (
          <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="compact-xs"
                variant="light"
                loading={sent !== undefined}
                aria-label={`Upload receipt: ${label}`}
              >
                Receipt
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {message ? (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The operator's active billing items to pick from, with those the duty already holds, by name. */
function useBillingItemChoices(held: readonly HeldItem[], allowed: boolean) {
  const list = useQuery(
    listedApi('billing_item').list.queryOptions(
      { active: 'active', limit: 1000 },
      { enabled: allowed, staleTime: 60_000 },
    ),
  );
  return useMemo(() => {
    const byId = new Map<string, string>();
    for (const item of held) byId.set(item.billingItemId, item.name);
    for (const record of list.data?.records ?? []) {
      byId.set(record.id, `${record.values.name}${record.values.is_taxable ? ' (taxable)' : ''}`);
    }
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [held, list.data]);
}

let nextKey = 0;
const blankRow = (): BillingItemRow => ({
  key: `new-${++nextKey}`,
  billingItemId: '',
  amount: '',
  receiptFileId: '',
  note: '',
});

function ItemsEditor({ view, canPick, onDone }: { view: BookingView; canPick: boolean; onDone: () => void }) {
  const { booking } = view;
  const refresh = useRefreshBookings();
  const choices = useBillingItemChoices(booking.billingItems, canPick);
  const [rows, setRows] = useState(() => rowsOf(booking.billingItems));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (list: BillingItemRow[]) =>
      trpcClient.booking.setBillingItems.mutate({
        id: booking.id,
        items: itemsInput(list),
        version: booking.version,
      }),
    onSuccess: (changed) => {
      showToast(
        changed.billingItems.length
          ? `Billing items saved: ${rupees(rowsTotal(changed.billingItems.map((i) => ({ amount: i.amount.toFixed(2) }))))}.`
          : 'Billing items cleared.',
      );
      onDone();
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      showToast(errorMessage(error), 'alert-danger');
    },
    onSettled: () => refresh(),
  });
  const change = (index: number, patch: Partial<BillingItemRow>) =>
    setRows((now) => now.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <form
      aria-label="Billing items"
      onSubmit={(event) => {
        event.preventDefault();
        const found = rowProblems(rows);
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate(rows);
      }}
    >
      <Stack gap="xs">
        {canPick ? null : (
          <Text size="xs" c="dimmed">
            Picking a billing item needs the “View Billing Item” permission; you can change amounts and
            receipts of the items already here.
          </Text>
        )}
        {rows.map((row, index) => {
          const name = choices.find((c) => c.value === row.billingItemId)?.label ?? `Row ${index + 1}`;
          return (
            <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap" role="group" aria-label={name}>
              <Select
                aria-label="Billing item"
                placeholder="Billing item"
                searchable
                data={choices}
                value={row.billingItemId || null}
                onChange={(value) => change(index, { billingItemId: value ?? '' })}
                error={errors[`items.${index}.billingItemId`]}
                nothingFoundMessage="No such billing item"
                w={200}
              />
              <TextInput
                aria-label="Amount (₹)"
                placeholder="Amount (₹)"
                inputMode="decimal"
                value={row.amount}
                onChange={(e) => change(index, { amount: e.currentTarget.value })}
                error={errors[`items.${index}.amount`]}
                w={130}
                styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
              />
              <TextInput
                aria-label="Note"
                placeholder="Note (plaza, receipt no.)"
                value={row.note}
                onChange={(e) => change(index, { note: e.currentTarget.value })}
                error={errors[`items.${index}.note`]}
                style={{ flex: 1 }}
              />
              <ReceiptField
                value={row.receiptFileId}
                label={name}
                error={errors[`items.${index}.receiptFileId`]}
                onChange={(receiptFileId) => change(index, { receiptFileId })}
              />
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${name}`}
                onClick={() => setRows((now) => now.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </Group>
          );
        })}
        {errors.items ? (
          <Text size="xs" c="red" role="alert">
            {errors.items}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button
            size="xs"
            variant="light"
            disabled={rows.length >= MAX_DUTY_BILLING_ITEMS}
            onClick={() => setRows((now) => [...now, blankRow()])}
          >
            Add item
          </Button>
          <Group gap="xs">
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              Total {rupees(rowsTotal(rows))}
            </Text>
            <Button size="xs" variant="default" onClick={onDone}>
              Back
            </Button>
            <Button size="xs" type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The "Billing items" card: shown when the duty has some, or when this person may add them. */
export function BillingItemsCard({
  view,
  permissions,
}: {
  view: BookingView;
  permissions: ReadonlySet<string>;
}) {
  const [editing, setEditing] = useState(false);
  const { booking } = view;
  const editable = billingItemsEditable(booking, permissions);
  if (!editable && booking.billingItems.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Billing items</Title>
        {editable && !editing ? (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {booking.billingItems.length ? 'Edit billing items' : 'Add billing items'}
          </Button>
        ) : null}
        {booking.isBilled ? (
          <Badge variant="light" color="gray">
            Invoiced
          </Badge>
        ) : null}
      </Group>
      {editing ? (
        <ItemsEditor
          key={booking.version}
          view={view}
          canPick={permissions.has(PERMISSION.view_billing_item)}
          onDone={() => setEditing(false)}
        />
      ) : booking.billingItems.length ? (
        <ItemsTable items={booking.billingItems} />
      ) : (
        <Text size="sm" c="dimmed">
          No tolls, parking or permits on this duty. Add what was spent, with its receipt; each is billed as
          its own invoice line.
        </Text>
      )}
    </Paper>
  );
}
