// Documents that attack the server's document work (mock-server README "Document limits"), for the tests
// that hold the limits and for the bench that measures them at their real size.
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** A PDF of `pages` pages; `numbered` writes 'page N' on each, so a merged copy shows where each came from. */
export async function pdfOfPages(pages: number, { numbered = false } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 400]);
    if (numbered) page.drawText(`page ${i + 1}`, { x: 20, y: 350 });
  }
  return Buffer.from(await doc.save());
}

/** A one-page PDF whose object stream (Flate) inflates to `inflated` bytes: one small object, then blanks. */
export function inflatingPdf(inflated: number): Buffer {
  const content = Buffer.alloc(inflated, 0x20);
  content.write('5 0 << /Producer (bomb) >>', 'latin1');
  const stream = deflateSync(content, { level: 9 });
  const head = [
    '%PDF-1.7',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >> endobj',
    `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>`,
    'stream',
    '',
  ].join('\n');
  const tail = '\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from(tail, 'latin1')]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An 8-bit RGB PNG whose header declares width × height. Its pixel data is one tiny row unless
 * `allPixels`: then every pixel, all zero (6000×6000 deflates to about 140 KB), for a decoder that reads it all.
 */
export function pngDeclaring(width: number, height: number, { allPixels = false } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixels = allPixels ? Buffer.alloc((width * 3 + 1) * height) : Buffer.alloc(4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
