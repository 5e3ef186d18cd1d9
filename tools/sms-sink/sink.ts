// The local SMS gateway of npm start and the e2e run: it accepts what the API's SMS transport sends to
// SMS_GATEWAY_URL (POST JSON {to, text, reference}, a 2xx answer is delivery), keeps the last messages in
// memory and shows them, newest first, beside the mail catcher's page. Plain node:http: three routes do not
// need a framework. Loopback only (main.ts binds 127.0.0.1): it is a developer's tool, never a deployment's.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReceivedSms {
  id: number;
  to: string;
  text: string;
  /** The sender's idempotency key: a repeat with the same reference is counted on the first, not stored again. */
  reference: string;
  receivedAt: string;
  /** How many more times the same reference arrived (an at-least-once sender's repeats). */
  repeats: number;
}

/** What a gateway accepts: the API sends exactly these three fields. */
const FIELDS = ['to', 'text', 'reference'] as const;
/** An international or national number, digits with an optional leading +, as gateways take them. */
const NUMBER = /^\+?[0-9]{8,15}$/;
/** Ten segments of 160 GSM characters: more is a sender's bug, not an SMS. */
const MAX_TEXT = 1600;
const MAX_REFERENCE = 200;
const MAX_BODY_BYTES = 16 * 1024;

type Parsed = { ok: true; sms: Pick<ReceivedSms, 'to' | 'text' | 'reference'> } | { ok: false; error: string };

/** Checks a request body as a real gateway would, naming the field and the reason of a refusal. */
export function parseSms(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'body: must be a JSON object {to, text, reference}' };
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) return { ok: false, error: `${unknown}: unknown field` };
  const { to, text, reference } = record;
  if (typeof to !== 'string' || !NUMBER.test(to)) {
    return { ok: false, error: 'to: must be a mobile number, 8 to 15 digits with an optional leading +' };
  }
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT) {
    return { ok: false, error: `text: must be a string of 1 to ${MAX_TEXT} characters` };
  }
  if (typeof reference !== 'string' || reference.length === 0 || reference.length > MAX_REFERENCE) {
    return { ok: false, error: `reference: must be a string of 1 to ${MAX_REFERENCE} characters` };
  }
  return { ok: true, sms: { to, text, reference } };
}

/** The messages kept, newest first, at most `keep`. */
export class SmsStore {
  private readonly messages: ReceivedSms[] = [];
  private nextId = 1;

  constructor(private readonly keep: number) {}

  /** Stores a message, or counts a repeat of a reference already kept; answers the stored one. */
  add(sms: Pick<ReceivedSms, 'to' | 'text' | 'reference'>, now: Date): { message: ReceivedSms; repeat: boolean } {
    const earlier = this.messages.find((m) => m.reference === sms.reference);
    if (earlier) {
      earlier.repeats += 1;
      return { message: earlier, repeat: true };
    }
    const message: ReceivedSms = { id: this.nextId++, ...sms, receivedAt: now.toISOString(), repeats: 0 };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.keep);
    return { message, repeat: false };
  }

  /** Newest first; `to` compares the digits only (a + or spaces do not matter). */
  list(filter: { to?: string | null; after?: Date | null } = {}): ReceivedSms[] {
    const digits = filter.to ? filter.to.replace(/\D/g, '') : null;
    return this.messages.filter(
      (m) =>
        (digits === null || m.to.replace(/\D/g, '') === digits) &&
        (!filter.after || new Date(m.receivedAt) >= filter.after),
    );
  }
}

