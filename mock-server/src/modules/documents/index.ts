// The documents module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { assertStorageQuota, reconcileFileStore, withBlobs } from './blobs';
export { openFileStore } from './files';
export { textPdf } from './pdf';
export { documentRoutes } from './routes';
export type { UploadRecord } from './staff-work';
export {
  assertMayManageDocuments,
  documentsOf,
  insertDocument,
  storeDocument,
  storeGeneratedDocument,
} from './staff-work';
