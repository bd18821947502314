// What a person sees on each page of a rendered PDF, for tests of documents: pdf.js (the parser
// browsers use) gives positioned runs of text, set out here line by line, top to bottom, left to right,
// and the images each page paints.
import { getDocument, OPS, PDFDateString, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

export interface ReadPage {
  /** The page's lines separated by "\n", a line's runs of text by " ". */
  text: string;
  /** How many images the page paints (a logo, a signature). */
  images: number;
}

export interface ReadDocument {
  pages: ReadPage[];
  /** The title and creation date in the PDF's properties. */
  title: string | null;
  createdAt: Date | null;
}

interface PlacedRun {
  text: string;
  x: number;
  y: number;
}

/** Runs whose baselines are this close (in points) are read as one line. */
const SAME_LINE_TOLERANCE = 2;

export async function readPdf(pdf: Uint8Array): Promise<ReadDocument> {
  // pdf.js may take ownership of the bytes it is given; a copy leaves the caller's intact.
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS });
  const document = await loading.promise;
  try {
    const pages: ReadPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const runs = content.items
        .filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
        .map((item) => ({
          text: item.str.trim(),
          x: Number(item.transform[4]),
          y: Number(item.transform[5]),
        }));
      const operators = await page.getOperatorList();
      pages.push({
        text: linesOf(runs).join('\n'),
        images: operators.fnArray.filter((operator) => operator === OPS.paintImageXObject).length,
      });
    }
    const { info } = await document.getMetadata();
    const creationDate = textProperty(info, 'CreationDate');
    return {
      pages,
      title: textProperty(info, 'Title'),
      createdAt: creationDate === null ? null : PDFDateString.toDateObject(creationDate),
    };
  } finally {
    await loading.destroy();
  }
}

function textProperty(info: object, key: string): string | null {
  const value: unknown = Object.entries(info).find(([name]) => name === key)?.[1];
  return typeof value === 'string' ? value : null;
}

function linesOf(runs: PlacedRun[]): string[] {
  // PDF coordinates grow upwards: the top of the page has the highest y.
  const ordered = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: PlacedRun[][] = [];
  for (const run of ordered) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - run.y) <= SAME_LINE_TOLERANCE) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((run) => run.text)
      .join(' '),
  );
}
