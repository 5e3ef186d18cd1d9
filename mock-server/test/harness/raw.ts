// Raw HTTP/1.1 on a socket, for what app.inject never exercises: Node's own parser (unframed bodies,
// malformed request lines and headers, oversized headers) and HEAD answers as they leave the server.
// Each answer on the connection is held to the same contract as the injected ones (answerProblem), and
// an answer to a HEAD request carries no body.

import net from 'node:net';
import type { RegisteredRoute } from '../../src/app';
import { type Answer, answerProblem } from './envelope';
import { type CorpusSize, fillPath, rotation } from './routes';

export interface RawCase {
  route: RegisteredRoute;
  what: string;
  /** The bytes sent, whole; every case ends in a parser error or `Connection: close`, so the server closes. */
  bytes: string;
}

const HOST = '127.0.0.1';

/** Parser-level cases per route in the rotated corpus (of 7). */
const ROTATED_PARSER_CASES = 2;

/**
 * A few requests Node's parser must refuse, and bodies a GET, HEAD or DELETE carries without framing. The
 * rotated corpus (npm test; routes.ts `CorpusSize`) keeps the unframed bodies, which reach the route,
 * and gives each route a turn of the cases Node's parser refuses before any route is chosen.
 */
export function rawCorpus(route: RegisteredRoute, size: CorpusSize = 'whole'): RawCase[] {
  const path = fillPath(route.url);
  const line = `${route.method} ${path} HTTP/1.1\r\nHost: ${HOST}\r\n`;
  const unframed: [string, string][] = [
    ['unframed body', `${line}\r\n{"a":1}`],
    ['unframed body after a framed one', `${line}Content-Length: 2\r\n\r\n{}{"a":1}`],
  ];
  const parser: [string, string][] = [
    ['header line without a colon', `${line}NoColonHere\r\nConnection: close\r\n\r\n`],
    ['non-numeric Content-Length', `${line}Content-Length: abc\r\n\r\n`],
    ['Content-Length and Transfer-Encoding', `${line}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    ['bad chunk size', `${line}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
    ['32 KiB of headers', `${line}X-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`],
    ['bad HTTP version', `${route.method} ${path} HTTP/9.x\r\nHost: ${HOST}\r\n\r\n`],
    ['space in the URL', `${route.method} ${path} x HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`],
  ];
  const cases = [...unframed, ...(size === 'whole' ? parser : rotation(route, parser, ROTATED_PARSER_CASES))];
  return cases.map(([what, bytes]) => ({ route, what: `raw: ${what}`, bytes }));
}

/** Everything the server wrote before it closed the connection (bounded, so a kept-open socket fails). */
function exchange(port: number, bytes: string, limitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, HOST, () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection stayed open ${limitMs} ms`));
    }, limitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while we still write (it refused early): what it answered still counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
  });
}

/**
 * The answers in `data`, in order. Answers to a HEAD (and anything written after one on that connection)
 * have no body; others are framed by Content-Length or chunked. What is left over is reported as such.
 */
export function parseAnswers(data: Buffer, headOnly: boolean): { answers: Answer[]; leftover: string } {
  const answers: Answer[] = [];
  let rest = data;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0 || !rest.subarray(0, 9).toString('latin1').startsWith('HTTP/1.1 ')) break;
    const lines = rest.subarray(0, end).toString('latin1').split('\r\n');
    const statusCode = Number(lines[0]?.split(' ')[1]);
    const headers: Answer['headers'] = {};
    for (const l of lines.slice(1)) {
      const colon = l.indexOf(':');
      headers[l.slice(0, colon).trim().toLowerCase()] = l.slice(colon + 1).trim();
    }
    rest = rest.subarray(end + 4);
    let body: Buffer = Buffer.alloc(0);
    if (!headOnly && headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const eol = rest.indexOf('\r\n');
        const size = Number.parseInt(rest.subarray(0, eol).toString('latin1'), 16);
        if (eol < 0 || Number.isNaN(size)) break;
        parts.push(rest.subarray(eol + 2, eol + 2 + size));
        rest = rest.subarray(eol + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else if (!headOnly) {
      const length = Number(headers['content-length'] ?? 0);
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    answers.push({ statusCode, headers, body: body.toString('utf8') });
  }
  return { answers, leftover: rest.toString('latin1') };
}

/** The contract problems of a raw case's answers: one entry per answer (null when it keeps it), and a closing one. */
export async function sendRaw(
  port: number,
  c: RawCase,
  limitMs = 10_000,
): Promise<{ status: number; problem: string | null }[]> {
  let data: Buffer;
  try {
    data = await exchange(port, c.bytes, limitMs);
  } catch (error) {
    return [{ status: 0, problem: (error as Error).message }];
  }
  const headOnly = c.route.method === 'HEAD';
  const { answers, leftover } = parseAnswers(data, headOnly);
  const outcomes = answers.map((a) => ({ status: a.statusCode, problem: answerProblem(a, !headOnly) }));
  if (answers.length === 0) outcomes.push({ status: 0, problem: 'no answer before the connection closed' });
  if (leftover.length > 0) {
    const what = headOnly ? 'a HEAD answer carries a body' : 'bytes after the last answer';
    outcomes.push({ status: 0, problem: `${what}: ${JSON.stringify(leftover.slice(0, 80))}` });
  }
  return outcomes;
}
