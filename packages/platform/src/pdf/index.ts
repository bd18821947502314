export { formatDate, formatDateTime } from './date-time';
export {
  createPdfDocument,
  type ImageBlock,
  type LabelledValue,
  type Letterhead,
  type PdfDocument,
  type PdfDocumentOptions,
  type Table,
  type TableColumn,
  type TitleBlock,
} from './pdf-document';
export { formatRupees } from './rupees';
