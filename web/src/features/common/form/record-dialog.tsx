// A dialog that records one thing or changes it (a fill, an expense, a petty cash entry): its fields,
// what went wrong, and delete (when it may), close and save. Read-only for those who may not change it.
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function RecordDialog({
  title,
  formLabel,
  canChange = true,
  onClose,
  onSubmit,
  problem,
  problemTitle = 'Not saved',
  saving,
  saveLabel,
  remove,
  children,
}: {
  title: string;
  /** The form's accessible name ("Fuel log form"). */
  formLabel: string;
  /** False: the fields are shown but cannot be changed, and there are no buttons but the dialog's close. */
  canChange?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  problem: string | undefined;
  problemTitle?: string;
  saving: boolean;
  saveLabel: string;
  /** Deleting what is being changed, when that is offered. */
  remove?: { label: string; pending: boolean; onRemove: () => void };
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form
        aria-label={formLabel}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset disabled={!canChange} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            {children}
            {problem ? (
              <Alert color="red" title={problemTitle}>
                {problem}
              </Alert>
            ) : null}
            {canChange ? (
              <Group justify={remove ? 'space-between' : 'flex-end'}>
                {remove ? (
                  <Button color="red" variant="subtle" loading={remove.pending} onClick={remove.onRemove}>
                    {remove.label}
                  </Button>
                ) : null}
                <Group>
                  <Button variant="default" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" loading={saving}>
                    {saveLabel}
                  </Button>
                </Group>
              </Group>
            ) : null}
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
}
