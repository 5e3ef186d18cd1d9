// A download: the bytes (or a stream of them) as an attachment named for the user.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An ASCII fallback name and the UTF-8 one (RFC 6266), so no name breaks the header. */
export function attachment(reply: FastifyReply, data: Buffer | Readable, fileName: string, mimeType: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(mimeType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}
