import { fileURLToPath } from 'node:url';

// DejaVu Sans ships with the code (assets/fonts, with its licence): it has the rupee sign, which the
// PDF standard fonts (Helvetica) lack, and it is embedded, so a reader needs no font of its own.
export const DOCUMENT_FONTS = {
  regular: fileURLToPath(new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url)),
} as const;

export type DocumentFont = keyof typeof DOCUMENT_FONTS;
