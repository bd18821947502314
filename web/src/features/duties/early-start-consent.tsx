// A driver who tried to start a duty more than two hours before its reporting time waits for the
// office: the duty's page says so, and someone who sends duty info lets the driver start.
import { EARLY_START_CONSENT_MINUTES } from '@fleet/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import type { BookingDetail } from './booking-types';
import { dateTimeText } from './duty-format';
import { useRefreshBookings } from './status-actions';

const WAITING_TO_START = ['ALLOTED', 'DRIVER_ACCEPTED', 'DISPATCHED'];

export function EarlyStartConsent({
  booking,
  permissions,
}: {
  booking: BookingDetail;
  permissions: ReadonlySet<string>;
}) {
  const refresh = useRefreshBookings();
  const consent = useMutation(
    trpc.booking.consentEarlyStart.mutationOptions({
      onSuccess: () => showToast('The driver can start the duty early now.'),
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
      onSettled: () => refresh(),
    }),
  );
  if (!WAITING_TO_START.includes(booking.status)) return null;
  if (booking.earlyStartConsentedAt) {
    return (
      <Text size="sm" c="dimmed" data-testid="early-start-consented">
        The driver may start early (consented {dateTimeText(booking.earlyStartConsentedAt)}).
      </Text>
    );
  }
  if (!booking.earlyStartRequestedAt) return null;
  return (
    <Alert color="orange" title="Driver asks to start early" data-testid="early-start-requested">
      <Stack gap="xs">
        <Text size="sm">
          The driver tried to start at {dateTimeText(booking.earlyStartRequestedAt)}, more than{' '}
          {EARLY_START_CONSENT_MINUTES / 60} hours before the reporting time
          {booking.reportingAt ? ` (${dateTimeText(booking.reportingAt)})` : ''}.
        </Text>
        {permissions.has('send_duty_info') ? (
          <Button
            size="xs"
            color="orange"
            variant="light"
            loading={consent.isPending}
            onClick={() => consent.mutate({ id: booking.id })}
            style={{ alignSelf: 'flex-start' }}
          >
            Let the driver start
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            Someone who sends duty info can let the driver start.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
