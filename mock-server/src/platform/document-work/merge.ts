// The merge itself, as the document worker runs it: each part checked against the job's limits before
// pdf-lib spends time or memory on it, then its pages copied (PDF) or drawn on a page of its own (image).
import { PDFDocument } from 'pdf-lib';
import { imageSize, inflatedSize, pdfDecodedBytes } from './inspect';

export interface MergePart {
  mimeType: string;
  data: Uint8Array;
}

/** The limits a worker checks itself (time and memory are the pool's: it stops the worker). */
export interface PartLimits {
  maxPages: number;
  maxDecodedBytes: number;
  maxPixels: number;
}

export type LimitKind = 'pages' | 'decodedBytes' | 'pixels' | 'memory' | 'time';

/** Why a part was refused: a limit (the worker is then recycled) or content that cannot be read. */
export class PartRefused extends Error {
  constructor(
    readonly part: number,
    readonly limit: LimitKind | null,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A4 portrait in PDF points: a merged image larger than this is scaled down to fit. */
const A4 = { width: 595.28, height: 841.89 };

/**
 * The parts in order as one PDF. `onPart(i)` is called as part i starts (parts.length: writing the
 * result), so whoever stops a worker for time or memory can say which file it was working on.
 */
export async function mergeParts(parts: readonly MergePart[], limits: PartLimits, onPart: (part: number) => void) {
  const out = await PDFDocument.create();
  let decoded = 0;
  const spend = (i: number, bytes: number) => {
    decoded += bytes;
    if (decoded > limits.maxDecodedBytes) {
      throw new PartRefused(
        i,
        'decodedBytes',
        `decompresses past the limit of ${limits.maxDecodedBytes} bytes of decompressed data per merge`,
      );
    }
  };
  const addPages = (i: number, count: number) => {
    if (out.getPageCount() + count > limits.maxPages) {
      throw new PartRefused(
        i,
        'pages',
        `brings the merge to ${out.getPageCount() + count} pages: the limit is ${limits.maxPages} pages per merge`,
      );
    }
  };
  for (const [i, part] of parts.entries()) {
    onPart(i);
    const data = Buffer.from(part.data.buffer, part.data.byteOffset, part.data.byteLength);
    if (part.mimeType === 'application/pdf') {
      spend(i, pdfDecodedBytes(data, limits.maxDecodedBytes - decoded));
      // pdf-lib reads leniently: a damaged file may load and fail only when its pages are read.
      const notPdf = () => new PartRefused(i, null, 'could not be read as a PDF (damaged or encrypted)');
      const source = await PDFDocument.load(data, { updateMetadata: false }).catch(() => {
        throw notPdf();
      });
      let count: number;
      try {
        count = source.getPageCount();
      } catch {
        throw notPdf();
      }
      addPages(i, count);
      const pages = await out.copyPages(source, source.getPageIndices()).catch(() => {
        throw notPdf();
      });
      for (const page of pages) out.addPage(page);
      continue;
    }
    const size = imageSize(data, part.mimeType);
    if (!size) throw new PartRefused(i, null, 'could not be read as an image');
    if (size.pixels > limits.maxPixels) {
      throw new PartRefused(
        i,
        'pixels',
        `is ${size.width}×${size.height} pixels${size.pixels > size.width * size.height ? ' in several frames' : ''}: the limit is ${limits.maxPixels} pixels per image`,
      );
    }
    for (const zlib of size.compressed) spend(i, inflatedSize(zlib, limits.maxDecodedBytes - decoded));
    addPages(i, 1);
    const image = await (part.mimeType === 'image/png' ? out.embedPng(data) : out.embedJpg(data)).catch(() => {
      throw new PartRefused(i, null, 'could not be read as an image');
    });
    const scale = Math.min(1, A4.width / image.width, A4.height / image.height);
    const drawn = { width: image.width * scale, height: image.height * scale };
    out.addPage([drawn.width, drawn.height]).drawImage(image, { x: 0, y: 0, ...drawn });
  }
  onPart(parts.length);
  const bytes = await out.save().catch(() => {
    // A part whose pages copied but whose objects do not write out (a damaged PDF that read partly).
    throw new PartRefused(parts.length, null, 'could not be merged into one PDF: one of the PDFs is damaged');
  });
  return { bytes, pageCount: out.getPageCount() };
}
