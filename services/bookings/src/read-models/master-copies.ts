// Bookings' copies of the masters it reads (customers, suppliers, vehicles, vehicle groups, drivers, duty
// types, rate cards, labels), kept from masters' typed events and filled in from masters' GetTypedRecords when a booking
// names a record no event has brought yet. A booking is never refused because an event is late, and
// never waits on masters once a copy is here.
import type { Client } from '@connectrpc/connect';
import {
  createMastersCopies,
  type Database,
  type EventBus,
  type Logger,
  type MasterCopiesOf,
  type MasterCopy,
  type MasterCopyRequest,
} from '@fleet/platform';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { SCHEMA } from '../storage/migrations';

const KINDS = [
  'vehicle',
  'vehicle_group',
  'driver',
  'customer',
  'supplier',
  'duty_type',
  'rate_card',
  'label',
] as const;
type Kind = (typeof KINDS)[number];
/** The typed record of a copied kind: `Copy<'vehicle'>` is masters' Vehicle message. */
export type Copy<K extends Kind> = MasterCopy<K>;
/** Which records of which kinds a use case needs: `{ customer: [id], duty_type: [id] }`. */
export type CopyRequest = MasterCopyRequest<Kind>;
/** The copies found, by kind and id; an id masters does not know (or not for this operator) is absent. */
export type Copies = MasterCopiesOf<Kind>;

export function createMasterCopies(deps: {
  db: Database;
  bus: EventBus;
  logger: Logger;
  masters: Client<typeof MastersService>;
}) {
  return createMastersCopies({ service: 'bookings', schema: SCHEMA, kinds: KINDS, ...deps });
}

export type MasterCopies = ReturnType<typeof createMasterCopies>;
