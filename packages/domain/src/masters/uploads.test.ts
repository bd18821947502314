// The upload rules of spec §5, before any bytes are stored: PNG, JPG, JPEG or PDF by the extension after
// the last dot in any case, content that really is what the extension says (by its first bytes), not
// empty and at most 3,670,016 bytes, each refusal in words for the person uploading; and which
// permissions a file's purpose needs, in step with the masters that hold such files.
import fc from 'fast-check';
import { customerMaster } from './connection-masters';
import { vehicleMaster } from './fleet-masters';
import { MASTERS } from './registry';
import {
  checkUpload,
  cleanFileName,
  extensionOf,
  FILE_PURPOSE_OF_MASTER,
  FILE_PURPOSES,
  fileFieldsOf,
  isFilePurpose,
  sniffContentType,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_SIZE_MESSAGE,
  uploadPurposeOf,
} from './uploads';

const SIGNATURES = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'application/pdf': [...Buffer.from('%PDF-')],
} as const;
const EXPECTED = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;

const bytes = (header: readonly number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(header.slice(0, size));
  return b;
};

/** Any capitalisation of a word: pdf, PDF, Pdf, pDf… */
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((ups) => [...word].map((c, i) => (ups[i] ? c.toUpperCase() : c)).join(''));

describe('extensionOf', () => {
  it('is what follows the last dot, in lower case', () => {
    expect(extensionOf('SCAN.PDF')).toBe('pdf');
    expect(extensionOf('permit.v2.final.Jpeg')).toBe('jpeg');
    expect(extensionOf('archive.pdf.zip')).toBe('zip');
    expect(extensionOf('.png')).toBe('png');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
});

describe('sniffContentType', () => {
  it('recognises PNG, JPEG and PDF by their first bytes', () => {
    for (const [type, header] of Object.entries(SIGNATURES)) {
      expect(sniffContentType(bytes(header))).toBe(type);
      expect(sniffContentType(Uint8Array.from(header))).toBe(type);
    }
  });

  it('recognises nothing else, nor a signature cut short', () => {
    expect(sniffContentType(new Uint8Array())).toBeUndefined();
    expect(sniffContentType(bytes([...Buffer.from('GIF89a')]))).toBeUndefined();
    expect(sniffContentType(bytes([0x4d, 0x5a]))).toBeUndefined(); // an .exe
    expect(sniffContentType(Uint8Array.from(SIGNATURES['image/png'].slice(0, 7)))).toBeUndefined();
    expect(sniffContentType(Uint8Array.from([...Buffer.from('%PDF')]))).toBeUndefined();
  });

  it('never claims bytes that do not start with a signature (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (content) => {
        const claimed = sniffContentType(content);
        if (claimed === undefined) return;
        const signature = SIGNATURES[claimed];
        expect([...content.slice(0, signature.length)]).toEqual([...signature]);
      }),
    );
  });
});

describe('checkUpload', () => {
  it('accepts each allowed extension in any case when the content matches (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UPLOAD_EXTENSIONS).chain((ext) => fc.tuple(fc.constant(ext), anyCase(ext))),
        fc.stringMatching(/^[\w -]{1,20}$/),
        fc.uint8Array({ maxLength: 200 }),
        ([ext, typed], base, rest) => {
          const type = EXPECTED[ext];
          const content = Uint8Array.from([...SIGNATURES[type], ...rest]);
          expect(checkUpload(`${base}.${typed}`, content)).toEqual({ ok: true, contentType: type });
        },
      ),
    );
  });

  it('refuses a file whose content is not what its extension says', () => {
    expect(checkUpload('scan.pdf', bytes(SIGNATURES['image/png']))).toEqual({
      ok: false,
      message: 'This file is not really a .pdf file (it looks like image/png); upload the original.',
    });
    expect(checkUpload('photo.JPG', bytes(SIGNATURES['application/pdf']))).toEqual({
      ok: false,
      message: 'This file is not really a .jpg file (it looks like application/pdf); upload the original.',
    });
    expect(checkUpload('photo.png', bytes([1, 2, 3]))).toEqual({
      ok: false,
      message: 'This file is not really a .png file; upload the original.',
    });
  });

  it('refuses any other extension, whatever the content', () => {
    for (const name of ['animation.gif', 'setup.exe', 'README', 'notes.txt', 'scan.pdf.exe', 'trailing.']) {
      expect(checkUpload(name, bytes(SIGNATURES['application/pdf']))).toEqual({
        ok: false,
        message: 'Upload a PNG, JPG, JPEG or PDF file.',
      });
    }
  });

  it('refuses an empty file', () => {
    expect(checkUpload('empty.pdf', new Uint8Array())).toEqual({ ok: false, message: 'The file is empty.' });
  });

  it('takes 3,670,016 bytes and refuses one more', () => {
    expect(UPLOAD_MAX_BYTES).toBe(3_670_016);
    const largest = bytes(SIGNATURES['application/pdf'], UPLOAD_MAX_BYTES);
    expect(checkUpload('big.pdf', largest)).toEqual({ ok: true, contentType: 'application/pdf' });
    const over = bytes(SIGNATURES['application/pdf'], UPLOAD_MAX_BYTES + 1);
    expect(checkUpload('big.pdf', over)).toEqual({ ok: false, message: UPLOAD_SIZE_MESSAGE });
    expect(UPLOAD_SIZE_MESSAGE).toMatch(/3\.5 MB/);
  });
});

