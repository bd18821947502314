// A photo from the phone's camera (an odometer, a receipt): a big button that opens the camera, a
// preview of what was taken, and a way to take it again. The photo is kept as bytes until it is sent.
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { type PreparedPhoto, preparePhoto } from '../offline/photos';

export interface TakenPhoto {
  name: string;
  blob: Blob;
}

export function PhotoField({
  label,
  baseName,
  value,
  onChange,
  error,
}: {
  label: string;
  /** The uploaded file's name, without its extension: `odometer-garage-start`. */
  baseName: string;
  value: TakenPhoto | undefined;
  onChange(photo: TakenPhoto | undefined): void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!value) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(value.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  async function picked(file: File | undefined) {
    if (!file) return;
    const prepared: PreparedPhoto = await preparePhoto(file, baseName);
    if (prepared.ok) {
      setProblem(undefined);
      onChange({ name: prepared.name, blob: prepared.blob });
    } else {
      setProblem(prepared.problem);
    }
    if (input.current) input.current.value = '';
  }

  const shownError = error ?? problem;
  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="photo-input"
        onChange={(event) => void picked(event.currentTarget.files?.[0])}
      />
      {preview ? <Image src={preview} alt={label} h={140} w="auto" fit="contain" radius="sm" /> : null}
      <Group gap="xs" grow>
        <Button variant="light" size="lg" onClick={() => input.current?.click()}>
          {value ? 'Take again' : 'Take photo'}
        </Button>
        {value ? (
          <Button variant="subtle" color="gray" size="lg" onClick={() => onChange(undefined)}>
            Remove
          </Button>
        ) : null}
      </Group>
      {shownError ? (
        <Text c="red" size="sm" data-testid="photo-error">
          {shownError}
        </Text>
      ) : null}
    </Stack>
  );
}
