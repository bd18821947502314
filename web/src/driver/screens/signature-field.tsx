// The passenger signs on the driver's screen at the end of the duty; the drawing is kept as a PNG and
// uploaded with the event (it stands in for the end code).
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

export function SignatureField({
  label,
  onChange,
  error,
}: {
  label: string;
  onChange(signature: Blob | undefined): void;
  error?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the screen's pixel density, so the signature is sharp on a phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255, 255, 255)' });
    pad.current = signature;
    const ended = () => {
      if (signature.isEmpty()) changed.current(undefined);
      else element.toBlob((blob) => changed.current(blob ?? undefined), 'image/png');
    };
    signature.addEventListener('endStroke', ended);
    return () => {
      signature.removeEventListener('endStroke', ended);
      signature.off();
      pad.current = null;
    };
  }, []);

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          variant="subtle"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            onChange(undefined);
          }}
        >
          Clear
        </Button>
      </Group>
      <Box
        component="canvas"
        ref={canvas}
        aria-label={label}
        data-testid="signature-pad"
        h={180}
        w="100%"
        bd={`1px solid ${error ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`}
        style={{ borderRadius: 'var(--mantine-radius-sm)', touchAction: 'none', display: 'block' }}
      />
      {error ? (
        <Text c="red" size="sm">
          {error}
        </Text>
      ) : (
        <Text c="dimmed" size="xs">
          The passenger signs with a finger.
        </Text>
      )}
    </Stack>
  );
}
