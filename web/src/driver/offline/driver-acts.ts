// What the driver app puts in its outbox: the acts on a duty (answer, trip event, expense, navigation), each carrying the id the phone gave
// it and the phone's time, and batches of the phone's locations.
import type {
  DriverAnswerInput,
  DriverBillingItemInput,
  DriverNavigationInput,
  TripEventInput,
} from '@fleet/domain/inputs';
import type { LocationBatch } from '../tracking/record-locations';

export type DriverAct =
  | { kind: 'answer'; input: DriverAnswerInput }
  | { kind: 'tripEvent'; input: TripEventInput }
  | { kind: 'billingItem'; input: DriverBillingItemInput }
  | { kind: 'navigation'; input: DriverNavigationInput }
  | { kind: 'locations'; input: LocationBatch };

/** The fields of an act that take an uploaded file's id. */
export type FileField = 'photoFileId' | 'signatureFileId' | 'receiptFileId';

/** The duty an act is on; none for a batch of locations (it may span duties). */
export const dutyIdOf = (act: DriverAct): string | undefined =>
  act.kind === 'locations' ? undefined : act.input.id;

/** A refused act is kept for the driver to read; a refused batch of locations would only be refused again. */
export const keepsRefused = (act: DriverAct) => act.kind !== 'locations';

/** The act with the ids of its uploaded files put in their fields. */
export function withFileIds(act: DriverAct, fileIds: Record<string, string>): DriverAct {
  const ids = (fields: FileField[]) =>
    Object.fromEntries(fields.filter((field) => fileIds[field]).map((field) => [field, fileIds[field]]));
  switch (act.kind) {
    case 'tripEvent':
      return { ...act, input: { ...act.input, ...ids(['photoFileId', 'signatureFileId']) } };
    case 'billingItem':
      return { ...act, input: { ...act.input, ...ids(['receiptFileId']) } };
    default:
      return act;
  }
}
