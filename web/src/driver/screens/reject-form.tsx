// Rejecting a duty needs a reason: the office reads it when it allots the duty to someone else.
import { Alert, Button, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { DriverDuty } from '../api/types';
import { newActId } from '../offline/act-id';
import { type FormErrors, placeErrors } from './form-errors';
import { useSubmitAct } from './use-submit-act';

const REASON_MAX = 500;

export function RejectForm({ duty, onClose }: { duty: DriverDuty; onClose(told?: string): void }) {
  const submit = useSubmitAct();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ byField: {} });
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setErrors({ byField: { reason: 'Say why you reject this duty.' } });
      return;
    }
    setSaving(true);
    const result = await submit({
      kind: 'answer',
      input: {
        id: duty.id,
        clientActionId: newActId(),
        at: new Date(),
        answer: 'REJECT',
        reason: reason.trim(),
      },
    });
    setSaving(false);
    if (result.kind === 'refused') {
      setErrors(placeErrors(result.refusal.fieldErrors, { reason: 'reason' }, result.refusal.message));
      return;
    }
    onClose(
      result.kind === 'sent' ? 'You rejected the duty.' : 'Your rejection goes when the network is back.',
    );
  }

  return (
    <Modal
      opened
      onClose={() => onClose()}
      title="Reject the duty"
      fullScreen
      radius={0}
      transitionProps={{ duration: 0 }}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="lg">
          {errors.general ? <Alert color="red">{errors.general}</Alert> : null}
          <Textarea
            label="Why can you not take it?"
            size="lg"
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.byField.reason}
            required
          />
          <Button type="submit" color="red" size="xl" fullWidth loading={saving}>
            Reject the duty
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
