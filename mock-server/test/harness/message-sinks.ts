// What the messages tests send to (README "Messages", "Tests"): a real SMTP server (smtp-server) whose mails
// are parsed back with mailparser, and an HTTP SMS gateway (node:http) that keeps what it is POSTed. Both on
// 127.0.0.1, on ports of their own. `mode` makes the SMTP server refuse (451, or 550) or stall every mail.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  url: string;
  mails: ParsedMail[];
  /** accept; refuse with 451 (try later) or 550 (never); stall: never answer the end of DATA. */
  mode: 'accept' | 'refuse' | 'reject' | 'stall';
  /** Mails that reached the end of DATA while stalling (never answered). */
  stalled: number;
  /** Resolves once `count` mails have arrived. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

function waiter<T>(items: T[]) {
  const waiting: { count: number; resolve: (items: T[]) => void }[] = [];
  return {
    added() {
      for (const w of [...waiting]) {
        if (items.length >= w.count) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(items);
        }
      }
    },
    waitFor(count: number) {
      return items.length >= count
        ? Promise.resolve(items)
        : new Promise<T[]>((resolve) => waiting.push({ count, resolve }));
    },
  };
}

export async function startMailSink(): Promise<MailSink> {
  const mails: ParsedMail[] = [];
  const arrivals = waiter(mails);
  const sink: MailSink = {
    url: '',
    mails,
    mode: 'accept',
    stalled: 0,
    waitFor: arrivals.waitFor,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (sink.mode === 'stall') {
        stream.on('end', () => {
          sink.stalled++;
        });
        stream.resume();
        return;
      }
      if (sink.mode !== 'accept') {
        stream.resume();
        stream.on('end', () => {
          const code = sink.mode === 'refuse' ? 451 : 550;
          callback(
            Object.assign(new Error(`${code === 451 ? 'try again later' : 'mailbox unavailable'}`), {
              responseCode: code,
            }),
          );
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
          arrivals.added();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      // A stalled exchange keeps its connection open: close() waits for none of them.
      for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
        connection.close();
      }
      server.close(() => resolve());
    });
  return sink;
}

export interface SmsSink {
  url: string;
  received: { to: string; text: string; reference: string }[];
  /** The status every POST answers (200 unless a test says otherwise). */
  status: number;
  waitFor(count: number): Promise<SmsSink['received']>;
  close(): Promise<void>;
}

export async function startSmsSink(): Promise<SmsSink> {
  const received: SmsSink['received'] = [];
  const arrivals = waiter(received);
  let server: Server | undefined;
  const sink: SmsSink = {
    url: '',
    received,
    status: 200,
    waitFor: arrivals.waitFor,
    close: () => new Promise<void>((resolve) => server?.close(() => resolve())),
  };
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (sink.status < 300) {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        arrivals.added();
      }
      response.writeHead(sink.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ accepted: sink.status < 300 }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return sink;
}

/**
 * Resolves with the first truthy value `probe` gives, asked every 20 ms: for what the worker records after
 * the sink has the message (the test's own timeout bounds the wait).
 */
export async function until<T>(probe: () => Promise<T | null | undefined | false>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
