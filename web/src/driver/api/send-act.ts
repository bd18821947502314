import { type DriverAct, withFileIds } from '../offline/driver-acts';
import type { SendOutcome } from '../offline/queue';
import { outcomeOfFailure } from '../offline/send-outcome';
import { recordLocations } from '../tracking/record-locations';
import { alone, driverClient } from './client';
import { failureOf } from './failure';
import type { DriverDuty } from './types';

/** What the server answers an act on a duty: the duty as it now is, and whether this call applied it. */
export type ActAnswer = { duty: DriverDuty; applied: boolean } | null;

async function call(act: DriverAct): Promise<ActAnswer> {
  switch (act.kind) {
    case 'answer':
      return driverClient.driver.answer.mutate(act.input, alone);
    case 'tripEvent':
      return driverClient.driver.tripEvent.mutate(act.input, alone);
    case 'billingItem':
      return driverClient.driver.addBillingItem.mutate(act.input, alone);
    case 'navigation':
      return driverClient.driver.navigationStart.mutate(act.input, alone);
    case 'locations':
      await recordLocations(act.input);
      return null;
  }
}

/** Sends one act of the outbox, with its uploaded files' ids, and says what came of it. */
export async function sendAct(
  act: DriverAct,
  fileIds: Record<string, string>,
): Promise<SendOutcome<ActAnswer>> {
  try {
    return { kind: 'answered', result: await call(withFileIds(act, fileIds)) };
  } catch (error) {
    return outcomeOfFailure(failureOf(error));
  }
}
