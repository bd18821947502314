// The booking page's by-hand messages: "Send confirmation" (text and/or email to the passengers and
// booker) and "Send info" (the allotment details to the driver, passengers or supplier), each offered
// only with its permission, and the trip codes the passenger gives the driver (a passenger may call
// the office for them). A click carries a request id kept until the call ends, so a double click
// sends once.
import { Button, Checkbox, Group, Menu, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import type { BookingDetail } from './booking-types';

type Recipient = 'DRIVER' | 'PASSENGERS' | 'SUPPLIER';
type Channel = 'SMS' | 'EMAIL';
const isChannel = (value: string): value is Channel => value === 'SMS' || value === 'EMAIL';
const isRecipient = (value: string): value is Recipient =>
  value === 'DRIVER' || value === 'PASSENGERS' || value === 'SUPPLIER';

/** One idempotency key per intent: the same while a call is under way, a new one after it ends. */
function useRequestId() {
  const key = useRef<string | undefined>(undefined);
  return {
    take: () => {
      key.current ??= crypto.randomUUID();
      return key.current;
    },
    done: () => {
      key.current = undefined;
    },
  };
}

const sentWords = (n: number, what: string) => `${what} queued for ${n} recipient${n === 1 ? '' : 's'}.`;

export function SendMessageButtons({
  booking,
  permissions,
}: {
  booking: BookingDetail;
  permissions: ReadonlySet<string>;
}) {
  const mayText = permissions.has('send_booking_confirmation_sms');
  const mayEmail = permissions.has('send_booking_confirmation_email');
  const mayInfo = permissions.has('send_duty_info');
  const requestId = useRequestId();
  const [infoOpen, setInfoOpen] = useState(false);
  const [recipients, setRecipients] = useState<Recipient[]>(['DRIVER', 'PASSENGERS']);
  const [channels, setChannels] = useState<Channel[]>(['SMS']);
  const settled = {
    onSettled: () => requestId.done(),
    onError: (error: unknown) => showToast(errorMessage(error), 'alert-danger'),
  };
  const textConfirmation = useMutation(
    trpc.message.sendBookingConfirmationSms.mutationOptions({
      ...settled,
      onSuccess: (r) => showToast(sentWords(r.messages.length, 'Confirmation text')),
    }),
  );
  const emailConfirmation = useMutation(
    trpc.message.sendBookingConfirmationEmail.mutationOptions({
      ...settled,
      onSuccess: (r) => showToast(sentWords(r.messages.length, 'Confirmation email')),
    }),
  );
  const info = useMutation(
    trpc.message.sendBookingInfo.mutationOptions({
      ...settled,
      onSuccess: (r) => {
        setInfoOpen(false);
        showToast(sentWords(r.messages.length, 'Duty details'));
      },
    }),
  );
  if (!mayText && !mayEmail && !mayInfo) return null;
  const busy = textConfirmation.isPending || emailConfirmation.isPending;

  return (
    <>
      {mayText || mayEmail ? (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="default" loading={busy}>
              Send confirmation
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {mayText ? (
              <Menu.Item
                onClick={() =>
                  textConfirmation.mutate({ bookingId: booking.id, requestId: requestId.take() })
                }
              >
                By text (SMS)
              </Menu.Item>
            ) : null}
            {mayEmail ? (
              <Menu.Item
                onClick={() =>
                  emailConfirmation.mutate({ bookingId: booking.id, requestId: requestId.take() })
                }
              >
                By email
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {mayInfo ? (
        <Button size="xs" variant="default" onClick={() => setInfoOpen(true)}>
          Send info
        </Button>
      ) : null}
      <Modal opened={infoOpen} onClose={() => setInfoOpen(false)} title="Send the duty’s details">
        <Stack>
          <Text size="sm">Send the vehicle, driver, reporting time and pickup</Text>
          <Checkbox.Group value={channels} onChange={(v) => setChannels(v.filter(isChannel))}>
            <Group gap="md">
              <Checkbox value="SMS" label="By text" />
              <Checkbox value="EMAIL" label="By email (to those with an address; never the trip code)" />
            </Group>
          </Checkbox.Group>
          <Text size="sm">to:</Text>
          <Checkbox.Group value={recipients} onChange={(v) => setRecipients(v.filter(isRecipient))}>
            <Stack gap="xs">
              <Checkbox value="DRIVER" label="The driver" disabled={!booking.driverPhone} />
              <Checkbox value="PASSENGERS" label="The passengers (with the trip code)" />
              <Checkbox value="SUPPLIER" label="The supplier" disabled={!booking.supplierId} />
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setInfoOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={info.isPending}
              disabled={recipients.length === 0 || channels.length === 0}
              onClick={() =>
                info.mutate({ bookingId: booking.id, requestId: requestId.take(), recipients, channels })
              }
            >
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The trip codes, for staff to read out when a passenger calls. */
export function TripCodes({ booking }: { booking: BookingDetail }) {
  if (!booking.tripStartOtp && !booking.tripEndOtp) return null;
  return (
    <SimpleGrid cols={2} spacing="sm" data-testid="trip-codes">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Trip start OTP
        </Text>
        <Text size="lg" fw={600} ff="monospace">
          {booking.tripStartOtp ?? '—'}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Trip end OTP
        </Text>
        <Text size="lg" fw={600} ff="monospace">
          {booking.tripEndOtp ?? '—'}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
