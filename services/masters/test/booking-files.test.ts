// Files a booking holds, through the one upload mechanism (UploadFile for kind `booking`), and
// CheckFiles: how another service learns which file ids it was given are its operator's files
// uploaded for that very field, with their names, on a real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { type Caller, callAs } from '@fleet/platform';
import { FilePurpose } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { expectDomainError } from '@fleet/testing';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
const T = randomUUID();
let owner: Caller;

const PDF = Buffer.from('%PDF-1.7\n% a booking’s purchase order\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function upload(fileName: string, content: Uint8Array, kind: string, field: string, caller = owner) {
  return h.client.uploadFile({ fileName, content, kind, field }, callAs(caller));
}
const attachment = (name = 'po.pdf', caller = owner) =>
  upload(name, PDF, 'booking', 'attachment_ids', caller).then((r) => r.file!);
const checkAttachments = (ids: string[], caller: Caller = owner) =>
  h.client
    .checkFiles({ kind: 'booking', field: 'attachment_ids', ids }, callAs(caller))
    .then((r) => r.files.map((f) => f.id));

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
});
afterAll(() => h?.close());

describe('a booking’s files', () => {
  it('are uploaded for its attachments and for its slip’s photos, each with its own purpose', async () => {
    const po = await attachment();
    expect(po).toMatchObject({ fileName: 'po.pdf', purpose: FilePurpose.BOOKING_ATTACHMENT });
    const photo = (await upload('odometer.png', PNG, 'booking', 'slip_photo')).file!;
    expect(photo.purpose).toBe(FilePurpose.DUTY_SLIP_PHOTO);
    const got = await h.client.getFile({ id: po.id }, callAs(h.callerFor(T, ['view_booking'])));
    expect(Buffer.from(got.content).equals(PDF)).toBe(true);
  });

  it('are uploaded only by whoever takes bookings or records slips, and opened by whoever sees them', async () => {
    const viewer = h.callerFor(T, ['view_booking']);
    expect((await expectDomainError(attachment('po.pdf', viewer))).code).toBe('PERMISSION_DENIED');
    const recorder = h.callerFor(T, ['view_booking', 'view_duty_slip', 'generate_duty_slip']);
    expect((await expectDomainError(attachment('po.pdf', recorder))).code).toBe('PERMISSION_DENIED');
    const photo = (
      await upload('toll.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9]), 'booking', 'slip_photo', recorder)
    ).file!;
    // A slip's photo is part of the slip: seeing bookings is not enough to open it.
    expect((await expectDomainError(h.client.getFile({ id: photo.id }, callAs(viewer)))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await h.client.getFile({ id: photo.id }, callAs(recorder))).file!.fileName).toBe('toll.jpg');
  });

  it('are refused for a field a booking does not have', async () => {
    const error = await expectDomainError(upload('x.pdf', PDF, 'booking', 'remark'));
    expect([error.code, error.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', ['field']]);
  });
});

describe('CheckFiles', () => {
  it('answers the ids that are the operator’s files uploaded for that field, once each, with their names', async () => {
    const po = await attachment('po.pdf');
    const voucher = await attachment('voucher.pdf');
    const files = await h.client.checkFiles(
      { kind: 'booking', field: 'attachment_ids', ids: [voucher.id, po.id, voucher.id.toUpperCase()] },
      callAs(owner),
    );
    expect(files.files.map((f) => [f.id, f.fileName, f.contentType, f.sizeBytes])).toEqual([
      [voucher.id, 'voucher.pdf', 'application/pdf', BigInt(PDF.length)],
      [po.id, 'po.pdf', 'application/pdf', BigInt(PDF.length)],
    ]);
  });

  it('leaves out another operator’s file, a file uploaded for something else and an id no file has', async () => {
    const mine = await attachment();
    const theirs = await attachment('theirs.pdf', h.callerFor(randomUUID()));
    const photo = (await upload('odometer.png', PNG, 'booking', 'slip_photo')).file!;
    const insurance = (await upload('insurance.pdf', PDF, 'vehicle', 'insurance_file_id')).file!;
    expect(await checkAttachments([theirs.id, mine.id, photo.id, insurance.id, randomUUID()])).toEqual([
      mine.id,
    ]);
    // The photo is found for the field it was uploaded for.
    const photos = await h.client.checkFiles(
      { kind: 'booking', field: 'slip_photo', ids: [photo.id, mine.id] },
      callAs(owner),
    );
    expect(photos.files.map((f) => f.id)).toEqual([photo.id]);
  });

  it('needs the caller’s operator, not a person’s permission', async () => {
    const mine = await attachment();
    expect(await checkAttachments([mine.id], h.callerFor(T, []))).toEqual([mine.id]);
  });

  it('refuses a field that holds no files, an id that is none, and too many ids at once', async () => {
    const noField = await expectDomainError(
      h.client.checkFiles({ kind: 'booking', field: 'remark', ids: [] }, callAs(owner)),
    );
    expect(noField.fieldViolations.map((v) => v.field)).toEqual(['field']);
    const notAnId = await expectDomainError(checkAttachments([randomUUID(), 'nope']));
    expect([notAnId.code, notAnId.fieldViolations.map((v) => v.field)]).toEqual([
      'INVALID_ARGUMENT',
      ['ids.1'],
    ]);
    const many = await expectDomainError(checkAttachments(Array.from({ length: 101 }, () => randomUUID())));
    expect(many.fieldViolations.map((v) => v.field)).toEqual(['ids']);
  });
});
