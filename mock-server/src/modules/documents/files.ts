// Uploaded files (README "Uploads", "File storage"): bytes under <DATA_DIR>/uploads named by their sha-256
// (never by anything a client sent), written to a temporary name and linked into place when whole and
// accepted, so a failed or refused upload leaves nothing behind; DATA_DIR=memory:// keeps them in memory.
// The type of a file is checked twice: its extension names a family of spec §5, and its bytes must match
// it (a signature, or for text types the whole file as UTF-8).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadKind } from '@originate/contract';
import { FILE_ID_PATTERN } from '@originate/contract/schemas';
import { IN_MEMORY_DATA_DIR } from '../../config';
import type { FileStore, Received, StoreScan } from '../../platform/context';

/** A file id is a UUID the server made; anything else is refused before a path is built from it. */
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

/** Whether the first bytes of a binary file match its extension's signature (text types: see `Received.text`). */
export function matchesSignature(rule: TypeRule, head: Buffer): boolean {
  return rule.magic.some((sig) => sig.length <= head.length && sig.every((b, i) => b === null || head[i] === b));
}

/** Text types have no signature: the whole file must be UTF-8 without NUL instead. */
export const isTextType = (rule: TypeRule) => rule.magic.length === 0;

/**
 * Characters a name never keeps: C0/C1 controls and DEL (Cc), format characters (Cf: the bidi overrides
 * and isolates that make `gpj.exe` read as `exe.jpg`, zero-width characters), line and paragraph
 * separators, and the characters Windows forbids in file names.
 */
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu;

/** A name to show, never a path: the last segment, control, format and path characters removed, at most 255 long. */
export function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSHOWN, '').trim();
  return [...(clean || 'file')].slice(0, 255).join('');
}

/** A sha-256 of a file's bytes, as the store names blobs. */
const BLOB_HASH_PATTERN = '^[0-9a-f]{64}$';
const BLOB_HASH = new RegExp(BLOB_HASH_PATTERN);
const isBlobHash = (value: string) => BLOB_HASH.test(value);

const HEAD_BYTES = 64;
/** A temporary file older than this belongs to no live request (they time out well before). */
const STALE_PARTIAL_MS = 3_600_000;

/** What a pass over the bytes learns: size, first bytes, sha-256 and whether it is UTF-8 text without NUL. */
function inspector() {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const state = { size: 0, head: Buffer.alloc(0), text: true };
  const feed = (chunk: Buffer) => {
    state.size += chunk.length;
    if (state.head.length < HEAD_BYTES) state.head = Buffer.concat([state.head, chunk]).subarray(0, HEAD_BYTES);
    hash.update(chunk);
    if (!state.text) return;
    try {
      // stream: a multi-byte character cut between chunks is completed by the next one.
      if (chunk.includes(0)) state.text = false;
      else decoder.decode(chunk, { stream: true });
    } catch {
      state.text = false;
    }
  };
  const finish = () => {
    if (state.text) {
      try {
        decoder.decode();
      } catch {
        state.text = false;
      }
    }
    return { ...state, hash: hash.digest('hex') };
  };
  return { feed, finish };
}

