/// <reference path="./fontkit.d.ts" />
// Business documents (duty slips, invoices, statements) as PDFs: blocks stacked down A4 pages, a table
// whose header repeats on every page and whose rows never split, and "Page x of y" in every footer.
// Pages are kept in memory until the end (pdfkit's bufferPages), because the page count is only known
// once everything is laid out.
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { DOCUMENT_FONTS, type DocumentFont } from './fonts';

// Parsed once per process: parsing the TrueType files was most of a document's time (fontkit decoding
// the same tables and glyphs for every slip); each document still embeds its own subset.
let parsedFonts: Record<DocumentFont, fontkit.Font> | undefined;
function documentFonts(): Record<DocumentFont, fontkit.Font> {
  parsedFonts ??= {
    regular: fontkit.create(readFileSync(DOCUMENT_FONTS.regular)),
    bold: fontkit.create(readFileSync(DOCUMENT_FONTS.bold)),
  };
  return parsedFonts;
}

export interface PdfDocumentOptions {
  /** The title in the PDF's properties, which viewers show in their title bar. */
  title: string;
  author?: string;
  /**
   * The document's own date (when it was printed or issued), stored as the PDF's creation date. It
   * comes from the input, not the clock, so the same input renders the same bytes.
   */
  createdAt: Date;
  /** Printed at the left of every page's footer, beside "Page x of y". */
  footerNote?: string;
}

/** Who issues the document: name, lines under it (address, phone, tax number), and a logo at the right. */
export interface Letterhead {
  name: string;
  lines: string[];
  logoPng?: Uint8Array;
}

export interface TitleBlock {
  title: string;
  subtitle?: string;
  /** A short marking boxed at the right, e.g. "Customer copy" or "Original for recipient". */
  tag?: string;
}

export interface LabelledValue {
  label: string;
  value: string;
}

export interface TableColumn {
  header: string;
  /** The column's share of the table's width, against the other columns' shares. */
  share: number;
  /** Amounts and quantities read best right-aligned. */
  align?: 'left' | 'right';
}

export interface Table {
  columns: TableColumn[];
  /** One text per column. */
  rows: string[][];
  /** Bold rows after the others, such as a total. */
  totals?: string[][];
}

export interface ImageBlock {
  png: Uint8Array;
  label?: string;
  /** The box the image is fitted into, keeping its proportions, in points. */
  maxWidth?: number;
  maxHeight?: number;
}

export interface PdfDocument {
  letterhead(letterhead: Letterhead): void;
  title(block: TitleBlock): void;
  /** A section's heading; it moves to the next page rather than sit alone at the foot of one. */
  heading(text: string): void;
  /** Labelled values in a grid, `columns` to a row (2 unless told). */
  keyValues(pairs: LabelledValue[], columns?: number): void;
  table(table: Table): void;
  paragraph(text: string): void;
  image(image: ImageBlock): void;
  /**
   * Starts the next block on a new page (one document of several bound together, such as a duty slip
   * each); on a page nothing has been written on yet it does nothing, so no page is left blank.
   */
  pageBreak(): void;
  /** Stamps every page's footer and gives the finished PDF; nothing can be added after. */
  render(): Promise<Buffer>;
}

interface TextStyle {
  font: DocumentFont;
  size: number;
  color: string;
}

interface WriteOptions {
  align?: 'left' | 'right';
  /** Clips the text to this height (with an ellipsis) instead of letting it run onto a new page. */
  maxHeight?: number;
  lineBreak?: boolean;
}

// Points (1/72 inch). The bottom margin leaves room for the footer.
const MARGINS = { top: 36, bottom: 50, left: 40, right: 40 };
const FOOTER_FROM_PAGE_BOTTOM = 30;
const BLOCK_GAP = 8;
const GRID_ROW_GAP = 6;
const GRID_COLUMN_GAP = 12;
const CELL_PADDING = 3;
const TAG_PADDING = 4;
const LINE_GAP = 1;
/** Room a heading needs below it on the same page: the header and first row of a table, or two grid rows. */
const ROOM_AFTER_HEADING = 48;
const LOGO_BOX = { width: 140, height: 56 };
const IMAGE_BOX = { width: 180, height: 70 };
/** What an empty value shows, so a reader sees it was left blank rather than lost. */
const EMPTY_VALUE = '—';
const PRODUCER = 'Fleet';

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9a9a9a';
const HEADER_FILL = '#ececec';

const STYLES = {
  organisation: { font: 'bold', size: 14, color: INK },
  letterheadLine: { font: 'regular', size: 8.5, color: MUTED },
  title: { font: 'bold', size: 16, color: INK },
  subtitle: { font: 'regular', size: 10, color: INK },
  tag: { font: 'bold', size: 9, color: INK },
  heading: { font: 'bold', size: 10.5, color: INK },
  label: { font: 'regular', size: 7.5, color: MUTED },
  value: { font: 'regular', size: 9, color: INK },
  cell: { font: 'regular', size: 8.5, color: INK },
  headerCell: { font: 'bold', size: 8.5, color: INK },
  totalCell: { font: 'bold', size: 8.5, color: INK },
  body: { font: 'regular', size: 9, color: INK },
  footer: { font: 'regular', size: 7.5, color: MUTED },
} satisfies Record<string, TextStyle>;

