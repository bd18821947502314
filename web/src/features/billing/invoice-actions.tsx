// What can be done to an invoice from its page, by permission and state: approve, edit, discard (a
// draft), cancel (an approved one, with a reason), move to another company, email, download and print.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { ReasonDialog } from '../common/reason-dialog';
import { useRefOptions } from '../masters/master-fields';
import { invoicePdfUrl, invoicePrintPath } from './invoice-documents';
import { invoiceNumberText, offeredInvoiceActions } from './invoice-format';
import type { InvoiceDetail } from './invoice-types';

type Dialog = 'discard' | 'cancel' | 'move' | 'email';

/** Everything read about invoices (the list, pages, duties to bill) is read again. */
export function useRefreshInvoices() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.invoice.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.booking.pathKey() });
  };
}

export function InvoiceActions({
  invoice,
  permissions,
}: {
  invoice: InvoiceDetail;
  permissions: ReadonlySet<string>;
}) {
  const offered = offeredInvoiceActions(invoice, permissions);
  const navigate = useNavigate();
  const refresh = useRefreshInvoices();
  const [dialog, setDialog] = useState<Dialog>();
  const approve = useMutation({
    mutationFn: () => trpcClient.invoice.approve.mutate({ id: invoice.id }),
    onSuccess: (approved) => showToast(`Invoice ${invoiceNumberText(approved)} is approved.`),
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: refresh,
  });
  const close = () => setDialog(undefined);
  return (
    <Group gap="xs">
      {offered.approve ? (
        <Button size="xs" loading={approve.isPending} onClick={() => approve.mutate()}>
          Approve
        </Button>
      ) : null}
      {offered.edit ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => void navigate({ to: `/operations/billing/${invoice.id}/edit` })}
        >
          Edit
        </Button>
      ) : null}
      {offered.email ? (
        <Button size="xs" variant="default" onClick={() => setDialog('email')}>
          Email
        </Button>
      ) : null}
      {offered.download ? (
        <>
          <Button size="xs" variant="default" component="a" href={invoicePdfUrl(invoice.id, 'invoice', true)}>
            Download PDF
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default">
                Print ▾
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={invoicePrintPath(invoice.id, 'invoice')}>
                Invoice
              </Menu.Item>
              <Menu.Item component={Link} to={invoicePrintPath(invoice.id, 'duty-slip')}>
                Duty slips
              </Menu.Item>
              <Menu.Item component={Link} to={invoicePrintPath(invoice.id, 'duty-summary')}>
                Duty summary
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      ) : null}
      {offered.discard || offered.cancel || offered.move ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="subtle" aria-label="More actions">
              •••
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {offered.move ? (
              <Menu.Item onClick={() => setDialog('move')}>Move to another company</Menu.Item>
            ) : null}
            {offered.discard ? (
              <Menu.Item color="red" onClick={() => setDialog('discard')}>
                Discard
              </Menu.Item>
            ) : null}
            {offered.cancel ? (
              <Menu.Item color="red" onClick={() => setDialog('cancel')}>
                Cancel invoice
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {dialog === 'discard' || dialog === 'cancel' ? (
        <RetireDialog invoice={invoice} action={dialog} onClose={close} />
      ) : null}
      {dialog === 'move' ? <MoveDialog invoice={invoice} onClose={close} /> : null}
      {dialog === 'email' ? <EmailDialog invoice={invoice} onClose={close} /> : null}
    </Group>
  );
}

function RetireDialog({
  invoice,
  action,
  onClose,
}: {
  invoice: InvoiceDetail;
  action: 'discard' | 'cancel';
  onClose: () => void;
}) {
  const refresh = useRefreshInvoices();
  const title = action === 'cancel' ? 'Cancel invoice' : 'Discard draft';
  return (
    <ReasonDialog
      title={`${title} ${invoiceNumberText(invoice)}`}
      formLabel={`${title} form`}
      keptWith="the invoice"
      required={action === 'cancel'}
      reasonLabel={action === 'cancel' ? 'Why is it cancelled?' : 'Why (optional)'}
      confirmLabel={title}
      explanation={
        action === 'cancel'
          ? 'The invoice stays on record, marked cancelled, and its duties become bill-pending again.'
          : 'The draft is set aside and its duties become bill-pending again.'
      }
      submit={(reason) => trpcClient.invoice[action].mutate({ id: invoice.id, reason: reason || undefined })}
      onDone={(changed) =>
        showToast(
          `Invoice ${invoiceNumberText(changed)} is ${action === 'cancel' ? 'cancelled' : 'discarded'}.`,
        )
      }
      onSettled={refresh}
      onClose={onClose}
    />
  );
}

function MoveDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRefOptions('company', companyId ? [companyId] : [], debounced).filter(
    (o) => o.value !== invoice.companyId,
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = useRefreshInvoices();
  const navigate = useNavigate();
  const move = useMutation({
    mutationFn: (chosen: string) =>
      trpcClient.invoice.changeCompany.mutate({
        id: invoice.id,
        companyId: chosen,
        reason: reason.trim() || undefined,
      }),
    onSuccess: ({ reissued }) => {
      showToast(`Reissued as invoice ${invoiceNumberText(reissued)}.`);
      onClose();
      void navigate({ to: `/operations/billing/${reissued.id}` });
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(failure) });
    },
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={onClose} title={`Move ${invoiceNumberText(invoice)} to another company`}>
      <form
        aria-label="Move to another company form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!companyId) {
            setErrors({ companyId: 'Choose the company to bill from.' });
            return;
          }
          move.mutate(companyId);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            This invoice is cancelled and reissued, with the same duties and rows, in the chosen company's
            series.
          </Text>
          <Select
            label="Company"
            withAsterisk
            searchable
            data={options}
            value={companyId}
            onChange={setCompanyId}
            onSearchChange={setSearch}
            nothingFoundMessage="Nothing matches"
            error={errors.companyId}
          />
          <Textarea
            label="Why (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            maxLength={500}
          />
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button type="submit" loading={move.isPending}>
              Move and reissue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function EmailDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const [to, setTo] = useState<string[]>(invoice.buyer.email ? [invoice.buyer.email] : []);
  const [error, setError] = useState<string>();
  const refresh = useRefreshInvoices();
  const send = useMutation({
    mutationFn: () => trpcClient.invoice.dispatch.mutate({ id: invoice.id, to }),
    onSuccess: () => {
      showToast(`Invoice ${invoiceNumberText(invoice)} is on its way to ${to.join(', ')}.`);
      onClose();
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setError(Object.values(fields)[0] ?? errorMessage(failure));
    },
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={onClose} title={`Email invoice ${invoiceNumberText(invoice)}`}>
      <form
        aria-label="Email invoice form"
        onSubmit={(event) => {
          event.preventDefault();
          const wrong = to.find((address) => !EMAIL.test(address));
          if (to.length === 0) setError('Add at least one address.');
          else if (wrong) setError(`${wrong} is not an email address.`);
          else send.mutate();
        }}
      >
        <Stack gap="sm">
          <TagsInput
            label="To"
            description="Press Enter after each address; at most 10."
            value={to}
            onChange={(value) => {
              setTo(value.slice(0, 10));
              setError(undefined);
            }}
            error={error}
          />
          <Text size="sm" c="dimmed">
            The invoice PDF is attached.{' '}
            <Anchor href={invoicePdfUrl(invoice.id, 'invoice')} target="_blank" size="sm">
              Preview it
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
