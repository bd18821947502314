// A photo taken on the phone, made fit to upload: a camera's photo is often larger than the 3.5 MB the
// server takes, and some phones save HEIC, which it does not; such a photo is redrawn as a JPEG at most
// 1600 px on its long side. A small PNG or JPEG goes as it is.
import { UPLOAD_MAX_BYTES } from '@fleet/domain';

const KEEP_AS_IS_BYTES = 1_500_000;
const LONG_SIDE_PX = 1600;

export type PreparedPhoto = { ok: true; name: string; blob: Blob } | { ok: false; problem: string };

const extensionFor = (type: string) =>
  type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpg' : undefined;

async function redrawAsJpeg(file: Blob): Promise<Blob | undefined> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONG_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.82));
}

/** The photo under the name `baseName` with the extension of what it is, or why it cannot go. */
export async function preparePhoto(file: File, baseName: string): Promise<PreparedPhoto> {
  const extension = extensionFor(file.type);
  if (extension && file.size > 0 && file.size <= KEEP_AS_IS_BYTES) {
    return { ok: true, name: `${baseName}.${extension}`, blob: file };
  }
  try {
    const jpeg = await redrawAsJpeg(file);
    if (jpeg && jpeg.size <= UPLOAD_MAX_BYTES) return { ok: true, name: `${baseName}.jpg`, blob: jpeg };
  } catch {
    // Not an image this browser can read; said below.
  }
  return { ok: false, problem: 'This photo cannot be used. Take it again with the camera.' };
}
