// /duties/booking/$id: everything about one duty on one screen — the booking, its passengers and
// contacts, its allotment, the days of a multi-day booking, the slip and closing, the charges once
// closed, and the trail of every change — with the actions this person may take on it now.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Kbd,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { usePermissions } from '../../app/session';
import { errorMessage, trpc } from '../../lib/trpc';
import { Fact } from '../common/facts';
import { Panel } from '../common/panel';
import { ddmmyyyy } from '../masters/format';
import { BookingMessagesCard } from '../messages/booking-messages-card';
import { RouteCard } from '../tracking/route-card';
import { AllotDialog } from './allot-dialog';
import { BillingItemsCard } from './billing-items-card';
import { AttachmentLinks } from './booking-attachments';
import type { Activity, BookingDetail, BookingView } from './booking-types';
import { DeleteBookingButton } from './delete-booking';
import { DriverChatCard } from './driver-chat-card';
import { activityWords, actorText, mayDelete, mayEdit, offeredActions } from './duty-actions';
import { DutyChargesSection } from './duty-charges-section';
import {
  dateText,
  dateTimeText,
  dutyNumber,
  LABEL_COLOURS_ON_SCREEN,
  rupees,
  statusColour,
  statusLabel,
  timeText,
} from './duty-format';
import { EarlyStartConsent } from './early-start-consent';
import { PassengerPagesCard } from './passenger-pages-card';
import { SendMessageButtons, TripCodes } from './send-messages';
import { SlipSection } from './slip-form';
import { StatusActionButtons } from './status-actions';
import { TripInsuranceCard } from './trip-insurance-card';
import { TripStartLock } from './trip-start-lock';
import { type CustomFieldNames, useCustomFieldNames } from './use-master-names';

function Contacts({ title, contacts }: { title: string; contacts: BookingDetail['passengers'] }) {
  if (contacts.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label={title}>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      {contacts.map((c) => (
        <Text key={[c.name, c.phone, c.email, c.customField].join('|')} size="sm" role="listitem">
          {[c.name, c.phone, c.email, c.customField].filter(Boolean).join(' · ')}
        </Text>
      ))}
    </Stack>
  );
}

