// What a document costs before the PDF library spends it: image dimensions from their headers, and the
// bytes pdf-lib would decode from a PDF's streams, counted against a budget. Runs in the document worker.
import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFContext, PDFName, PDFObjectParser, PDFRawStream, PDFRef } from 'pdf-lib';

export interface ImageSize {
  width: number;
  height: number;
  /** Pixels the library decodes: width × height for each frame (an animated PNG decodes every frame). */
  pixels: number;
  /** The compressed pixel data (PNG: IDAT, then each frame's fdAT), each one zlib stream. */
  compressed: Buffer[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG chunks: IHDR's size, how many frames (acTL/fcTL) and the zlib data; null when it is no PNG. */
function pngSize(data: Buffer): ImageSize | null {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat: Buffer[] = [];
  const frames: Buffer[][] = [];
  for (let at = 8; at + 12 <= data.length; ) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, Math.min(data.length, at + 8 + length));
    if (type === 'IDAT') idat.push(body);
    if (type === 'fcTL') frames.push([]);
    // fdAT: a 4-byte sequence number, then the frame's zlib data.
    if (type === 'fdAT') frames.at(-1)?.push(body.subarray(4));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  // Each frame is expanded to a full canvas of RGBA (UPNG's toRGBA8), so a frame costs the canvas.
  return {
    width,
    height,
    pixels: width * height * Math.max(1, frames.length),
    compressed: [Buffer.concat(idat), ...frames.filter((f) => f.length > 0).map((f) => Buffer.concat(f))],
  };
}

/** SOFn markers carry the frame's height and width (JPEG embeds as it is: no pixel data is decoded). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(data: Buffer): ImageSize | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  for (let at = 2; at + 4 <= data.length; ) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] ?? 0;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (SOF.has(marker)) {
      if (at + 9 > data.length) return null;
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      return { width, height, pixels: width * height, compressed: [] };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

export function imageSize(data: Buffer, mimeType: string): ImageSize | null {
  return mimeType === 'image/png' ? pngSize(data) : jpegSize(data);
}

/**
 * How many bytes a zlib stream inflates to, up to `max` (then max + 1). Sync flush: a truncated stream
 * still counts what it gives, as the PNG decoder would decode it.
 */
export function inflatedSize(data: Buffer, max: number): number {
  if (data.length === 0) return 0;
  try {
    return inflateSync(data, { maxOutputLength: max + 1, finishFlush: 2 }).length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return max + 1;
    // Damaged data: the decoder fails on it too, after less than it would have decoded.
    return 0;
  }
}

const OBJ = Buffer.from('obj', 'latin1');
const CHUNK = 1 << 20;
/** pdf-lib decodes exactly these streams when it loads a document (object streams and xref streams). */
const DECODED_TYPES = new Set([PDFName.of('ObjStm'), PDFName.of('XRef')]);

/**
 * The bytes pdf-lib would decode loading this PDF, counted up to `max` (then max + 1). Every object body
 * (whatever follows an `obj` keyword, as pdf-lib's parser reads it) that is a stream pdf-lib decodes at
 * load — an object or xref stream, or one whose /Type is a reference it might resolve to one — is
 * decoded with pdf-lib's own filters a megabyte at a time, so a stream that inflates to gigabytes costs
 * at most `max` before it is refused. Content and image streams are copied undecoded and cost nothing.
 */
export function pdfDecodedBytes(data: Buffer, max: number): number {
  const context = PDFContext.create();
  let total = 0;
  for (let at = data.indexOf(OBJ); at !== -1; at = data.indexOf(OBJ, at + OBJ.length)) {
    let object: unknown;
    try {
      object = PDFObjectParser.forBytes(data.subarray(at + OBJ.length), context).parseObject();
    } catch {
      continue;
    }
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(PDFName.of('Type'));
    if (!(type instanceof PDFRef) && !DECODED_TYPES.has(type as PDFName)) continue;
    try {
      const stream = decodePDFRawStream(object);
      for (let chunk = stream.getBytes(CHUNK); chunk.length > 0; chunk = stream.getBytes(CHUNK)) {
        total += chunk.length;
        if (total > max) return max + 1;
      }
    } catch {
      // A filter pdf-lib cannot decode, or damaged data: loading fails there as well.
    }
  }
  return total;
}
