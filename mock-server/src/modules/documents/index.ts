// The documents module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { assertStorageQuota, reconcileFileStore, withBlobs } from './blobs';
export { DocumentWork } from './document-work';
export type { UploadRecord } from './documents';
export { insertDocument, storeDocument } from './documents';
export type { FileStore, Received } from './files';
export { openFileStore } from './files';
export { textPdf } from './pdf';
export { documentRoutes } from './routes';
