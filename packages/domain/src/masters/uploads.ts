// Spec §5 uploads: png, jpg, jpeg or pdf, by the extension after the last dot (any case) and by what
// the bytes actually are, at most 3,670,016 bytes; each for one file field of one master. Pure rules;
// the masters service applies them.
import type { PermissionId } from '../permissions/catalogue';
import type { Field } from './fields';
import type { MasterDefinition } from './master';
import { FILE_TARGET, isMasterKind, masterOf } from './registry';

export const UPLOAD_MAX_BYTES = 3_670_016;
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export type UploadContentType = 'image/png' | 'image/jpeg' | 'application/pdf';

const CONTENT_TYPE: Record<UploadExtension, UploadContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

// The first bytes each kind of file starts with.
const SIGNATURES: [UploadContentType, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
];

/**
 * A file name as it is kept and shown: without control or format characters (among them the bidi
 * overrides and isolates that make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`), path separators
 * made harmless, trimmed, at most 200 characters. Letters of any script stay as they are.
 */
export function cleanFileName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/]/g, '_')
    .trim();
  return [...cleaned].slice(0, 200).join('');
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** What the bytes are, from their signature, or undefined for anything else. */
export function sniffContentType(bytes: Uint8Array): UploadContentType | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((b, i) => bytes[i] === b))?.[0];
}

export const UPLOAD_SIZE_MESSAGE = 'The file is larger than 3.5 MB; upload a smaller one.';

/**
 * Why a file may not be uploaded, in words for the person uploading it, or its content type when it
 * may. The extension must be allowed and the content must be what the extension says.
 */
export function checkUpload(
  fileName: string,
  bytes: Uint8Array,
): { ok: true; contentType: UploadContentType } | { ok: false; message: string } {
  const typed = extensionOf(fileName);
  const extension = UPLOAD_EXTENSIONS.find((e) => e === typed);
  if (!extension) return { ok: false, message: 'Upload a PNG, JPG, JPEG or PDF file.' };
  if (bytes.length === 0) return { ok: false, message: 'The file is empty.' };
  if (bytes.length > UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_SIZE_MESSAGE };
  const expected = CONTENT_TYPE[extension];
  const actual = sniffContentType(bytes);
  if (actual !== expected) {
    return {
      ok: false,
      message: `This file is not really a .${extension} file${actual ? ` (it looks like ${actual})` : ''}; upload the original.`,
    };
  }
  return { ok: true, contentType: expected };
}

/** What an upload is for decides who may upload it (manage) and who may open it (view). */
export const FILE_PURPOSES = {
  VEHICLE_DOCUMENT: { manage: 'manage_vehicle', view: 'view_vehicle' },
  DRIVER_DOCUMENT: { manage: 'manage_driver', view: 'view_driver' },
  CUSTOMER_DOCUMENT: { manage: 'manage_customer', view: 'view_customer' },
  SUPPLIER_DOCUMENT: { manage: 'manage_supplier', view: 'view_supplier' },
  COMPANY_BRANDING: { manage: 'manage_company_profile', view: 'view_company_profile' },
  // Taken while booking: whoever may take bookings uploads them, whoever may see bookings opens them.
  BOOKING_ATTACHMENT: { manage: 'manage_booking', view: 'view_booking' },
  // A photo at a point of the trip (odometer, toll receipt): uploaded by whoever records the slip and
  // opened by whoever may see slips, which the catalogue says include their photos.
  DUTY_SLIP_PHOTO: { manage: 'generate_duty_slip', view: 'view_duty_slip' },
} as const satisfies Record<string, { manage: PermissionId; view: PermissionId }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/**
 * What a driver may upload from the driver app, holding no permission: the photos of the trip's points,
 * the receipts of what they paid and the passenger's signature, all a duty slip's photos. A driver
 * opens none of them again (that needs the view permission).
 */
export const DRIVER_UPLOAD_PURPOSES: readonly FilePurpose[] = ['DUTY_SLIP_PHOTO'];
// Own keys only: `in` would also take 'toString' or 'constructor' from the prototype.
export const isFilePurpose = (value: string): value is FilePurpose => Object.hasOwn(FILE_PURPOSES, value);

/** The purpose of the files a master's file fields hold. */
export const FILE_PURPOSE_OF_MASTER: Readonly<Record<string, FilePurpose>> = {
  vehicle: 'VEHICLE_DOCUMENT',
  driver: 'DRIVER_DOCUMENT',
  customer: 'CUSTOMER_DOCUMENT',
  supplier: 'SUPPLIER_DOCUMENT',
  company_profile: 'COMPANY_BRANDING',
};

const holdsFiles = (field: Field) =>
  field.type === 'file' || (field.type === 'refs' && field.target === FILE_TARGET.kind);

/**
 * The fields of a master that hold uploaded files (a file field, or a list of files), by name; a rows
 * field's sub-field as `<rows>.<sub-field>`. A file is uploaded for one of them, and only that field
 * of that master takes it.
 */
export function fileFieldsOf(definition: MasterDefinition): string[] {
  return Object.entries(definition.fields).flatMap(([name, field]) =>
    field.type === 'rows'
      ? Object.entries(field.fields).flatMap(([sub, subField]) =>
          holdsFiles(subField) ? [`${name}.${sub}`] : [],
        )
      : holdsFiles(field)
        ? [name]
        : [],
  );
}

/**
 * The files a booking holds, uploaded for `booking` and one of these fields (a booking is no master, so
 * its fields are named here): its attachments, and the photos on its slip's points.
 */
export const BOOKING_FILE_FIELDS = {
  attachment_ids: 'BOOKING_ATTACHMENT',
  slip_photo: 'DUTY_SLIP_PHOTO',
} as const satisfies Record<string, FilePurpose>;
export const BOOKING_FILE_KIND = 'booking';
export type BookingFileField = keyof typeof BOOKING_FILE_FIELDS;
const isBookingFileField = (field: string): field is BookingFileField =>
  Object.hasOwn(BOOKING_FILE_FIELDS, field);

/**
 * The purpose of a file uploaded for `field` of the master `kind` (or of a booking); undefined when that
 * field holds no files.
 */
export function uploadPurposeOf(kind: string, field: string): FilePurpose | undefined {
  if (kind === BOOKING_FILE_KIND) {
    return isBookingFileField(field) ? BOOKING_FILE_FIELDS[field] : undefined;
  }
  if (!isMasterKind(kind) || !fileFieldsOf(masterOf(kind)).includes(field)) return undefined;
  return FILE_PURPOSE_OF_MASTER[kind];
}
