// /operations/petty-cash/$id: one petty cash entry — what happened to the cash, who it went to and what
// they hold now — and what this person may do to it: edit, void with a reason, send it to its person by
// SMS and/or email.
import { shownBookingNo } from '@fleet/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useMe, usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, fieldErrorsOf, trpc, trpcClient } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { ReasonDialog } from '../common/reason-dialog';
import { dateTimeText, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { EntryDialog, useRefreshPettyCash } from './entry-dialog';
import { categoryText, kindText, modeText, offeredEntryActions } from './petty-cash-format';
import type { PettyCashEntryWithHolding } from './petty-cash-types';

function SendDialog({ entry, onClose }: { entry: PettyCashEntryWithHolding; onClose: () => void }) {
  const [sms, setSms] = useState(!!entry.personPhone);
  const [email, setEmail] = useState(!!entry.personEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshPettyCash();
  const send = useMutation({
    mutationFn: () => trpcClient.pettyCash.send.mutate({ id: entry.id, sms, email }),
    onSuccess: () => {
      showToast(`${entry.voucherNo} is on its way to ${entry.personName}.`);
      onClose();
    },
    onError: (failure) => {
      setErrors(fieldErrorsOf(failure));
      setProblem(errorMessage(failure));
    },
    onSettled: refresh,
  });
  return (
    <Modal opened onClose={onClose} title={`Send ${entry.voucherNo} to ${entry.personName}`}>
      <form
        aria-label="Send petty cash form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The amount, what it was for, and the {rupees(entry.held)} {entry.personName} holds now.
          </Text>
          <Checkbox
            label={entry.personPhone ? `SMS to ${entry.personPhone}` : 'SMS (no phone number)'}
            disabled={!entry.personPhone}
            checked={sms}
            onChange={(e) => setSms(e.currentTarget.checked)}
            error={errors.sms}
          />
          <Checkbox
            label={entry.personEmail ? `Email to ${entry.personEmail}` : 'Email (no address)'}
            disabled={!entry.personEmail}
            checked={email}
            onChange={(e) => setEmail(e.currentTarget.checked)}
            error={errors.email}
          />
          {problem ? (
            <Alert color="red" title="Nothing was sent">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!sms && !email}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function PettyCashEntryPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.pettyCash.get.queryOptions({ id }));
  const permissions = usePermissions();
  const me = useMe();
  const refresh = useRefreshPettyCash();
  const [open, setOpen] = useState<'edit' | 'void' | 'send'>();
  if (query.isError) {
    return (
      <Alert color="red" title="This entry could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const entry = query.data;
  if (!entry || !permissions) return null;
  const offered = offeredEntryActions(entry, permissions, { userId: me.data?.user.id, now: new Date() });
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/operations/petty-cash" size="sm">
        ← Petty cash
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>
            Petty cash <span data-testid="voucher-no">{entry.voucherNo}</span>
          </Title>
          <Badge size="lg" variant="light">
            {kindText(entry.kind)}
          </Badge>
          {entry.isVoided ? (
            <Badge size="lg" variant="light" color="red">
              Voided
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {offered.send ? (
            <Button size="xs" onClick={() => setOpen('send')}>
              Send to {entry.personName}
            </Button>
          ) : null}
          {offered.edit ? (
            <Button size="xs" variant="default" onClick={() => setOpen('edit')}>
              Edit
            </Button>
          ) : null}
          {offered.void ? (
            <Button size="xs" variant="default" color="red" onClick={() => setOpen('void')}>
              Void
            </Button>
          ) : null}
        </Group>
      </Group>
      {entry.isVoided ? (
        <Alert color="red" title="Voided">
          {entry.voidReason}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Fact label="Amount">
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="entry-amount">
              {rupees(entry.amount)}
            </Text>
          </Fact>
          <Fact label="Date">{ddmmyyyy(entry.entryDate)}</Fact>
          <Fact label="Category">{categoryText(entry.category)}</Fact>
          <Fact label="Paid by">{modeText(entry.paymentMode)}</Fact>
          <Fact label="Person">{entry.personName}</Fact>
          <Fact label="Phone">{entry.personPhone}</Fact>
          <Fact label="Email">{entry.personEmail}</Fact>
          {entry.personKey ? (
            <Fact label={`${entry.personName} holds now`}>
              <span data-testid="person-holds">{rupees(entry.held)}</span>
            </Fact>
          ) : null}
          <Fact label="Duty no.">{entry.bookingNo ? shownBookingNo(entry.bookingNo) : ''}</Fact>
          <Fact label="Vehicle">{entry.vehicleNo}</Fact>
          <Fact label="Recorded">
            <span data-testid="entry-recorded">
              {dateTimeText(entry.createdAt)}
              {entry.recordedByName ? ` by ${entry.recordedByName}` : ''}
            </span>
          </Fact>
          <Fact label="Last sent">{entry.lastSentAt ? dateTimeText(entry.lastSentAt) : ''}</Fact>
        </SimpleGrid>
        {entry.notes ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {entry.notes}
          </Text>
        ) : null}
      </Paper>
      {open === 'edit' ? (
        <EntryDialog entry={entry} permissions={permissions} onClose={() => setOpen(undefined)} />
      ) : null}
      {open === 'send' ? <SendDialog entry={entry} onClose={() => setOpen(undefined)} /> : null}
      {open === 'void' ? (
        <ReasonDialog
          title={`Void ${entry.voucherNo}`}
          formLabel="Void petty cash form"
          reasonLabel="Why is it voided?"
          keptWith="the entry"
          confirmLabel="Void entry"
          explanation="The entry keeps its voucher number, marked voided, and stops counting: the cash it moved goes back where it was."
          submit={(reason) => trpcClient.pettyCash.void.mutate({ id: entry.id, reason })}
          onDone={(voided) => showToast(`${voided.voucherNo} is voided.`)}
          onSettled={refresh}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </Stack>
  );
}
