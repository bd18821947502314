// The formatters live in the domain, shared with the web; documents take them from here as before.
export { formatDate, formatDateTime, formatRupees } from '@fleet/domain';
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
