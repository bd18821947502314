import { createOutbox, defineEvent, type EventType } from '@fleet/platform';
import { MasterChangedSchema } from '@fleet/proto/fleet/masters/v1/events_pb';
import { SCHEMA } from '../storage/migrations';

export type MasterChange = 'created' | 'updated' | 'deactivated' | 'activated';

const events = new Map<string, EventType<typeof MasterChangedSchema>>();

/**
 * Every master change is published as MasterChanged on fleet.masters.<kind>.<change>, e.g.
 * fleet.masters.vehicle.created; consumers filter on fleet.masters.vehicle.> or fleet.masters.*.updated.
 */
export function masterEvent(kind: string, change: string): EventType<typeof MasterChangedSchema> {
  const subject = `fleet.masters.${kind}.${change}`;
  let event = events.get(subject);
  if (!event) {
    event = defineEvent(subject, MasterChangedSchema);
    events.set(subject, event);
  }
  return event;
}

export const mastersOutbox = createOutbox(SCHEMA);
