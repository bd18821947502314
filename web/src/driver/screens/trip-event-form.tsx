// Recording one event of the trip: the odometer (starting from the last reading), a photo, the
// passenger's code where the operator asks it, and at the end the passenger's signature. Checked as the
// server checks it before it is kept; then sent, or kept on the phone until the network is back.
import { TRIP_EVENT_RULES, type TripEvent } from '@fleet/domain';
import { type TripEventInput, tripEventInputSchema } from '@fleet/domain/inputs';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import Decimal from 'decimal.js';
import { type FormEvent, useState } from 'react';
import type { DriverDuty } from '../api/types';
import { newActId } from '../offline/act-id';
import { lastKm } from '../offline/optimistic';
import type { QueuedFile } from '../offline/queue';
import { useRuntime } from '../runtime-context';
import { type FormErrors, fieldErrorsOfIssues, placeErrors } from './form-errors';
import { PhotoField, type TakenPhoto } from './photo-field';
import { SignatureField } from './signature-field';
import { useSubmitAct } from './use-submit-act';

/** The act's fields (as the schema and the server name them) → this form's fields. */
const FIELDS: Record<string, string> = {
  km: 'km',
  code: 'code',
  photoFileId: 'photo',
  signatureFileId: 'signature',
};

const fileBase = (event: TripEvent) => `odometer-${event.toLowerCase().replace(/_/g, '-')}`;

/** What the passenger must give at this event, by the operator's rules. */
function codeAsked(duty: DriverDuty, event: TripEvent): 'start' | 'end' | null {
  const code = TRIP_EVENT_RULES[event].code;
  if (code === 'start' && duty.startCodeRequired) return 'start';
  if (code === 'end' && duty.endCodeRequired) return 'end';
  return null;
}

export function TripEventForm({
  duty,
  event,
  onClose,
}: {
  duty: DriverDuty;
  event: TripEvent;
  /** Closes the form; with what to tell the driver when the event was taken. */
  onClose(told?: string): void;
}) {
  const { lastFix } = useRuntime();
  const submit = useSubmitAct();
  const label = TRIP_EVENT_RULES[event].label;
  const previousKm = lastKm(duty);
  const asked = codeAsked(duty, event);
  const signs = event === 'DUTY_END';
  const [km, setKm] = useState(previousKm);
  const [code, setCode] = useState('');
  const [photo, setPhoto] = useState<TakenPhoto>();
  const [signature, setSignature] = useState<Blob>();
  const [errors, setErrors] = useState<FormErrors>({ byField: {} });
  const [saving, setSaving] = useState(false);

  /** What the app can tell before sending: what the server would refuse, said beside its field. */
  function ownChecks(): Record<string, string> {
    const problems: Record<string, string> = {};
    if (asked === 'start' && !code.trim()) problems.code = 'Ask the passenger for the start code.';
    if (asked === 'end' && !code.trim() && !signature) {
      problems.code = 'Ask the passenger for the end code, or take their signature.';
    }
    if (previousKm && /^\d{1,7}(\.\d)?$/.test(km.trim()) && new Decimal(km.trim()).lessThan(previousKm)) {
      problems.km = `The odometer cannot read less than the last reading, ${previousKm} km.`;
    }
    const unfilled = duty.checklist.filter((item) => !item.filled).map((item) => item.name);
    if (event === 'DUTY_START' && unfilled.length > 0) {
      problems.checklist = `Fill in ${unfilled.join(', ')} before starting the duty.`;
    }
    return problems;
  }

  async function save(formEvent: FormEvent) {
    formEvent.preventDefault();
    const fix = lastFix.fresh();
    const input: TripEventInput = {
      id: duty.id,
      clientActionId: newActId(),
      at: new Date(),
      event,
      km: km.trim(),
      ...(asked && code.trim() ? { code: code.trim() } : {}),
      ...(fix ?? {}),
    };
    const checked = tripEventInputSchema.safeParse(input);
    const found = placeErrors(
      { ...(checked.success ? {} : fieldErrorsOfIssues(checked.error.issues)), ...ownChecks() },
      FIELDS,
    );
    setErrors(found);
    if (Object.keys(found.byField).length > 0 || found.general) return;

    const files: Omit<QueuedFile, 'uploadedId'>[] = [
      ...(photo ? [{ field: 'photoFileId', ...photo }] : []),
      ...(signature ? [{ field: 'signatureFileId', name: 'signature.png', blob: signature }] : []),
    ];
    setSaving(true);
    const result = await submit({ kind: 'tripEvent', input }, files);
    setSaving(false);
    if (result.kind === 'refused') {
      setErrors(placeErrors(result.refusal.fieldErrors, FIELDS, result.refusal.message));
      return;
    }
    onClose(
      result.kind === 'sent'
        ? `${label}: recorded.`
        : `${label}: kept on the phone; it goes when the network is back.`,
    );
  }

  return (
    <Modal
      opened
      onClose={() => onClose()}
      title={label}
      fullScreen
      radius={0}
      transitionProps={{ duration: 0 }}
    >
      <form onSubmit={(formEvent) => void save(formEvent)} noValidate>
        <Stack gap="lg">
          {errors.general ? (
            <Alert color="red" data-testid="form-problem">
              {errors.general}
            </Alert>
          ) : null}
          <TextInput
            label="Odometer (km)"
            description={previousKm ? `Last reading: ${previousKm} km` : 'As the odometer shows it'}
            inputMode="decimal"
            size="lg"
            value={km}
            onChange={(e) => {
              setKm(e.currentTarget.value);
              setErrors(({ byField, general }) => ({ byField: { ...byField, km: '' }, general }));
            }}
            error={errors.byField.km || undefined}
            autoFocus
            required
          />
          {asked ? (
            <TextInput
              label={asked === 'start' ? 'Passenger’s start code' : 'Passenger’s end code'}
              description={
                asked === 'end' ? 'Or let the passenger sign below instead.' : 'Ask the passenger for it.'
              }
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              size="lg"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
              error={errors.byField.code || undefined}
            />
          ) : null}
          <PhotoField
            label="Photo of the odometer (optional)"
            baseName={fileBase(event)}
            value={photo}
            onChange={setPhoto}
            error={errors.byField.photo}
          />
          {signs ? (
            <SignatureField
              label={
                asked === 'end' ? 'Passenger’s signature (instead of the code)' : 'Passenger’s signature'
              }
              onChange={setSignature}
              error={errors.byField.signature}
            />
          ) : null}
          <Button type="submit" size="xl" fullWidth loading={saving}>
            Save: {label}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            The time is taken from the phone when you save.
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
