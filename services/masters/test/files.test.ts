// Uploads (spec §5) through UploadFile and GetFile on a real PostgreSQL: PNG, JPG/JPEG and PDF files are
// kept when their bytes really are what their extension says (in any case: SCAN.PDF), anything else is
// refused in words the uploader understands; 3,670,016 bytes is the most a file may have. Each is
// uploaded for one file field of one master, under a name without control or format characters. A
// file is read back byte for byte by its operator with the permission its purpose needs, and by nobody
// else; a record's file field takes only its operator's files uploaded for that very field.
import { randomUUID } from 'node:crypto';
import { allPermissionIds, UPLOAD_MAX_BYTES } from '@fleet/domain';
import { type Caller, callAs, rows } from '@fleet/platform';
import { FilePurpose } from '@fleet/proto/fleet/masters/v1/masters_service_pb';
import { expectDomainError } from '@fleet/testing';
import { sql } from 'drizzle-orm';
import { bootMasters, type MastersHarness } from './support';

let h: MastersHarness;
const T = randomUUID();
let owner: Caller;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [...Buffer.from('%PDF-1.7\n')];
const GIF = [...Buffer.from('GIF89a')];

/** `size` bytes starting with `header`, the rest a repeating pattern (so a truncation would show). */
function file(header: number[], size = 256): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i < header.length ? header[i]! : (i * 31) % 251;
  return bytes;
}

/** The master and field a file is uploaded for. */
type UploadedFor = readonly [kind: string, field: string];
const VEHICLE_INSURANCE: UploadedFor = ['vehicle', 'insurance_file_id'];
const VEHICLE_PERMIT: UploadedFor = ['vehicle', 'permit_file_id'];
const DRIVER_LICENCE: UploadedFor = ['driver', 'licence_file_id'];
const COMPANY_LOGO: UploadedFor = ['company_profile', 'logo_file_id'];
const CUSTOMER_FILES: UploadedFor = ['customer', 'file_ids'];

function upload(fileName: string, content: Uint8Array, caller = owner, [kind, field] = VEHICLE_INSURANCE) {
  return h.client.uploadFile({ fileName, content, kind, field }, callAs(caller));
}

