// fontkit ships no types. What the documents use of it: parse a TrueType file once; pdfkit takes the
// parsed font wherever it takes a font file (it recognises one by its layout method).
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  /** Parses a font file; our fonts are single TrueType files, never collections. */
  export function create(buffer: Uint8Array): Font;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