/** '2026-12-06 12:29:52 UTC': what a reader takes in at a glance (the JSON keeps the ISO time). */
function shownTime(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** One SMS as the page shows it; the same markup the page's script builds (sink.js). */
function smsHtml(m: ReceivedSms): string {
  const repeats = m.repeats > 0 ? ` · arrived ${m.repeats + 1}× (same reference)` : '';
  return `<li><div class="meta"><strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(shownTime(m.receivedAt))}</time>${repeats}</div><pre>${escapeHtml(m.text)}</pre><div class="ref">reference ${escapeHtml(m.reference)}</div></li>`;
}

/** The page, all messages or one number's (`/?to=`: a developer following one applicant's texts). */
function page(store: SmsStore, mailUrl: string | null, to: string | null): string {
  const messages = store.list({ to });
  const heading = to ? `SMS sent to ${escapeHtml(to)}` : 'SMS sent by the demo';
  const mail = mailUrl
    ? `<h2>Mail <a href="${escapeHtml(mailUrl)}" target="_blank" rel="noopener">open the mail catcher in its own tab</a></h2><iframe title="Mail catcher" src="${escapeHtml(mailUrl)}"></iframe>`
    : '<h2>Mail</h2><p>Mail goes to the SMTP server named by SMTP_URL: read it there.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Originate: messages sent (SMS sink)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1a1a1a;display:grid;grid-template-columns:minmax(320px,1fr) 2fr;height:100vh}
section{overflow:auto;padding:0 16px;border-right:1px solid #ccc}
h1,h2{font-size:16px;margin:12px 0}
h2 a{font-size:13px;font-weight:normal;margin-left:8px}
ul{list-style:none;margin:0;padding:0}
li{border:1px solid #ddd;border-radius:6px;padding:8px;margin:0 0 8px}
pre{white-space:pre-wrap;font:inherit;margin:6px 0}
.meta,.ref{color:#555;font-size:12px}
.mail{display:flex;flex-direction:column;padding:0 16px}
iframe{flex:1;border:1px solid #ccc;border-radius:6px;margin-bottom:16px}
</style></head>
<body>
<section><h1>${heading} (<span id="count">${messages.length}</span>)</h1>
<p class="meta">Newest first. The API posts them to SMS_GATEWAY_URL; this page updates itself.</p>
<ul id="sms">${messages.map(smsHtml).join('')}</ul>
${messages.length === 0 ? '<p id="empty">No SMS yet.</p>' : ''}</section>
<div class="mail">${mail}</div>
<script src="/sink.js"></script>
</body></html>`;
}

/** Re-reads the list every 2 s and redraws it with text nodes only (a message's text is never markup). */
const SCRIPT = `(() => {
  const list = document.getElementById('sms');
  const count = document.getElementById('count');
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
  async function refresh() {
    try {
      const { messages } = await (await fetch('/api/sms' + location.search)).json();
      count.textContent = String(messages.length);
      document.getElementById('empty')?.remove();
      list.replaceChildren(...messages.map((m) => {
        const li = el('li');
        const meta = el('div', 'meta');
        const time = el('time', '', m.receivedAt.slice(0, 19).replace('T', ' ') + ' UTC');
        time.dateTime = m.receivedAt;
        meta.append(el('strong', '', m.to), ' · ', time,
          m.repeats > 0 ? ' · arrived ' + (m.repeats + 1) + '× (same reference)' : '');
        li.append(meta, el('pre', '', m.text), el('div', 'ref', 'reference ' + m.reference));
        return li;
      }));
    } catch {}
  }
  setInterval(refresh, 2000);
})();`;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function receive(req: IncomingMessage, res: ServerResponse, store: SmsStore): Promise<void> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    json(res, 415, { error: 'content-type: must be application/json' });
    return;
  }
  const text = await readBody(req);
  if (text === null) {
    json(res, 413, { error: `body: larger than ${MAX_BODY_BYTES} bytes` });
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    json(res, 400, { error: 'body: not JSON' });
    return;
  }
  const parsed = parseSms(body);
  if (!parsed.ok) {
    json(res, 400, { error: parsed.error });
    return;
  }
  const { message, repeat } = store.add(parsed.sms, new Date());
  json(res, repeat ? 200 : 202, { id: message.id, reference: message.reference, repeat });
}

function parseAfter(value: string | null): Date | null | 'bad' {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'bad' : date;
}

/**
 * The sink's HTTP server (not listening yet):
 * - POST /sms {to, text, reference}: 202 stored, 200 a repeat of a reference, 400 naming the field, 413, 415;
 * - GET /api/sms?to=&after=: {messages} newest first (to: digits compared; after: an ISO time);
 * - GET /?to=: the page, every number's or one's; GET /healthz: 200.
 */
export function createSmsSink(opts: { mailUrl: string | null; keep?: number }): { server: Server; store: SmsStore } {
  const store = new SmsStore(opts.keep ?? 1000);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink.invalid');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /sms') {
      receive(req, res, store).catch(() => json(res, 400, { error: 'body: could not be read' }));
      return;
    }
    if (route === 'GET /api/sms') {
      const after = parseAfter(url.searchParams.get('after'));
      if (after === 'bad') {
        json(res, 400, { error: 'after: must be an ISO date-time' });
        return;
      }
      json(res, 200, { messages: store.list({ to: url.searchParams.get('to'), after }) });
      return;
    }
    if (route === 'GET /') {
      send(res, 200, 'text/html; charset=utf-8', page(store, opts.mailUrl, url.searchParams.get('to')));
      return;
    }
    if (route === 'GET /sink.js') {
      send(res, 200, 'text/javascript; charset=utf-8', SCRIPT);
      return;
    }
    if (route === 'GET /healthz') {
      send(res, 200, 'text/plain; charset=utf-8', 'ok');
      return;
    }
    json(res, 404, { error: `${route}: no such route (POST /sms, GET /api/sms, GET /)` });
  });
  return { server, store };
}
