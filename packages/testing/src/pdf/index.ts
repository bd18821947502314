export { type ReadDocument, type ReadPage, readPdf } from './pdf-text';
export { solidPng } from './solid-png';
