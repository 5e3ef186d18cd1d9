// The benches' HTTP client for timed calls: what a browser does with an answer (keep-alive connections, its
// Accept-Encoding, the whole body decoded) at a fraction of fetch's CPU. The client shares the server's two cores:
// Node's fetch (undici's WHATWG streams) spent 1.9 ms CPU on each 47 KB calculator answer, more than the server's
// own work (1.4 ms), and that time was counted in every round trip; node:http spends 0.5 ms.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** What Chromium offers but zstd (Node 20 cannot decode it; the API sends br or gzip, br first). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

export interface BenchAnswer {
  status: number;
  ok: boolean;
  /** The body decoded, as the page would read it. */
  body: Buffer;
  text(): string;
  json<T>(): T;
}

export interface BenchRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Keep-alive sockets, as many as there are calls in flight (the list bench's 50 clients get one each). */
const agent = new http.Agent({ keepAlive: true });

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function once(url: URL, init: BenchRequest): Promise<BenchAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = http.request(url, { agent, method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const body = decoded(Buffer.concat(chunks), res.headers['content-encoding']);
        resolve({
          status,
          ok: status >= 200 && status < 300,
          body,
          text: () => body.toString('utf8'),
          json: <T>() => JSON.parse(body.toString('utf8')) as T,
        });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as the request left: Node's documented case for sending it again.
      if (req.reusedSocket && error.code === 'ECONNRESET') once(url, init).then(resolve, reject);
      else reject(error);
    });
    req.end(init.body);
  });
}

/** One call; the answer's body read whole and decoded. */
export function send(url: string, init: BenchRequest = {}): Promise<BenchAnswer> {
  return once(new URL(url), init);
}
