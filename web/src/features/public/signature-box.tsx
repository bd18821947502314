// A box the passenger signs in with a finger or a mouse (signature_pad), handed on as a PNG data URL.
// Labelled for screen readers and for tests; "Clear" starts again.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

export function SignatureBox({
  onChange,
  error,
}: {
  /** The signature as a PNG data URL, or undefined when the box is empty. */
  onChange: (signature: string | undefined) => void;
  error?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { minWidth: 1, maxWidth: 2.5, penColor: '#1a1b1e' });
    pad.current = signature;
    // The canvas is drawn at the screen's pixel density, so the strokes stay sharp on a phone.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const kept = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.fromData(kept);
    };
    fit();
    const ended = () => changed.current(signature.isEmpty() ? undefined : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', ended);
      signature.off();
    };
  }, []);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="signature-label">
        Your signature
      </Text>
      <Paper withBorder radius="sm" style={{ borderColor: error ? 'var(--mantine-color-red-6)' : undefined }}>
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby="signature-label"
          data-testid="signature-pad"
          style={{ width: '100%', height: 160, touchAction: 'none', display: 'block' }}
        />
      </Paper>
      <Group justify="space-between">
        <Text size="xs" c={error ? 'red' : 'dimmed'}>
          {error ?? 'Sign inside the box with your finger.'}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            pad.current?.clear();
            changed.current(undefined);
          }}
        >
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}
