import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { isMasquerading } from '../../lib/cookies';
import { errorMessage, trpc } from '../../lib/trpc';
import { showToast } from '../toast/toast-store';

/** Spec §1/§4: while the masquerade flag is true, a large faint MASQUERADING watermark, centred. */
export function MasqueradeWatermark() {
  if (!isMasquerading()) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="masquerade-watermark"
      style={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
        zIndex: 8000,
        fontSize: 'min(12vw, 160px)',
        fontWeight: 800,
        letterSpacing: '0.08em',
        color: 'rgba(200, 30, 30, 0.08)',
        transform: 'rotate(-24deg)',
        userSelect: 'none',
      }}
    >
      MASQUERADING
    </div>
  );
}

/** The way back while masquerading: whose account this is, and a button to return to one's own. */
export function MasqueradeBar({ actingAs, actor }: { actingAs: string; actor?: string }) {
  const stop = useMutation(
    trpc.masquerade.stop.mutationOptions({
      onSuccess: () => window.location.assign('/'),
      onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    }),
  );
  if (!isMasquerading()) return null;
  return (
    <Group justify="center" gap="sm" py={4} bg="red.1" data-testid="masquerade-bar">
      <Text size="sm">
        You are acting as <b>{actingAs}</b>
        {actor ? ` (signed in as ${actor})` : ''}.
      </Text>
      <Button
        size="compact-sm"
        color="red"
        variant="filled"
        loading={stop.isPending}
        onClick={() => stop.mutate()}
      >
        Back to my account
      </Button>
    </Group>
  );
}