/** How many files the operator has, whatever they are for. */
const filesOf = async (tenantId: string) => {
  const [counted] = await h.database.db.asOwner((tx) =>
    rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from masters.files where tenant_id = ${tenantId}::uuid`,
    ),
  );
  return counted!.n;
};

beforeAll(async () => {
  h = await bootMasters();
  owner = h.callerFor(T);
});
afterAll(() => h?.close());

describe('accepted', () => {
  it.each([
    ['insurance.png', PNG, 'image/png'],
    ['licence.jpg', JPEG, 'image/jpeg'],
    ['badge.JPEG', JPEG, 'image/jpeg'],
    ['SCAN.PDF', PDF, 'application/pdf'],
    ['permit.v2.final.pdf', PDF, 'application/pdf'],
  ])('%s, and reads it back byte for byte', async (name, header, contentType) => {
    const content = file(header, 1000);
    const { file: stored } = await upload(name, content);
    expect(stored).toMatchObject({
      fileName: name,
      contentType,
      sizeBytes: 1000n,
      purpose: FilePurpose.VEHICLE_DOCUMENT,
    });
    const got = await h.client.getFile({ id: stored!.id }, callAs(owner));
    expect(got.file).toMatchObject({ id: stored!.id, fileName: name, contentType, sizeBytes: 1000n });
    expect(Buffer.from(got.content).equals(Buffer.from(content))).toBe(true);
  });

  it('keeps a file of exactly 3,670,016 bytes whole', async () => {
    expect(UPLOAD_MAX_BYTES).toBe(3_670_016);
    const content = file(PDF, 3_670_016);
    const { file: stored } = await upload('big.pdf', content);
    expect(stored!.sizeBytes).toBe(3_670_016n);
    const got = await h.client.getFile({ id: stored!.id }, callAs(owner));
    expect(got.content.length).toBe(3_670_016);
    expect(Buffer.from(got.content).equals(Buffer.from(content))).toBe(true);
  });

  it('keeps the file name without path separators', async () => {
    const { file: stored } = await upload('../../etc/passwd.png', file(PNG));
    expect(stored!.fileName).toBe('.._.._etc_passwd.png');
  });

  it('keeps the file name without control or format characters, bidi overrides included, letters whole', async () => {
    const { file: spoofed } = await upload('invoice\u202Egnp.exe\u200B.png', file(PNG));
    expect(spoofed!.fileName).toBe('invoicegnp.exe.png');
    expect((await h.client.getFile({ id: spoofed!.id }, callAs(owner))).file!.fileName).toBe(
      'invoicegnp.exe.png',
    );
    const { file: hindi } = await upload('\u2067रमेश का लाइसेंस\u2069\t.pdf', file(PDF));
    expect(hindi!.fileName).toBe('रमेश का लाइसेंस.pdf');
  });
});

describe('refused', () => {
  async function refused(name: string, content: Uint8Array) {
    const error = await expectDomainError(upload(name, content));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.reason).toBe('UPLOAD_REFUSED');
    expect(error.fieldViolations.map((v) => v.field)).toEqual(['file']);
    return error.message;
  }

  it('a PNG renamed .pdf, and a PDF renamed .jpg', async () => {
    expect(await refused('scan.pdf', file(PNG))).toBe(
      'This file is not really a .pdf file (it looks like image/png); upload the original.',
    );
    expect(await refused('photo.jpg', file(PDF))).toMatch(/not really a \.jpg file/);
    expect(await refused('photo.png', file([0x00, 0x01, 0x02]))).toBe(
      'This file is not really a .png file; upload the original.',
    );
  });

  it.each([['animation.gif'], ['setup.exe'], ['README'], ['archive.pdf.zip'], ['trailing.']])(
    '%s, by its extension',
    async (name) => {
      expect(await refused(name, file(name.endsWith('.gif') ? GIF : PNG))).toBe(
        'Upload a PNG, JPG, JPEG or PDF file.',
      );
    },
  );

  it('an empty file', async () => {
    expect(await refused('empty.pdf', new Uint8Array())).toBe('The file is empty.');
  });

  it('a file of 3,670,017 bytes', async () => {
    expect(await refused('huge.pdf', file(PDF, 3_670_017))).toBe(
      'The file is larger than 3.5 MB; upload a smaller one.',
    );
  });

  it('a file without a name, or not for a field of a master that holds files', async () => {
    const nameless = await expectDomainError(upload('   ', file(PNG)));
    expect(nameless.fieldViolations[0]?.field).toBe('fileName');
    for (const aimless of [
      ['', ''],
      ['vehicle', 'vehicle_no'],
      ['vehicle', 'licence_file_id'],
      ['spaceship', 'insurance_file_id'],
    ] as const) {
      const error = await expectDomainError(upload('a.png', file(PNG), owner, aimless));
      expect([aimless, error.code, error.fieldViolations.map((v) => v.field)]).toEqual([
        aimless,
        'INVALID_ARGUMENT',
        ['field'],
      ]);
    }
    const wrongPurpose = await expectDomainError(
      h.client.uploadFile(
        {
          fileName: 'a.png',
          content: file(PNG),
          kind: 'vehicle',
          field: 'insurance_file_id',
          purpose: FilePurpose.DRIVER_DOCUMENT,
        },
        callAs(owner),
      ),
    );
    expect(wrongPurpose.fieldViolations.map((v) => v.field)).toEqual(['purpose']);
  });

  it('a name holding the NUL character, storing nothing', async () => {
    const tenant = randomUUID();
    const error = await expectDomainError(upload('scan\u0000.png', file(PNG), h.callerFor(tenant)));
    expect([error.code, error.fieldViolations]).toEqual([
      'INVALID_ARGUMENT',
      [{ field: 'fileName', message: 'Remove the NUL character (U+0000); it cannot be stored.' }],
    ]);
    expect(await filesOf(tenant)).toBe(0);
  });
});

describe('who may read and upload', () => {
  let vehicleFile: string;
  beforeAll(async () => {
    vehicleFile = (await upload('rc.pdf', file(PDF))).file!.id;
  });

  it('another operator gets NOT_FOUND for the id', async () => {
    expect((await h.client.getFile({ id: vehicleFile }, callAs(owner))).file!.fileName).toBe('rc.pdf');
    const other = h.callerFor(randomUUID());
    const error = await expectDomainError(h.client.getFile({ id: vehicleFile }, callAs(other)));
    expect(error.code).toBe('NOT_FOUND');
    // …and the same for an id nobody has; one that is no id at all is the caller's mistake.
    expect((await expectDomainError(h.client.getFile({ id: randomUUID() }, callAs(owner)))).code).toBe(
      'NOT_FOUND',
    );
    const notAnId = await expectDomainError(h.client.getFile({ id: 'nope' }, callAs(owner)));
    expect([notAnId.code, notAnId.fieldViolations.map((v) => v.field)]).toEqual(['INVALID_ARGUMENT', ['id']]);
  });

  it('a caller without the purpose’s view permission is refused', async () => {
    const driversOnly = h.callerFor(T, ['view_driver', 'manage_driver']);
    expect((await expectDomainError(h.client.getFile({ id: vehicleFile }, callAs(driversOnly)))).code).toBe(
      'PERMISSION_DENIED',
    );
    const vehicleViewer = h.callerFor(T, ['view_vehicle']);
    const got = await h.client.getFile({ id: vehicleFile }, callAs(vehicleViewer));
    expect(got.file!.fileName).toBe('rc.pdf');
    // A driver document is for driver viewers.
    const licence = (await upload('dl.png', file(PNG), owner, DRIVER_LICENCE)).file!.id;
    expect((await expectDomainError(h.client.getFile({ id: licence }, callAs(vehicleViewer)))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await h.client.getFile({ id: licence }, callAs(driversOnly))).file!.purpose).toBe(
      FilePurpose.DRIVER_DOCUMENT,
    );
  });

  it('a caller without the purpose’s manage permission cannot upload', async () => {
    const viewer = h.callerFor(
      T,
      allPermissionIds().filter((p) => p !== 'manage_company_profile'),
    );
    const error = await expectDomainError(upload('logo.png', file(PNG), viewer, COMPANY_LOGO));
    expect(error.code).toBe('PERMISSION_DENIED');
    const vehicleViewer = h.callerFor(T, ['view_vehicle']);
    expect((await expectDomainError(upload('rc.png', file(PNG), vehicleViewer))).code).toBe(
      'PERMISSION_DENIED',
    );
    // The same caller may upload for a purpose it does manage.
    const { file: stored } = await upload('rc.png', file(PNG), viewer, VEHICLE_INSURANCE);
    expect(stored!.purpose).toBe(FilePurpose.VEHICLE_DOCUMENT);
  });
});

describe('files as references', () => {
  it('a customer’s files are named in its record, and another operator’s file cannot be referenced', async () => {
    const agreement = (await upload('agreement.pdf', file(PDF), owner, CUSTOMER_FILES)).file!;
    const customer = await h.create(T, 'customer', { name: 'Acme Corp', file_ids: [agreement.id] });
    expect(customer.refNames.file_ids?.names).toEqual(['agreement.pdf']);

    const other = randomUUID();
    const theirs = (await upload('theirs.pdf', file(PDF), h.callerFor(other), CUSTOMER_FILES)).file!;
    const error = await expectDomainError(h.create(T, 'customer', { name: 'Globex', file_ids: [theirs.id] }));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.fieldViolations[0]?.field).toBe('file_ids');
  });
});

describe('a record’s file field', () => {
  const tenant = randomUUID();
  let groupId: string;
  const vehicle = (insurance: string, vehicleNo = 'MH12AB1234') =>
    h.create(tenant, 'vehicle', {
      vehicle_no: vehicleNo,
      vehicle_model: 'Dzire',
      vehicle_group_id: groupId,
      vehicle_fuel_type: 'DIESEL',
      insurance_file_id: insurance,
    });
  const vehicles = async () => {
    const [counted] = await h.database.db.asOwner((tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from masters.vehicles where tenant_id = ${tenant}::uuid`,
      ),
    );
    return counted!.n;
  };

  beforeAll(async () => {
    groupId = (await h.create(tenant, 'vehicle_group', { name: 'Sedan' })).id;
  });

  it.each([
    [
      'another operator’s file',
      async () => (await upload('theirs.png', file(PNG), h.callerFor(randomUUID()))).file!.id,
    ],
    ['an id no file has', async () => randomUUID()],
    [
      'a file uploaded for another field',
      async () => (await upload('p.png', file(PNG), h.callerFor(tenant), VEHICLE_PERMIT)).file!.id,
    ],
    [
      'a file uploaded for another master',
      async () => (await upload('dl.png', file(PNG), h.callerFor(tenant), DRIVER_LICENCE)).file!.id,
    ],
  ])('refuses %s, naming the field and saving nothing', async (_what, fileId) => {
    const error = await expectDomainError(vehicle(await fileId()));
    expect([error.code, error.fieldViolations]).toEqual([
      'INVALID_ARGUMENT',
      [{ field: 'insurance_file_id', message: 'Upload the file again.' }],
    ]);
    expect(await vehicles()).toBe(0);
  });

  it('takes its operator’s file uploaded for that very field', async () => {
    const insurance = (await upload('ins.png', file(PNG), h.callerFor(tenant))).file!.id;
    const saved = await vehicle(insurance);
    expect(JSON.parse(saved.valuesJson).insurance_file_id).toBe(insurance);
    // The same file stays valid when the record is saved again.
    const again = await h.client.updateRecord(
      { kind: 'vehicle', id: saved.id, valuesJson: saved.valuesJson },
      callAs(h.callerFor(tenant)),
    );
    expect(JSON.parse(again.record!.valuesJson).insurance_file_id).toBe(insurance);
  });
});