function memoryStore(quotaBytes: number): FileStore {
  const blobs = new Map<string, Buffer>();
  const trashed = new Map<string, Buffer>();
  const held = new WeakMap<Received, Buffer>();
  const holding = (data: Buffer, truncated: boolean): Received => {
    const look = inspector();
    look.feed(data);
    const received: Received = {
      ...look.finish(),
      truncated,
      async discard() {
        held.delete(received);
      },
    };
    held.set(received, data);
    return received;
  };
  return {
    quotaBytes,
    async receive(stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return holding(Buffer.concat(chunks), stream.truncated === true);
    },
    async hold(data) {
      return holding(data, false);
    },
    async keep(received) {
      const data = held.get(received);
      if (!data) throw new Error('nothing held to keep');
      held.delete(received);
      if (blobs.has(received.hash)) return false;
      blobs.set(received.hash, data);
      return true;
    },
    async read(hash) {
      return blobs.get(hash) ?? null;
    },
    async trash(hash) {
      const data = blobs.get(hash);
      if (!data) return null;
      const name = `${hash}-${randomUUID()}`;
      trashed.set(name, data);
      blobs.delete(hash);
      return name;
    },
    async restore(trashName, hash) {
      const data = trashed.get(trashName);
      if (data) blobs.set(hash, data);
      trashed.delete(trashName);
    },
    async purge(trashName) {
      trashed.delete(trashName);
    },
    async remove(hash) {
      blobs.delete(hash);
    },
    async scan() {
      return { blobs: [...blobs.keys()], legacy: [], trash: [] };
    },
    async sweepPartials() {},
    async holdLegacy() {
      return null;
    },
    async removeLegacy() {},
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const ignoreMissing = (error: unknown) => {
  if (!isMissing(error)) throw error;
};

function diskStore(dir: string, quotaBytes: number): FileStore {
  // The only ways a path is built: from a sha-256 or a server-made UUID, inside the uploads folder.
  const blobPath = (hash: string) => {
    if (!isBlobHash(hash)) throw new Error(`not a blob hash: ${hash}`);
    return path.join(dir, hash);
  };
  const legacyPath = (fileId: string) => {
    if (!isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(dir, fileId);
  };
  const trashPath = (name: string) => {
    if (!/^\.trash-[0-9a-f]{64}-[0-9a-f-]{36}$/.test(name)) throw new Error(`not a trash name: ${name}`);
    return path.join(dir, name);
  };
  const partial = () => path.join(dir, `.partial-${randomUUID()}`);
  const ready = mkdir(dir, { recursive: true });
  const received = new WeakMap<Received, string>();
  const holding = (temp: string, state: Omit<Received, 'discard'>): Received => {
    const result: Received = {
      ...state,
      async discard() {
        received.delete(result);
        await rm(temp, { force: true });
      },
    };
    received.set(result, temp);
    return result;
  };
  /** Streams into a new temporary file, inspecting the bytes on the way. */
  async function write(source: Readable | Buffer, temp: string) {
    const look = inspector();
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        look.feed(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        Buffer.isBuffer(source) ? Readable.from([source]) : source,
        tap,
        createWriteStream(temp, { flags: 'wx' }),
      );
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return look.finish();
  }
  return {
    quotaBytes,
    async receive(stream) {
      await ready;
      const temp = partial();
      const state = await write(stream, temp);
      return holding(temp, { ...state, truncated: stream.truncated === true });
    },
    async hold(data) {
      await ready;
      const temp = partial();
      return holding(temp, { ...(await write(data, temp)), truncated: false });
    },
    async keep(held) {
      const temp = received.get(held);
      if (!temp) throw new Error('nothing held to keep');
      received.delete(held);
      try {
        // link, not rename: it fails when the blob is there instead of replacing it, so the answer is exact.
        await link(temp, blobPath(held.hash));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await rm(temp, { force: true });
      }
    },
    async read(hash) {
      if (!isBlobHash(hash)) return null;
      return readFile(blobPath(hash)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
    },
    async trash(hash) {
      const name = `.trash-${hash}-${randomUUID()}`;
      try {
        await rename(blobPath(hash), trashPath(name));
        return name;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async restore(trashName, hash) {
      await rename(trashPath(trashName), blobPath(hash)).catch(ignoreMissing);
    },
    async purge(trashName) {
      await rm(trashPath(trashName), { force: true });
    },
    async remove(hash) {
      await rm(blobPath(hash), { force: true });
    },
    async scan() {
      await ready;
      const out: StoreScan = { blobs: [], legacy: [], trash: [] };
      for (const name of await readdir(dir)) {
        if (isBlobHash(name)) out.blobs.push(name);
        else if (isFileId(name)) out.legacy.push(name);
        else if (/^\.trash-[0-9a-f]{64}-/.test(name)) out.trash.push({ name, hash: name.slice(7, 71) });
      }
      return out;
    },
    async sweepPartials() {
      await ready;
      const staleBefore = Date.now() - STALE_PARTIAL_MS;
      for (const name of await readdir(dir)) {
        if (!name.startsWith('.partial-')) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info && info.mtimeMs < staleBefore) await rm(path.join(dir, name), { force: true });
      }
    },
    async holdLegacy(fileId) {
      await ready;
      const temp = partial();
      try {
        // A second name for the same bytes: the legacy file stays until the row naming it is migrated.
        await link(legacyPath(fileId), temp);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const look = inspector();
      for await (const chunk of createReadStream(temp)) look.feed(chunk as Buffer);
      return holding(temp, { ...look.finish(), truncated: false });
    },
    async removeLegacy(fileId) {
      await rm(legacyPath(fileId), { force: true });
    },
  };
}

export function openFileStore(dataDir: string, quotaBytes: number): FileStore {
  return dataDir === IN_MEMORY_DATA_DIR
    ? memoryStore(quotaBytes)
    : diskStore(path.join(dataDir, 'uploads'), quotaBytes);
}
