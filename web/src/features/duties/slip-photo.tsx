// A slip point's photo (the odometer, a toll receipt): uploaded through the one upload mechanism for a
// booking's slip photos, then shown as a small thumbnail (or a link, for a PDF) opening it whole; to
// replace it, remove it and upload another.
import { BOOKING_FILE_KIND } from '@fleet/domain';
import { Anchor, Button, FileButton, Group, Image, Text } from '@mantine/core';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { UPLOAD_ACCEPT, uploadFile } from '../common/form/upload-file';
import { keepsFocus } from '../masters/master-fields';
import type { SlipFormValues } from './slip-values';

const SLIP_PHOTOS = { kind: BOOKING_FILE_KIND, field: 'slip_photo' } as const;

/** Opens the photo in a new tab; an image shows as a thumbnail, a PDF as a link. */
export function SlipPhotoLink({ fileId, label }: { fileId: string; label: string }) {
  const [notAnImage, setNotAnImage] = useState(false);
  return (
    <Anchor href={`/api/files/${fileId}`} target="_blank" size="sm" aria-label={`Photo: ${label}`}>
      {notAnImage ? (
        'Photo'
      ) : (
        <Image
          src={`/api/files/${fileId}`}
          alt=""
          h={32}
          w={48}
          fit="cover"
          radius="xs"
          onError={() => setNotAnImage(true)}
        />
      )}
    </Anchor>
  );
}

export function SlipPhotoField({ index, label }: { index: number; label: string }) {
  const { control } = useFormContext<SlipFormValues>();
  const { field, fieldState } = useController({ control, name: `points.${index}.fileId` });
  const [sent, setSent] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(undefined);
    setSent(0);
    const outcome = await uploadFile(file, SLIP_PHOTOS, setSent);
    setSent(undefined);
    if (outcome.ok) field.onChange(outcome.file.id);
    else setProblem(outcome.message);
  };
  const message = problem ?? fieldState.error?.message;
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        {field.value ? (
          <>
            <SlipPhotoLink fileId={field.value} label={label} />
            <Button
              {...keepsFocus}
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Remove photo: ${label}`}
              onClick={() => field.onChange('')}
            >
              ✕
            </Button>
          </>
        ) : (
          <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                {...keepsFocus}
                size="compact-xs"
                variant="light"
                loading={sent !== undefined}
                aria-label={`Upload photo: ${label}`}
              >
                {sent !== undefined ? `${Math.round(sent * 100)}%` : 'Photo'}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {message ? (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      ) : null}
    </div>
  );
}