describe('file purposes', () => {
  it('are recognised by name only', () => {
    expect(isFilePurpose('VEHICLE_DOCUMENT')).toBe(true);
    expect(isFilePurpose('vehicle_document')).toBe(false);
    expect(isFilePurpose('toString')).toBe(false);
  });

  it('ask of uploaders and readers what the master holding the file asks', () => {
    const holdingFiles = MASTERS.filter((m) =>
      Object.values(m.fields).some(
        (field) => field.type === 'file' || (field.type === 'refs' && field.target === 'file'),
      ),
    );
    expect(holdingFiles.map((m) => m.kind).sort()).toEqual(Object.keys(FILE_PURPOSE_OF_MASTER).sort());
    for (const master of holdingFiles) {
      const purpose = FILE_PURPOSES[FILE_PURPOSE_OF_MASTER[master.kind]!];
      expect([master.kind, purpose]).toEqual([master.kind, { manage: master.manage, view: master.view }]);
    }
  });
});

describe('what a file is uploaded for', () => {
  it('is one field of one master that holds files, which decides its purpose', () => {
    expect(uploadPurposeOf('vehicle', 'insurance_file_id')).toBe('VEHICLE_DOCUMENT');
    expect(uploadPurposeOf('driver', 'licence_file_id')).toBe('DRIVER_DOCUMENT');
    expect(uploadPurposeOf('customer', 'file_ids')).toBe('CUSTOMER_DOCUMENT');
    expect(uploadPurposeOf('company_profile', 'logo_file_id')).toBe('COMPANY_BRANDING');
    for (const [kind, field] of [
      ['vehicle', 'vehicle_no'],
      ['vehicle', 'licence_file_id'],
      ['spaceship', 'insurance_file_id'],
      ['vehicle', 'toString'],
      ['vehicle', ''],
    ]) {
      expect(uploadPurposeOf(kind!, field!)).toBeUndefined();
    }
  });

  it('is, for a booking, its attachments or a photo on its slip, each asking what bookings and slips ask', () => {
    expect(uploadPurposeOf('booking', 'attachment_ids')).toBe('BOOKING_ATTACHMENT');
    expect(uploadPurposeOf('booking', 'slip_photo')).toBe('DUTY_SLIP_PHOTO');
    expect(FILE_PURPOSES.BOOKING_ATTACHMENT).toEqual({ manage: 'manage_booking', view: 'view_booking' });
    expect(FILE_PURPOSES.DUTY_SLIP_PHOTO).toEqual({ manage: 'generate_duty_slip', view: 'view_duty_slip' });
    for (const field of ['remark', 'toString', 'constructor', '', 'insurance_file_id']) {
      expect(uploadPurposeOf('booking', field)).toBeUndefined();
    }
    // A booking's fields are not a master's: a vehicle takes no booking attachment.
    expect(uploadPurposeOf('vehicle', 'attachment_ids')).toBeUndefined();
  });

  it('covers every field holding files', () => {
    expect(fileFieldsOf(vehicleMaster)).toEqual([
      'insurance_file_id',
      'fitness_file_id',
      'permit_file_id',
      'puc_file_id',
    ]);
    expect(fileFieldsOf(customerMaster)).toEqual(['file_ids']);
  });
});

describe('a file’s name', () => {
  it('loses control and format characters, the bidi overrides and isolates among them', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('\u2066scan\u2069\u200B.pdf')).toBe('scan.pdf');
    expect(cleanFileName('a\tb\r\n\u0007c\u007F\u0085.png')).toBe('abc.png');
    expect(cleanFileName('\uFEFFbom.pdf')).toBe('bom.pdf');
  });

  it('keeps letters of any script, and loses path separators and surrounding spaces', () => {
    expect(cleanFileName(' रमेश कुमार लाइसेंस.pdf ')).toBe('रमेश कुमार लाइसेंस.pdf');
    expect(cleanFileName('ரமேஷ்.jpg')).toBe('ரமேஷ்.jpg');
    expect(cleanFileName('../../etc/passwd.png')).toBe('.._.._etc_passwd.png');
    expect(cleanFileName('a\\b.pdf')).toBe('a_b.pdf');
  });

  it('is at most 200 characters, never cut inside a character', () => {
    expect([...cleanFileName(`${'😀'.repeat(300)}.pdf`)]).toHaveLength(200);
  });
});
