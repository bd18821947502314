// Adjusting one side's allowances on a closed duty: which allowance, what it now comes to (0 removes it)
// and why — the reason is kept in the duty's trail with the totals before and after.
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpcClient } from '../../lib/trpc';
import type { DutyRef } from './booking-types';
import { ALLOWANCE_CHOICES, CHARGE_SIDES, type ChargeSide } from './charge-sides';
import { dutyNumber, rupees } from './duty-format';
import { useRefreshBookings } from './status-actions';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

export function AdjustAllowancesDialog({
  duty,
  side,
  onClose,
}: {
  duty: DutyRef;
  side: ChargeSide;
  onClose: () => void;
}) {
  const facts = CHARGE_SIDES[side];
  const refresh = useRefreshBookings();
  const [code, setCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ code?: string; amount?: string; reason?: string }>({});
  const adjust = useMutation({
    mutationFn: (input: { code: string; amount: string; reason: string }) =>
      trpcClient.booking[facts.procedure].mutate({
        id: duty.id,
        allowances: [{ code: input.code, amount: input.amount }],
        reason: input.reason,
      }),
    onSuccess: (r) => {
      showToast(`${facts.title} now comes to ${rupees(r.charges.total)}.`);
      onClose();
    },
    onError: (error) => showToast(errorMessage(error), 'alert-danger'),
    onSettled: () => refresh(),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Adjust allowances · ${facts.title.toLowerCase()} · duty ${dutyNumber(duty.bookingNo)}`}
    >
      <form
        aria-label={`Adjust allowances ${facts.title.toLowerCase()}`}
        onSubmit={(event) => {
          event.preventDefault();
          const found = {
            code: code ? undefined : 'Choose the allowance.',
            amount: AMOUNT.test(amount.trim()) ? undefined : 'Enter the amount, e.g. 250 or 250.50',
            reason: reason.trim() ? undefined : 'Say why; it is kept with the duty.',
          };
          setErrors(found);
          if (!code || found.amount || found.reason) return;
          adjust.mutate({ code, amount: amount.trim(), reason: reason.trim() });
        }}
      >
        <Stack gap="sm">
          <Select
            label="Allowance"
            withAsterisk
            data={ALLOWANCE_CHOICES}
            value={code}
            onChange={setCode}
            error={errors.code}
            data-autofocus
          />
          <TextInput
            label="Amount it now comes to (₹)"
            description="0 removes the allowance"
            withAsterisk
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              Adjust
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
