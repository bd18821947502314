// A booking's attachments end to end through the gateway, as the web app handles them: a PDF uploaded at
// /api/files for kind `booking` (by whoever may take bookings), the booking taken with it, read back by
// booking.get with the file's name, type and size, and opened by whoever may see bookings; an id that is
// not such a file is a 400 naming its place in the list.
import { expectTrpcError } from '../../support/expect-trpc-error';
import { bearer, bookingMasters, bootGateway, freshPhone, type GatewayHarness } from './support';

const PDF = Buffer.from('%PDF-1.7\n% Acme purchase order 4711\n%%EOF\n');

let h: GatewayHarness;
let owner: ReturnType<GatewayHarness['client']>;
let ownerToken: string;
let viewerToken: string;
let viewer: ReturnType<GatewayHarness['client']>;
let otherToken: string;
let customerId: string;
let dutyTypeId: string;
let vehicleGroupId: string;

beforeAll(async () => {
  h = await bootGateway();
  ({ token: ownerToken } = await h.signIn(freshPhone(), { operatorName: 'Attaching Cabs' }));
  owner = h.client(() => bearer(ownerToken));
  ({ token: otherToken } = await h.signIn(freshPhone(), { operatorName: 'Other Cabs' }));
  const profile = await owner.permissionProfile.create.mutate({
    name: 'Board watcher',
    permissions: ['view_booking'],
  });
  const viewerPhone = freshPhone();
  await owner.employee.create.mutate({
    name: 'Vee Watcher',
    phone: viewerPhone,
    permissionProfileId: profile.id,
  });
  ({ token: viewerToken } = await h.signIn(viewerPhone));
  viewer = h.client(() => bearer(viewerToken));

  ({ customerId, dutyTypeId, vehicleGroupId } = await bookingMasters(owner));
}, 120_000);
afterAll(() => h?.close());

const upload = (token: string, name: string, field = 'attachment_ids') =>
  fetch(`${h.baseUrl}/api/files?kind=booking&field=${field}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...bearer(token) },
    body: PDF,
  });

const draft = (attachmentIds: string[]) => ({
  customerId,
  passengers: [{ name: 'Asha Rao', phone: '+919800000101' }],
  fromCityId: 'mh-pune',
  vehicleGroupId,
  dutyTypeId,
  reportingDate: '2040-03-02',
  reportingTime: '09:15',
  reportingAddress: 'Koregaon Park, Pune',
  sales: { price: '2000' },
  attachmentIds,
});

it('uploads a PDF for a booking, takes the booking with it, lists it on booking.get and serves it to a viewer', async () => {
  const stored = await upload(ownerToken, 'Purchase order 4711.pdf');
  expect(stored.status).toBe(201);
  const file = (await stored.json()) as { id: string };

  const { booking } = await owner.booking.create.mutate(draft([file.id]));
  expect(booking.attachmentIds).toEqual([file.id]);

  const read = await viewer.booking.get.query({ id: booking.id });
  expect(read.attachments).toEqual([
    {
      id: file.id,
      fileName: 'Purchase order 4711.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    },
  ]);

  const opened = await fetch(`${h.baseUrl}/api/files/${file.id}`, { headers: bearer(viewerToken) });
  expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(Buffer.from(await opened.arrayBuffer())).toEqual(PDF);
  // A customer's papers: no browser or proxy keeps a copy.
  expect(opened.headers.get('cache-control')).toBe('no-store');
  // Another operator does not find it.
  expect((await fetch(`${h.baseUrl}/api/files/${file.id}`, { headers: bearer(otherToken) })).status).toBe(
    404,
  );
});

it('lists no attachments for a booking taken without any', async () => {
  const { booking } = await owner.booking.create.mutate(draft([]));
  expect((await viewer.booking.get.query({ id: booking.id })).attachments).toEqual([]);
});

it('refuses an upload from someone who may not take bookings', async () => {
  const refused = await upload(viewerToken, 'po.pdf');
  expect(refused.status).toBe(403);
});

it('refuses a booking holding another operator’s file or a slip photo, naming its place in the list', async () => {
  const mine = ((await (await upload(ownerToken, 'po.pdf')).json()) as { id: string }).id;
  const theirs = ((await (await upload(otherToken, 'po.pdf')).json()) as { id: string }).id;
  const photo = ((await (await upload(ownerToken, 'odometer.pdf', 'slip_photo')).json()) as { id: string })
    .id;
  for (const stray of [theirs, photo]) {
    const error = await expectTrpcError(owner.booking.create.mutate(draft([mine, stray])));
    expect([error.data?.code, error.data?.fieldErrors]).toEqual([
      'BAD_REQUEST',
      { 'attachmentIds.1': 'This file is not one uploaded for a booking here; upload it again.' },
    ]);
  }
});
