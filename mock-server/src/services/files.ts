// Uploaded files (README "Uploads"): bytes under <DATA_DIR>/uploads named by server-generated UUIDs
// (never by anything a client sent), written to a temporary name and renamed when whole, so a failed
// or refused upload leaves nothing behind; DATA_DIR=memory:// keeps them in memory. The type of a file
// is checked twice: its extension names a family of spec §5, and its first bytes must match it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadKind } from '@originate/shared/node';
import { IN_MEMORY_DATA_DIR } from '../config';

/** A file id is a UUID the server made; anything else is refused before a path is built from it. */
export const FILE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const FILE_ID = new RegExp(FILE_ID_PATTERN);

const isFileId = (value: string) => FILE_ID.test(value);

interface TypeRule {
  kind: UploadKind;
  mime: string;
  /** The first bytes must match one of these (null = any byte). Empty list: text, checked as UTF-8 without NUL. */
  magic: (number | null)[][];
}

const bytes = (text: string) => [...text].map((c) => c.charCodeAt(0));
const ZIP = [bytes('PK\x03\x04')];
const OLE = [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]];
const ftyp = [[null, null, null, null, ...bytes('ftyp')]];
const riff = (form: string) => [[...bytes('RIFF'), null, null, null, null, ...bytes(form)]];

/** Extension → family, MIME type and signature (spec §5 kinds: image, doc, pdf, xls, application, compress, audio, video). */
export const FILE_TYPES: Record<string, TypeRule> = {
  jpg: { kind: 'image', mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { kind: 'image', mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  png: { kind: 'image', mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  gif: { kind: 'image', mime: 'image/gif', magic: [bytes('GIF87a'), bytes('GIF89a')] },
  webp: { kind: 'image', mime: 'image/webp', magic: riff('WEBP') },
  bmp: { kind: 'image', mime: 'image/bmp', magic: [bytes('BM')] },
  pdf: { kind: 'pdf', mime: 'application/pdf', magic: [bytes('%PDF-')] },
  doc: { kind: 'doc', mime: 'application/msword', magic: OLE },
  docx: {
    kind: 'doc',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: ZIP,
  },
  odt: { kind: 'doc', mime: 'application/vnd.oasis.opendocument.text', magic: ZIP },
  rtf: { kind: 'doc', mime: 'application/rtf', magic: [bytes('{\\rtf')] },
  txt: { kind: 'doc', mime: 'text/plain', magic: [] },
  xls: { kind: 'xls', mime: 'application/vnd.ms-excel', magic: OLE },
  xlsx: { kind: 'xls', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  ods: { kind: 'xls', mime: 'application/vnd.oasis.opendocument.spreadsheet', magic: ZIP },
  csv: { kind: 'xls', mime: 'text/csv', magic: [] },
  json: { kind: 'application', mime: 'application/json', magic: [] },
  xml: { kind: 'application', mime: 'application/xml', magic: [] },
  zip: { kind: 'compress', mime: 'application/zip', magic: ZIP },
  gz: { kind: 'compress', mime: 'application/gzip', magic: [[0x1f, 0x8b]] },
  '7z': { kind: 'compress', mime: 'application/x-7z-compressed', magic: [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]] },
  rar: { kind: 'compress', mime: 'application/vnd.rar', magic: [bytes('Rar!\x1a\x07')] },
  mp3: { kind: 'audio', mime: 'audio/mpeg', magic: [bytes('ID3'), [0xff, 0xfb], [0xff, 0xf3], [0xff, 0xf2]] },
  wav: { kind: 'audio', mime: 'audio/wav', magic: riff('WAVE') },
  ogg: { kind: 'audio', mime: 'audio/ogg', magic: [bytes('OggS')] },
  m4a: { kind: 'audio', mime: 'audio/mp4', magic: ftyp },
  mp4: { kind: 'video', mime: 'video/mp4', magic: ftyp },
  mov: { kind: 'video', mime: 'video/quicktime', magic: ftyp },
  webm: { kind: 'video', mime: 'video/webm', magic: [[0x1a, 0x45, 0xdf, 0xa3]] },
  avi: { kind: 'video', mime: 'video/x-msvideo', magic: riff('AVI ') },
};

export const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** Whether the first bytes of a file match its extension's signature. */
export function matchesSignature(rule: TypeRule, head: Buffer): boolean {
  if (rule.magic.length === 0) {
    // Text: no NUL in what was read, and it decodes as UTF-8 (a cut multi-byte character at the end is fine).
    if (head.includes(0)) return false;
    return !new TextDecoder('utf-8', { fatal: false })
      .decode(head.subarray(0, Math.max(0, head.length - 3)))
      .includes('\uFFFD');
  }
  return rule.magic.some((sig) => sig.length <= head.length && sig.every((b, i) => b === null || head[i] === b));
}

/** A name to show, never a path: the last segment, control and path characters removed, at most 255 long. */
export function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(c))
    .join('')
    .trim();
  return (clean || 'file').slice(0, 255);
}

interface StoredWrite {
  size: number;
  head: Buffer;
  truncated: boolean;
}

export interface FileStore {
  /** Streams into a temporary place; commit() makes it the file, discard() forgets it. */
  receive(
    stream: Readable & { truncated?: boolean },
  ): Promise<StoredWrite & { commit(fileId: string): Promise<void>; discard(): Promise<void> }>;
  put(fileId: string, data: Buffer): Promise<void>;
  /** The stored file's bytes under another id as well (a replaced document's earlier version); false when there is none. */
  copy(fromId: string, toId: string): Promise<boolean>;
  read(fileId: string): Promise<Buffer | null>;
  remove(fileId: string): Promise<void>;
}

const HEAD_BYTES = 64;

/** A pass-through that counts the bytes and keeps the first few (for the signature check). */
function tap() {
  const state = { size: 0, head: Buffer.alloc(0) };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      state.size += chunk.length;
      if (state.head.length < HEAD_BYTES) state.head = Buffer.concat([state.head, chunk]).subarray(0, HEAD_BYTES);
      done(null, chunk);
    },
  });
  return { state, counter };
}