function priceText(price: BookingDetail['sales']): string {
  const parts = [
    price.price ? rupees(price.price) : null,
    price.extraKmRate ? `${rupees(price.extraKmRate)}/extra km` : null,
    price.extraHourRate ? `${rupees(price.extraHourRate)}/extra hour` : null,
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}${price.rateCardId ? ' (rate card)' : ''}` : '';
}

function BookingFacts({ booking, names }: { booking: BookingDetail; names: CustomFieldNames }) {
  const labels = booking.labels;
  return (
    <Panel title="Booking">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Fact label="Customer">{booking.customerName}</Fact>
          <Fact label="Booked by">
            {[booking.bookedBy.name, booking.bookedBy.phone, booking.bookedBy.email]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
          <Fact label="Order reference">{booking.orderReferenceNumber}</Fact>
          <Fact label="Reporting">{dateTimeText(booking.reportingAt)}</Fact>
          <Fact label="From → to">
            {booking.fromCityName ?? '…'}
            {booking.toCityId ? ` → ${booking.toCityName ?? '…'}` : ''}
          </Fact>
          <Fact label="Duty type · vehicle group">
            {`${booking.dutyTypeName ?? '…'} · ${booking.vehicleGroupName ?? '…'}`}
          </Fact>
          <Fact label="Reporting address">{booking.reportingAddress}</Fact>
          <Fact label="Drop address">{booking.dropAddress}</Fact>
          <Fact label="Expected to end">{booking.endsAt ? dateTimeText(booking.endsAt) : ''}</Fact>
          <Fact label="Sales price">{priceText(booking.sales)}</Fact>
          <Fact label="Purchase price">{priceText(booking.purchase)}</Fact>
          <Fact label="Labels">
            {labels.length ? (
              <Group gap={4}>
                {labels.map((l) => (
                  <Badge key={l.id} size="sm" color={LABEL_COLOURS_ON_SCREEN[l.colour]}>
                    {l.name}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Fact>
          {names.customFields(booking.customFields).map((entry) => (
            <Fact key={entry.customFieldId} label={entry.name}>
              {entry.value}
            </Fact>
          ))}
        </SimpleGrid>
        <Contacts title="Passengers" contacts={booking.passengers} />
        <Contacts title="Additional contacts" contacts={booking.additionalContacts} />
        {booking.remark ? <Fact label="Remark">{booking.remark}</Fact> : null}
        {booking.operatorNotes ? <Fact label="Operator notes">{booking.operatorNotes}</Fact> : null}
        {booking.cancellationReason ? <Fact label="Why cancelled">{booking.cancellationReason}</Fact> : null}
        {booking.unfulfilledReason ? <Fact label="Why unfulfilled">{booking.unfulfilledReason}</Fact> : null}
      </Stack>
    </Panel>
  );
}

function Allotment({ booking }: { booking: BookingDetail }) {
  const allotted = booking.vehicleNo || booking.driverName || booking.supplierName;
  return (
    <Panel title="Allotment">
      {allotted ? (
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Vehicle">{booking.vehicleNo}</Fact>
          <Fact label="Driver">{[booking.driverName, booking.driverPhone].filter(Boolean).join(' · ')}</Fact>
          {booking.supplierName ? <Fact label="Supplier">{booking.supplierName}</Fact> : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing allotted yet.
        </Text>
      )}
    </Panel>
  );
}

/** The days of a multi-day booking, each linking to its own page; this one marked. */
function Days({ current, days }: { current: string; days: BookingDetail[] }) {
  return (
    <Panel title={`Days (${days.length})`}>
      <Table fz="sm" verticalSpacing={2}>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.id}>
              <Table.Td>
                {day.id === current ? (
                  <Text size="sm" fw={700}>
                    {dutyNumber(day.bookingNo)}
                  </Text>
                ) : (
                  <Anchor component={Link} to={`/duties/booking/${day.id}`} size="sm">
                    {dutyNumber(day.bookingNo)}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{ddmmyyyy(day.startDate)}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={statusColour(day.status)}>
                  {statusLabel(day.status)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

function Trail({ activity }: { activity: Activity[] }) {
  return (
    <Panel title="Activity">
      <Timeline bulletSize={12} lineWidth={2}>
        {activity.map((entry) => (
          <Timeline.Item key={entry.id} title={activityWords(entry.action)}>
            <Text size="xs" c="dimmed">
              {entry.at ? `${dateText(entry.at)} ${timeText(entry.at)}` : ''} · {actorText(entry)}
              {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus
                ? ` · ${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`
                : entry.toStatus && !entry.fromStatus
                  ? ` · ${statusLabel(entry.toStatus)}`
                  : ''}
            </Text>
            {entry.reason ? <Text size="sm">“{entry.reason}”</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Panel>
  );
}

/** The first day and the later ones: this booking's own, or (for a later day) its first day's. */
function useDays(view: BookingView | undefined): BookingDetail[] {
  const parentId = view?.booking.parentId ?? null;
  const parent = useQuery(
    trpc.booking.get.queryOptions({ id: parentId ?? '' }, { enabled: parentId !== null }),
  );
  if (!view) return [];
  if (parentId) return parent.data ? [parent.data.booking, ...parent.data.duties] : [];
  return view.duties.length ? [view.booking, ...view.duties] : [];
}

export default function BookingPage() {
  const params = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const query = useQuery(trpc.booking.get.queryOptions({ id }));
  const permissions = usePermissions();
  const view = query.data;
  const names = useCustomFieldNames(view ? [view.booking] : []);
  const days = useDays(view);
  const [allotting, setAllotting] = useState(false);
  const navigate = useNavigate();
  const editable = !!view && !!permissions && mayEdit(view.booking, permissions);
  const edit = () => void navigate({ to: `/duties/booking/${id}/edit` });
  useHotkeys(editable ? [['e', edit]] : []);

  if (query.isError) {
    return (
      <Alert color="red" title="This booking could not be opened">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!view || !permissions) return null;
  const { booking } = view;
  const offered = offeredActions(booking, permissions);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={2}>Duty {dutyNumber(booking.bookingNo)}</Title>
          <Badge size="lg" color={statusColour(booking.status)} data-testid="duty-status">
            {statusLabel(booking.status)}
          </Badge>
          {booking.isBilled ? (
            <Badge size="lg" variant="light" color="teal" data-testid="duty-billed">
              Billed
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            {booking.type === 'CHILD' ? 'A later day · ' : days.length ? 'First day · ' : ''}version{' '}
            {booking.version}
          </Text>
        </Group>
        <Group gap="xs">
          {editable ? (
            <Button size="xs" variant="default" onClick={edit} rightSection={<Kbd size="xs">E</Kbd>}>
              Edit
            </Button>
          ) : null}
          {offered.allot ? (
            <Button size="xs" onClick={() => setAllotting(true)}>
              {booking.vehicleNo || booking.supplierName ? 'Re-allot' : 'Allot'}
            </Button>
          ) : null}
          <StatusActionButtons duty={booking} actions={offered.status} />
          <SendMessageButtons booking={booking} permissions={permissions} />
          {mayDelete(booking, view.activity, permissions) ? (
            <DeleteBookingButton duty={booking} days={Math.max(days.length, 1)} />
          ) : null}
        </Group>
      </Group>

      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <BookingFacts booking={booking} names={names} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Allotment booking={booking} />
            <EarlyStartConsent booking={booking} permissions={permissions} />
            {booking.tripStartOtp || booking.tripEndOtp ? (
              <Panel title="Trip codes">
                <TripCodes booking={booking} />
                <TripStartLock booking={booking} permissions={permissions} />
              </Panel>
            ) : null}
            {view.attachments.length ? (
              <Panel title={`Attachments (${view.attachments.length})`}>
                <AttachmentLinks attachments={view.attachments} />
              </Panel>
            ) : null}
            {days.length > 1 ? <Days current={booking.id} days={days} /> : null}
            <DriverChatCard bookingId={booking.id} permissions={permissions} />
          </Stack>
        </Grid.Col>
      </Grid>

      {offered.close || view.salesSlip.length || view.purchaseSlip.length ? (
        <SlipSection duty={booking} view={view} editable={offered.close} />
      ) : null}

      <BillingItemsCard view={view} permissions={permissions} />

      <TripInsuranceCard view={view} permissions={permissions} />

      <DutyChargesSection view={view} permissions={permissions} />

      {permissions.has('view_location_tracking') ? (
        <RouteCard bookingId={booking.id} slip={view.salesSlip} />
      ) : null}
      <PassengerPagesCard view={view} />

      <BookingMessagesCard bookingId={booking.id} />

      <Trail activity={view.activity} />

      {offered.allot ? (
        <AllotDialog
          key={booking.version}
          duty={booking}
          severalDuties={days.length > 1}
          opened={allotting}
          onClose={() => setAllotting(false)}
        />
      ) : null}
    </Stack>
  );
}
