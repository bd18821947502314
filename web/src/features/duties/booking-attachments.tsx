// A booking's attachments on its form: files picked (PNG, JPG, JPEG or PDF up to 3.5 MB, anything else
// refused here with its name), uploaded one after another with their progress through the one upload
// mechanism, then listed by name and size, each opened in a new tab or removed.
import { BOOKING_FILE_KIND, MAX_BOOKING_ATTACHMENTS } from '@fleet/domain';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { fileSizeText, UPLOAD_ACCEPT, type UploadedFile, uploadFile } from '../common/form/upload-file';
import { keepsFocus } from '../masters/master-fields';
import type { BookingFormValues } from './booking-form-values';

const ATTACHMENTS = { kind: BOOKING_FILE_KIND, field: 'attachment_ids' } as const;

interface Uploading {
  name: string;
  /** Which of how many picked together. */
  place: number;
  of: number;
  /** Share sent, 0 to 1. */
  sent: number;
}

export function AttachmentsField({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const { control, getFieldState, formState } = useFormContext<BookingFormValues>();
  const { field } = useController({ control, name: 'attachments' });
  const [uploading, setUploading] = useState<Uploading>();
  const [problems, setProblems] = useState<string[]>([]);
  const attached = field.value;
  const error = getFieldState('attachments', formState).error;

  const add = async (picked: File[]) => {
    if (picked.length === 0) return;
    const room = MAX_BOOKING_ATTACHMENTS - attached.length;
    const taken = picked.slice(0, room);
    const refused =
      picked.length > room
        ? [
            `A booking holds at most ${MAX_BOOKING_ATTACHMENTS} attachments; ${picked.length - room} left out.`,
          ]
        : [];
    onBusyChange(true);
    let list = attached;
    for (const [index, file] of taken.entries()) {
      setUploading({ name: file.name, place: index + 1, of: taken.length, sent: 0 });
      const outcome = await uploadFile(file, ATTACHMENTS, (sent) =>
        setUploading((now) => now && { ...now, sent }),
      );
      if (outcome.ok) {
        list = [...list, outcome.file];
        field.onChange(list);
      } else {
        refused.push(outcome.message);
      }
    }
    setUploading(undefined);
    setProblems(refused);
    onBusyChange(false);
  };

  return (
    <Stack gap="xs">
      {attached.length > 0 ? (
        <Stack gap={4} role="list" aria-label="Attachments">
          {attached.map((file, index) => (
            <Group key={file.id} gap="sm" role="listitem">
              <Anchor href={`/api/files/${file.id}`} target="_blank" size="sm">
                {file.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {fileSizeText(file.sizeBytes)}
              </Text>
              <Button
                {...keepsFocus}
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.fileName}`}
                onClick={() => field.onChange(attached.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      {uploading ? (
        <Stack gap={2}>
          <Text size="xs">
            Uploading {uploading.name}
            {uploading.of > 1 ? ` (${uploading.place} of ${uploading.of})` : ''}…
          </Text>
          <Progress
            value={Math.round(uploading.sent * 100)}
            aria-label={`Uploading ${uploading.name}`}
            size="sm"
          />
        </Stack>
      ) : null}
      {[...problems, ...(error?.message ? [error.message] : [])].map((problem) => (
        <Text key={problem} size="xs" c="red" role="alert">
          {problem}
        </Text>
      ))}
      <Group gap="sm">
        <FileButton onChange={add} accept={UPLOAD_ACCEPT} multiple disabled={!!uploading}>
          {(props) => (
            <Button
              {...props}
              {...keepsFocus}
              size="xs"
              variant="light"
              loading={!!uploading}
              disabled={attached.length >= MAX_BOOKING_ATTACHMENTS}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PNG, JPG or PDF up to 3.5 MB each; at most {MAX_BOOKING_ATTACHMENTS}.
        </Text>
      </Group>
    </Stack>
  );
}

/** A booking's attachments on its page: each opened in a new tab. */
export function AttachmentLinks({ attachments }: { attachments: readonly UploadedFile[] }) {
  return (
    <Stack gap={4} role="list" aria-label="Attachments">
      {attachments.map((file) => (
        <Group key={file.id} gap="sm" role="listitem">
          <Anchor href={`/api/files/${file.id}`} target="_blank" size="sm">
            {file.fileName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {fileSizeText(file.sizeBytes)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