function memoryStore(): FileStore {
  const files = new Map<string, Buffer>();
  return {
    async receive(stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      return {
        size: data.length,
        head: data.subarray(0, HEAD_BYTES),
        truncated: stream.truncated === true,
        async commit(fileId) {
          files.set(fileId, data);
        },
        async discard() {},
      };
    },
    async put(fileId, data) {
      files.set(fileId, data);
    },
    async copy(fromId, toId) {
      const data = isFileId(fromId) ? files.get(fromId) : undefined;
      if (!data || !isFileId(toId)) return false;
      files.set(toId, data);
      return true;
    },
    async read(fileId) {
      return isFileId(fileId) ? (files.get(fileId) ?? null) : null;
    },
    async remove(fileId) {
      files.delete(fileId);
    },
  };
}

function diskStore(dir: string): FileStore {
  const pathOf = (fileId: string) => {
    // The only way a path is built: from a server-made UUID, inside the uploads folder.
    if (!isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(dir, fileId);
  };
  const ready = mkdir(dir, { recursive: true });
  return {
    async receive(stream) {
      await ready;
      const temp = path.join(dir, `.partial-${randomUUID()}`);
      const { state, counter } = tap();
      try {
        await pipeline(stream, counter, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return {
        size: state.size,
        head: state.head,
        truncated: stream.truncated === true,
        commit: (fileId) => rename(temp, pathOf(fileId)),
        discard: () => rm(temp, { force: true }),
      };
    },
    async put(fileId, data) {
      await ready;
      const temp = path.join(dir, `.partial-${randomUUID()}`);
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, pathOf(fileId));
    },
    async copy(fromId, toId) {
      await ready;
      const target = pathOf(toId);
      const temp = path.join(dir, `.partial-${randomUUID()}`);
      try {
        await copyFile(pathOf(fromId), temp);
      } catch (error) {
        await rm(temp, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      await rename(temp, target);
      return true;
    },
    async read(fileId) {
      if (!isFileId(fileId)) return null;
      try {
        return await readFile(pathOf(fileId));
      } catch {
        return null;
      }
    },
    async remove(fileId) {
      await rm(pathOf(fileId), { force: true });
    },
  };
}

export function openFileStore(dataDir: string): FileStore {
  return dataDir === IN_MEMORY_DATA_DIR ? memoryStore() : diskStore(path.join(dataDir, 'uploads'));
}
