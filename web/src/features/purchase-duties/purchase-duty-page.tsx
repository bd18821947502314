// /operations/purchases/duties/$bookingId: the purchase side of one duty a supplier ran — the supplier,
// its vehicle and driver, what the supplier is paid line by line on its card (from its own slip, or ours
// when it sent none), what the customer is charged and the margin, the slip's review and the purchase
// invoice that bills it. Whoever may manage purchase duties accepts or rejects the slip, or undoes the
// review, until a purchase invoice bills it.
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc, trpcClient } from '../../lib/trpc';
import { Fact, FigureRow } from '../common/facts';
import { ReasonDialog } from '../common/reason-dialog';
import { ChargesTable } from '../duties/charges-table';
import { dateTimeText, dutyNumber, rupees } from '../duties/duty-format';
import { ddmmyyyy } from '../masters/format';
import { useRefreshAfterSlipReview } from './purchase-duties-page';
import { marginOf, slipMark } from './purchase-duty-format';
import type { SlipDecision } from './purchase-duty-types';

export default function PurchaseDutyPage() {
  const params = useParams({ strict: false });
  const bookingId = typeof params.bookingId === 'string' ? params.bookingId : '';
  const query = useQuery(trpc.purchaseDuty.get.queryOptions({ bookingId }));
  const permissions = usePermissions();
  const refresh = useRefreshAfterSlipReview();
  const [rejecting, setRejecting] = useState(false);
  const review = useMutation({
    mutationFn: (decision: SlipDecision) =>
      trpcClient.purchaseDuty.reviewSlips.mutate({ bookingIds: [bookingId], decision }),
    onSuccess: ([duty]) => {
      showToast(duty?.slipStatus === 'ACCEPTED' ? 'The slip is accepted.' : 'The review is undone.');
      refresh();
    },
    onError: (failure) => showToast(errorMessage(failure), 'alert-danger'),
  });
  if (query.isError) {
    return (
      <Alert color="red" title="This duty could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const duty = query.data;
  if (!duty || !permissions) return null;
  const mark = slipMark(duty.slipStatus, !!duty.purchaseInvoiceId);
  const margin = marginOf(duty);
  const mayReview =
    permissions.has('manage_purchase_duty') && !duty.purchaseInvoiceId && duty.status === 'CLOSED';
  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/operations/purchases/duties" size="sm">
        ← Purchase Duties
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>Duty {dutyNumber(duty.bookingNo)}</Title>
          <Badge size="lg" variant="light" color={mark.color} data-testid="slip-review">
            Slip: {mark.label}
          </Badge>
        </Group>
        {mayReview ? (
          <Group gap="xs">
            {duty.slipStatus !== 'ACCEPTED' ? (
              <Button color="teal" loading={review.isPending} onClick={() => review.mutate('ACCEPTED')}>
                Accept slip
              </Button>
            ) : null}
            {duty.slipStatus !== 'REJECTED' ? (
              <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                Reject slip
              </Button>
            ) : null}
            {duty.slipStatus !== 'NO_ACTION' ? (
              <Button variant="default" loading={review.isPending} onClick={() => review.mutate('NO_ACTION')}>
                Undo review
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {duty.slipStatus === 'REJECTED' && duty.slipReason ? (
        <Alert color="red" title="Slip rejected">
          {duty.slipReason}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Date">{ddmmyyyy(duty.startDate)}</Fact>
          <Fact label="Supplier">{duty.supplierName}</Fact>
          <Fact label="Vehicle · driver">
            {[duty.vehicleNo, duty.driverName].filter(Boolean).join(' · ')}
          </Fact>
          <Fact label="Customer">{duty.customerName}</Fact>
          <Fact label="Booking">
            {permissions.has('view_booking') ? (
              <Anchor component={Link} to={`/duties/booking/${duty.bookingId}`} size="sm">
                Open the booking
              </Anchor>
            ) : (
              dutyNumber(duty.bookingNo)
            )}
          </Fact>
          <Fact label="Purchase invoice">
            {duty.purchaseInvoiceId
              ? `${duty.purchaseNo ?? ''}${duty.supplierInvoiceNo ? ` (supplier's ${duty.supplierInvoiceNo})` : ''}`
              : 'Not billed yet'}
          </Fact>
          <Fact label="Slip reviewed">{duty.slipReviewedAt ? dateTimeText(duty.slipReviewedAt) : ''}</Fact>
          <Fact label="Status">{duty.status}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>What the supplier is paid</Title>
          {duty.charges ? (
            <ChargesTable charges={duty.charges} label="Purchase charges" />
          ) : (
            <Text size="sm" c="dimmed">
              Not priced yet: the duty is priced on the supplier's card when it closes.
            </Text>
          )}
          <Group justify="flex-end">
            <div style={{ minWidth: 320 }}>
              <Table fz="sm" verticalSpacing={2} aria-label="Duty margin">
                <Table.Tbody>
                  <FigureRow
                    label="Customer charged (car hire)"
                    value={duty.salesAmount ? rupees(duty.salesAmount) : '—'}
                  />
                  <FigureRow
                    label="Supplier paid"
                    value={duty.purchaseAmount ? rupees(duty.purchaseAmount) : '—'}
                  />
                  <FigureRow
                    label="Margin"
                    value={margin ? rupees(margin) : '—'}
                    strong
                    testId="duty-margin"
                  />
                </Table.Tbody>
              </Table>
            </div>
          </Group>
        </Stack>
      </Paper>
      {rejecting ? (
        <ReasonDialog
          title={`Reject the slip of duty ${dutyNumber(duty.bookingNo)}`}
          formLabel="Reject slip"
          explanation="A purchase invoice cannot bill this duty until its slip is accepted or the review is undone."
          reasonLabel="Why is it rejected?"
          keptWith="the duty"
          confirmLabel="Reject slip"
          submit={(reason) =>
            trpcClient.purchaseDuty.reviewSlips.mutate({
              bookingIds: [bookingId],
              decision: 'REJECTED',
              reason,
            })
          }
          onDone={() => showToast('The slip is rejected.')}
          onSettled={refresh}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </Stack>
  );
}