export function createPdfDocument(options: PdfDocumentOptions): PdfDocument {
  const info: PDFKit.DocumentInfo = {
    Title: options.title,
    Creator: PRODUCER,
    Producer: PRODUCER,
    CreationDate: options.createdAt,
    ModDate: options.createdAt,
  };
  if (options.author !== undefined) info.Author = options.author;

  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    // Opening with the bundled font keeps pdfkit from loading its Helvetica metrics at all.
    font: DOCUMENT_FONTS.regular,
    lang: 'en-IN',
    displayTitle: true,
    info,
  });
  const fonts = documentFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const chunks: Buffer[] = [];
  const output = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let rendered: Promise<Buffer> | undefined;

  const left = MARGINS.left;
  const contentWidth = doc.page.width - MARGINS.left - MARGINS.right;
  const pageBottom = () => doc.page.height - MARGINS.bottom;

  function useStyle(style: TextStyle): void {
    doc.font(style.font).fontSize(style.size).fillColor(style.color);
  }

  function heightOf(text: string, width: number, style: TextStyle): number {
    useStyle(style);
    return Math.max(doc.heightOfString(text, { width, lineGap: LINE_GAP }), doc.currentLineHeight(true));
  }

  /** Writes text with its top-left at (x, y); afterwards doc.y is just below it. */
  function write(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle,
    how: WriteOptions = {},
  ) {
    useStyle(style);
    doc.text(text, x, y, {
      width,
      align: how.align ?? 'left',
      lineGap: LINE_GAP,
      lineBreak: how.lineBreak ?? true,
      ...(how.maxHeight === undefined ? {} : { height: how.maxHeight, ellipsis: true }),
    });
  }

  function horizontalRule(y: number, color = RULE): void {
    doc
      .moveTo(left, y)
      .lineTo(left + contentWidth, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  }

  function ensureRoom(height: number): void {
    if (doc.y + height > pageBottom() && doc.y > MARGINS.top) doc.addPage();
  }

  function displayed(value: string): string {
    return value.trim() === '' ? EMPTY_VALUE : value;
  }

  return {
    letterhead({ name, lines, logoPng }) {
      const top = doc.y;
      const textWidth = contentWidth - (logoPng ? LOGO_BOX.width + GRID_COLUMN_GAP : 0);
      write(name, left, top, textWidth, STYLES.organisation);
      for (const line of lines) write(line, left, doc.y + 1, textWidth, STYLES.letterheadLine);
      let bottom = doc.y;
      if (logoPng) {
        doc.image(Buffer.from(logoPng), left + contentWidth - LOGO_BOX.width, top, {
          fit: [LOGO_BOX.width, LOGO_BOX.height],
          align: 'right',
        });
        bottom = Math.max(bottom, top + LOGO_BOX.height);
      }
      horizontalRule(bottom + 6);
      doc.y = bottom + 6 + BLOCK_GAP;
    },

    title({ title, subtitle, tag }) {
      ensureRoom(
        heightOf(title, contentWidth, STYLES.title) +
          (subtitle ? heightOf(subtitle, contentWidth, STYLES.subtitle) : 0),
      );
      const top = doc.y;
      let tagWidth = 0;
      let tagBottom = top;
      if (tag) {
        useStyle(STYLES.tag);
        const textWidth = doc.widthOfString(tag) + 1;
        tagWidth = textWidth + 2 * TAG_PADDING;
        const tagHeight = doc.currentLineHeight(true) + 2 * TAG_PADDING;
        const x = left + contentWidth - tagWidth;
        doc.rect(x, top, tagWidth, tagHeight).lineWidth(0.8).strokeColor(INK).stroke();
        write(tag, x + TAG_PADDING, top + TAG_PADDING, textWidth, STYLES.tag, { lineBreak: false });
        tagBottom = top + tagHeight;
      }
      const titleWidth = contentWidth - (tag ? tagWidth + GRID_COLUMN_GAP : 0);
      write(title, left, top, titleWidth, STYLES.title);
      if (subtitle) write(subtitle, left, doc.y + 2, titleWidth, STYLES.subtitle);
      doc.y = Math.max(doc.y, tagBottom) + BLOCK_GAP;
    },

    heading(text) {
      ensureRoom(heightOf(text, contentWidth, STYLES.heading) + ROOM_AFTER_HEADING);
      write(text, left, doc.y, contentWidth, STYLES.heading);
      horizontalRule(doc.y + 1, INK);
      doc.y += 6;
    },

    keyValues(pairs, columns = 2) {
      if (!Number.isInteger(columns) || columns < 1)
        throw new RangeError(`A grid needs whole columns: ${columns}`);
      const cellWidth = contentWidth / columns;
      const textWidth = cellWidth - GRID_COLUMN_GAP;
      for (let start = 0; start < pairs.length; start += columns) {
        const row = pairs.slice(start, start + columns);
        const rowHeight = Math.max(
          ...row.map(
            ({ label, value }) =>
              heightOf(label, textWidth, STYLES.label) + heightOf(displayed(value), textWidth, STYLES.value),
          ),
        );
        ensureRoom(rowHeight);
        const top = doc.y;
        row.forEach(({ label, value }, column) => {
          const x = left + column * cellWidth;
          write(label, x, top, textWidth, STYLES.label);
          write(displayed(value), x, doc.y, textWidth, STYLES.value);
        });
        doc.y = top + rowHeight + GRID_ROW_GAP;
      }
      doc.y += BLOCK_GAP - GRID_ROW_GAP;
    },

    table({ columns, rows, totals = [] }) {
      for (const row of [...rows, ...totals]) {
        if (row.length !== columns.length) {
          throw new RangeError(`A table row has ${row.length} cells for ${columns.length} columns`);
        }
      }
      const shares = columns.reduce((sum, column) => sum + column.share, 0);
      const widths = columns.map((column) => (contentWidth * column.share) / shares);
      const starts = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
      const headers = columns.map((column) => column.header);

      const heightOfRow = (cells: string[], style: TextStyle) =>
        Math.max(...cells.map((cell, index) => heightOf(cell, widths[index]! - 2 * CELL_PADDING, style))) +
        2 * CELL_PADDING;

      const drawRow = (cells: string[], style: TextStyle, fill?: string) => {
        const top = doc.y;
        const height = heightOfRow(cells, style);
        if (fill) doc.rect(left, top, contentWidth, height).fill(fill);
        // A row taller than a whole page is clipped: it must not run onto a page without the header.
        const room = pageBottom() - top - CELL_PADDING;
        cells.forEach((cell, index) => {
          write(
            cell,
            starts[index]! + CELL_PADDING,
            top + CELL_PADDING,
            widths[index]! - 2 * CELL_PADDING,
            style,
            {
              align: columns[index]!.align ?? 'left',
              ...(height > room ? { maxHeight: room } : {}),
            },
          );
        });
        horizontalRule(top + height);
        doc.y = top + height;
      };
      const drawHeader = () => drawRow(headers, STYLES.headerCell, HEADER_FILL);

      const body = [
        ...rows.map((cells) => ({ cells, style: STYLES.cell })),
        ...totals.map((cells) => ({ cells, style: STYLES.totalCell })),
      ];
      const first = body[0];
      ensureRoom(
        heightOfRow(headers, STYLES.headerCell) + (first ? heightOfRow(first.cells, first.style) : 0),
      );
      drawHeader();
      for (const { cells, style } of body) {
        if (doc.y + heightOfRow(cells, style) > pageBottom()) {
          doc.addPage();
          drawHeader();
        }
        drawRow(cells, style);
      }
      doc.y += BLOCK_GAP;
    },

    paragraph(text) {
      ensureRoom(heightOf('', contentWidth, STYLES.body));
      // Long text flows onto the next page by itself.
      write(text, left, doc.y, contentWidth, STYLES.body);
      doc.y += BLOCK_GAP;
    },

    image({ png, label, maxWidth = IMAGE_BOX.width, maxHeight = IMAGE_BOX.height }) {
      const labelHeight = label ? heightOf(label, contentWidth, STYLES.label) : 0;
      ensureRoom(labelHeight + maxHeight);
      if (label) write(label, left, doc.y, contentWidth, STYLES.label);
      const top = doc.y + 2;
      doc.image(Buffer.from(png), left, top, { fit: [maxWidth, maxHeight] });
      doc.y = top + maxHeight + BLOCK_GAP;
    },

    pageBreak() {
      if (doc.y > MARGINS.top) doc.addPage();
    },

    render() {
      if (rendered) return rendered;
      const { start, count } = doc.bufferedPageRange();
      for (let index = 0; index < count; index++) {
        doc.switchToPage(start + index);
        const y = doc.page.height - FOOTER_FROM_PAGE_BOTTOM;
        const half = contentWidth / 2;
        // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
        doc.page.margins.bottom = 0;
        if (options.footerNote) write(options.footerNote, left, y, half, STYLES.footer, { lineBreak: false });
        write(`Page ${index + 1} of ${count}`, left + half, y, half, STYLES.footer, {
          align: 'right',
          lineBreak: false,
        });
        doc.page.margins.bottom = MARGINS.bottom;
      }
      doc.end();
      rendered = output;
      return rendered;
    },
  };
}
