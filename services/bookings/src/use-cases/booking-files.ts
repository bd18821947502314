// A booking holds only files of its operator uploaded for what they are on it (an attachment, a slip's
// photo): masters keeps the files and says which ids are such files. Asked before anything is written,
// so a refused id changes nothing.
import type { Client } from '@connectrpc/connect';
import { BOOKING_FILE_KIND, type BookingFileField } from '@fleet/domain';
import { callAs, invalidField } from '@fleet/platform';
import type { MastersService } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import type { TenantCaller } from './deps';

/** A file id as given, with the input field it came in (`attachmentIds.1`, `points.0.fileId`). */
export interface GivenFile {
  field: string;
  id: string;
}

/** Refuses, naming its field, the first id that is not the operator's file uploaded for `field` of a booking. */
export async function requireBookingFiles(
  masters: Client<typeof MastersService>,
  caller: TenantCaller,
  field: BookingFileField,
  given: readonly GivenFile[],
): Promise<void> {
  if (given.length === 0) return;
  const { files } = await masters.checkFiles(
    { kind: BOOKING_FILE_KIND, field, ids: given.map((file) => file.id) },
    callAs(caller),
  );
  const found = new Set(files.map((file) => file.id));
  const stray = given.find((file) => !found.has(file.id.toLowerCase()));
  if (stray) {
    throw invalidField(
      stray.field,
      field === 'slip_photo'
        ? 'This photo is not one uploaded for a duty slip here; upload it again.'
        : 'This file is not one uploaded for a booking here; upload it again.',
    );
  }
}
