import { tripEventInputSchema } from '@fleet/domain/inputs';
import { fieldErrorsOfIssues, placeErrors } from './form-errors';

const FIELDS = { km: 'km', code: 'code', photoFileId: 'photo', signatureFileId: 'signature' };

it('puts the app’s own check of a trip event beside the fields it names', () => {
  const checked = tripEventInputSchema.safeParse({
    id: '0b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    clientActionId: '1b5c0c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    at: new Date(),
    event: 'DUTY_START',
    km: '45,210',
    code: '12',
  });
  expect(checked.success).toBe(false);
  expect(placeErrors(fieldErrorsOfIssues(checked.error?.issues ?? []), FIELDS)).toEqual({
    byField: {
      km: 'Give the odometer in km, e.g. 45210.5',
      code: 'The passenger’s code has 4 digits',
    },
  });
});

it('puts the server’s refusal beside the field it names, and the rest above the form', () => {
  expect(
    placeErrors(
      { code: 'That is not the passenger’s start code. Ask the passenger again.' },
      FIELDS,
      'That is not the passenger’s start code. Ask the passenger again.',
    ),
  ).toEqual({ byField: { code: 'That is not the passenger’s start code. Ask the passenger again.' } });
  expect(
    placeErrors(
      { dutyEnd: 'Duty end: the km reading cannot be less than at duty start.' },
      FIELDS,
      'Duty end: the km reading cannot be less than at duty start.',
    ),
  ).toEqual({ byField: {}, general: 'Duty end: the km reading cannot be less than at duty start.' });
  expect(placeErrors({}, FIELDS, 'This duty is Closed; you cannot end it now.')).toEqual({
    byField: {},
    general: 'This duty is Closed; you cannot end it now.',
  });
});
