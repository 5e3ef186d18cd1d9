// Where the demo's mail and SMS go when the operator named no server of their own: the mail catcher maildev
// (npm, a devDependency of this package, started by path) and the SMS sink (tools/sms-sink, node:http), each on
// 127.0.0.1 and ports of its own. npm start, the e2e run and the benchmarks start them through startSystem and
// give the API SMTP_URL and SMS_GATEWAY_URL pointing at them (the sender, MAIL_FROM, is the operator's or the
// server's default). Plain Node, like all of lib/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './ports.mjs';
import { listening, startNode, waitForHttp, waitForPort } from './process.mjs';
import { ROOT } from './repo.mjs';

/** @typedef {import('./process.mjs').Proc} Proc */
/** @typedef {{ MAIL_SMTP_PORT: number, MAIL_WEB_PORT: number, SMS_SINK_PORT: number }} MessagePorts */

/** npm start's ports (maildev's own defaults for the mail catcher), each overridable by its variable. */
const DEFAULT_MESSAGE_PORTS = { MAIL_SMTP_PORT: 1025, MAIL_WEB_PORT: 1080, SMS_SINK_PORT: 1090 };

const SMS_SINK = path.join('tools', 'sms-sink', 'main.ts');

/** @param {NodeJS.ProcessEnv} env @returns {MessagePorts} */
export function messagePortsFrom(env) {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [name, fallback] of Object.entries(DEFAULT_MESSAGE_PORTS)) {
    const raw = env[name];
    const port = raw ? Number(raw) : fallback;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: '${raw}' is not a port number`);
    ports[name] = port;
  }
  return /** @type {MessagePorts} */ (ports);
}

/** Three different ports nothing listens on (the benchmarks' systems). @returns {Promise<MessagePorts>} */
export async function freeMessagePorts() {
  const ports = new Set();
  // Each probe closes its port again, so the next one may be handed the same.
  while (ports.size < 3) ports.add(await freePort());
  const [smtp = 0, web = 0, sms = 0] = ports;
  return { MAIL_SMTP_PORT: smtp, MAIL_WEB_PORT: web, SMS_SINK_PORT: sms };
}

/** maildev's command line, from the root install (npm hoists it) or this package's own node_modules. */
function maildevBin() {
  for (const dir of [ROOT, path.join(ROOT, 'tools')]) {
    const bin = path.join(dir, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
    if (existsSync(bin)) return bin;
  }
  throw new Error('maildev is not installed (npm ci installs it with @originate/tools)');
}

/** A URL as printed: without its password or query (SMTP_URL and SMS_GATEWAY_URL may carry credentials). @param {string} url */
export function withoutCredentials(url) {
  try {
    const { protocol, username, password, host, pathname, search } = new URL(url);
    const user = username ? `${username}${password ? ':***' : ''}@` : '';
    return `${protocol}//${user}${host}${pathname}${search ? '?…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

/** @param {number} port @param {string} variable */
async function ensureFree(port, variable) {
  // Another catcher (a running npm start) would take this run's mail.
  if (await listening(port)) throw new Error(`127.0.0.1:${port} is in use (${variable})`);
}

/**
 * Starts the mail catcher unless `configured.SMTP_URL` is set and the SMS sink unless
 * `configured.SMS_GATEWAY_URL` is set (`replaceConfigured` starts both whatever is set: the e2e run reads its
 * own). Answers the API's variables and what to print.
 * @param {{ ports: MessagePorts, dataDir: string, configured: NodeJS.ProcessEnv, replaceConfigured?: boolean,
 *   logDir?: string }} opts
 *   dataDir: the catcher keeps its mail in <dataDir>/mail, so a restart of npm start shows the earlier mail.
 */
export async function startMessageSinks(opts) {
  const startMail = opts.replaceConfigured || !opts.configured.SMTP_URL;
  const startSms = opts.replaceConfigured || !opts.configured.SMS_GATEWAY_URL;
  /** @type {Proc[]} */
  const procs = [];
  const stop = () => Promise.all(procs.map((p) => p.stop()));
  /** @type {Record<string, string>} */
  const env = {};
  /** @type {{ mailUrl: string | null, smsUrl: string | null, maildev: Proc | null, smsSink: Proc | null }} */
  const started = { mailUrl: null, smsUrl: null, maildev: null, smsSink: null };
  // Both at once: each takes a few seconds to load, neither waits for the other.
  const mail = async () => {
    const { MAIL_SMTP_PORT: smtp, MAIL_WEB_PORT: web } = opts.ports;
    await ensureFree(smtp, 'MAIL_SMTP_PORT');
    await ensureFree(web, 'MAIL_WEB_PORT');
    const maildev = startNode(
      'maildev',
      [
        maildevBin(),
        ...['--smtp', String(smtp), '--ip', '127.0.0.1', '--web', String(web), '--web-ip', '127.0.0.1'],
        ...['--mail-directory', path.join(opts.dataDir, 'mail'), '--max-emails', '5000'],
      ],
      { logDir: opts.logDir, graceMs: 5000 },
    );
    procs.push(maildev);
    await waitForPort(smtp, maildev, 60_000);
    await waitForHttp(`http://127.0.0.1:${web}/api/healthz`, maildev, 60_000);
    started.maildev = maildev;
    env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  };
  const sms = async () => {
    const port = opts.ports.SMS_SINK_PORT;
    await ensureFree(port, 'SMS_SINK_PORT');
    const smsSink = startNode(
      'sms-sink',
      ['--import', 'tsx', SMS_SINK, '--port', String(port), ...(mailUrl ? ['--mail-url', mailUrl] : [])],
      { logDir: opts.logDir, graceMs: 3000 },
    );
    procs.push(smsSink);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, smsSink, 60_000);
    started.smsSink = smsSink;
    started.smsUrl = `http://127.0.0.1:${port}/`;
    env.SMS_GATEWAY_URL = `http://127.0.0.1:${port}/sms`;
  };
  const mailUrl = startMail ? `http://127.0.0.1:${opts.ports.MAIL_WEB_PORT}/` : null;
  started.mailUrl = mailUrl;
  const results = await Promise.allSettled([...(startMail ? [mail()] : []), ...(startSms ? [sms()] : [])]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { env, ...started, stop };
}
