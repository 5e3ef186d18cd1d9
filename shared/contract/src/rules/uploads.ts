// Spec §5 upload limits (30 MB; the kinds image, doc, pdf, xls, application, compress, audio, video) as
// the browser checks them before sending a file: the customer flow's upload hub and the back office's
// Docs tab. The server checks the same families by content (mock-server modules/documents/files).
import { MAX_FILE_SIZE_BYTES } from '../contracts/constants';
import type { UploadKind } from '../contracts/flow';

/** Extensions and MIME types of each upload kind of spec §5 (the server checks the same families). */
const UPLOAD_TYPES: Record<UploadKind, { extensions: readonly string[]; mimeTypes: readonly string[] }> = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'heic'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp', 'image/tiff', 'image/heic'],
  },
  doc: {
    extensions: ['doc', 'docx', 'odt', 'rtf', 'txt'],
    mimeTypes: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.oasis.opendocument.text',
      'application/rtf',
      'text/rtf',
      'text/plain',
    ],
  },
  pdf: { extensions: ['pdf'], mimeTypes: ['application/pdf'] },
  xls: {
    extensions: ['xls', 'xlsx', 'ods', 'csv'],
    mimeTypes: [
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.oasis.opendocument.spreadsheet',
      'text/csv',
    ],
  },
  application: {
    extensions: ['ppt', 'pptx', 'odp', 'json', 'xml'],
    mimeTypes: [
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.presentation',
      'application/json',
      'application/xml',
      'text/xml',
    ],
  },
  compress: {
    extensions: ['zip', '7z', 'rar', 'gz', 'tgz', 'tar'],
    mimeTypes: [
      'application/zip',
      'application/x-zip-compressed',
      'application/x-7z-compressed',
      'application/vnd.rar',
      'application/x-rar-compressed',
      'application/gzip',
      'application/x-gzip',
      'application/x-tar',
    ],
  },
  audio: {
    extensions: ['mp3', 'wav', 'ogg', 'm4a', 'aac'],
    mimeTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/mp4', 'audio/aac', 'audio/x-m4a'],
  },
  video: {
    extensions: ['mp4', 'webm', 'mov', 'avi', 'mkv'],
    mimeTypes: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo', 'video/x-matroska'],
  },
};

// Every kind (contracts/flow's UPLOAD_KINDS is a TypeBox module, kept off the package root).
const ALL_KINDS = Object.keys(UPLOAD_TYPES) as UploadKind[];
/** Every upload kind, in the spec's order: the choices of a document's accepted file types (Settings › Products). */
export const ALL_UPLOAD_KINDS: readonly UploadKind[] = ALL_KINDS;

/**
 * Each kind in words an applicant knows (the spec's kind names 'application' and 'compress' are not), with
 * the extensions most people will have.
 */
const KIND_WORDS: Record<UploadKind, string> = {
  image: 'photo (JPG, PNG, HEIC)',
  doc: 'Word or text document (DOC, DOCX, ODT, RTF, TXT)',
  pdf: 'PDF',
  xls: 'Excel or CSV sheet (XLS, XLSX, ODS, CSV)',
  application: 'presentation or data file (PPT, PPTX, ODP, JSON, XML)',
  compress: 'ZIP archive (ZIP, 7Z, RAR, GZ, TAR)',
  audio: 'audio recording (MP3, WAV, M4A)',
  video: 'video (MP4, WEBM, MOV)',
};

/** One kind in the applicant's words: 'PDF', 'photo (JPG, PNG, HEIC)'. */
export const uploadKindWords = (kind: UploadKind): string => KIND_WORDS[kind];

/** 'PDF or photo (JPG, PNG, HEIC), up to 30 MB': the accepted kinds (all when omitted) and the size limit. */
export function uploadTypesText(accept?: readonly UploadKind[]): string {
  const words = (accept && accept.length > 0 ? accept : ALL_KINDS).map((kind) => KIND_WORDS[kind]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
  const text = `${list}, up to 30 MB`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

const UPLOAD_TOO_LARGE_MESSAGE = 'The file is larger than 30 MB';
const UPLOAD_EMPTY_MESSAGE = 'The file is empty';

/** An <input accept> value for the kinds (all when omitted). */
export function acceptAttribute(accept?: readonly UploadKind[]): string {
  const kinds = accept && accept.length > 0 ? accept : ALL_KINDS;
  return kinds.flatMap((kind) => UPLOAD_TYPES[kind].extensions.map((ext) => `.${ext}`)).join(',');
}

/**
 * Before uploading: at most 30 MB, not empty, and of one of the accepted kinds by extension and by MIME
 * type (an empty MIME type, which browsers give for types they do not know, is judged by extension).
 */
export function uploadCheck(
  file: { name: string; size: number; type: string },
  accept?: readonly UploadKind[],
): { ok: true } | { ok: false; reason: string } {
  if (file.size > MAX_FILE_SIZE_BYTES) return { ok: false, reason: UPLOAD_TOO_LARGE_MESSAGE };
  if (file.size <= 0) return { ok: false, reason: UPLOAD_EMPTY_MESSAGE };
  const kinds = accept && accept.length > 0 ? accept : ALL_KINDS;
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  const mime = file.type.toLowerCase();
  const fits = kinds.some((kind) => {
    const types = UPLOAD_TYPES[kind];
    return types.extensions.includes(extension) && (mime === '' || types.mimeTypes.includes(mime));
  });
  return fits ? { ok: true } : { ok: false, reason: `Only these file types are allowed: ${uploadTypesText(kinds)}` };
}
