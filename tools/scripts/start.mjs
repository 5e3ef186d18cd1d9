// npm start: install what is missing, build what is stale, start server + every built origin.
import path from 'node:path';
import { ensureBuilt } from '../lib/app-builds.mjs';
import { startSystem } from '../lib/composed-system.mjs';
import { demoUsersTable } from '../lib/demo-users.mjs';
import { ensureInstall } from '../lib/ensure-install.mjs';
import { messagePortsFrom, withoutCredentials } from '../lib/message-sinks.mjs';
import { portsFrom } from '../lib/ports.mjs';
import { ROOT, step } from '../lib/repo.mjs';

const startedAt = Date.now();

/**
 * The embedded database of this port set when DATA_DIR is not set: deploy/ports.json's ports keep
 * mock-server/.data, any other set gets one of its own (as the release store does), so a second npm start on
 * other ports never opens the first one's database (PGlite is one process's).
 * @param {Record<string, number>} ports
 */
function defaultDataDir(ports) {
  const set = Object.values(ports).join('-');
  const defaults = Object.values(portsFrom({})).join('-');
  return path.join(ROOT, 'mock-server', set === defaults ? '.data' : `.data-ports-${set}`);
}

async function main() {
  const ports = portsFrom(process.env);
  await ensureInstall();
  await ensureBuilt();
  const dataDir = process.env.DATA_DIR || defaultDataDir(ports);
  const messagePorts = messagePortsFrom(process.env);
  step(`Starting mock-server (embedded PGlite in ${path.relative(ROOT, dataDir) || dataDir}) and the app origins`);
  const system = await startSystem({ ports, dataDir, messagePorts });

  // Public URLs when the deployment configures them (deploy README, "Deployment configuration").
  const publicUrl = (/** @type {string} */ name, /** @type {number} */ port) =>
    (system.env[name] || `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const shell = publicUrl('SHELL_PUBLIC_URL', ports.SHELL_PORT);
  const portal = publicUrl('MFE_CUSTOMER_FLOW_PUBLIC_URL', ports.MFE_CUSTOMER_FLOW_PORT);
  /** @type {{ remotes: { name: string, entry: string, version: string }[] }} */
  const remotes = await (await fetch(`http://127.0.0.1:${ports.SHELL_PORT}/remotes.json`)).json();
  const customerFlowBuilt = remotes.remotes.some((r) => r.name === 'mfe_customer_flow');
  const lines = [
    '',
    'Originate is running:',
    `  Back office       ${shell}`,
    ...(customerFlowBuilt
      ? [
          `  Customer portal   ${portal}/newapplication   (standalone, for applicants)`,
          `                    ${shell}/newapplication   (the same remote inside the shell)`,
        ]
      : [`  Customer portal   ${shell}/newapplication   (the customer-flow remote is not built: fallback page)`]),
    `  API               ${publicUrl('API_PUBLIC_URL', ports.SERVER_PORT)}`,
    `  Video gateway     ${
      system.janus
        ? `Janus on 127.0.0.1:${system.janus.port}, relayed to browsers by the API`
        : 'not running (video calls unavailable: see above)'
    }`,
    ...remotes.remotes.map((r) => `  ${r.name.replace(/_/g, '-').padEnd(18)}${r.entry}   (version ${r.version})`),
    '',
    'Messages the demo sends (password reset links, one-time codes, letters):',
    system.messages.mailUrl
      ? `  Mail catcher      ${system.messages.mailUrl}   (every e-mail; SMTP on 127.0.0.1:${messagePorts.MAIL_SMTP_PORT})`
      : `  Mail              to your SMTP_URL ${withoutCredentials(process.env.SMTP_URL ?? '')}   (no catcher started)`,
    system.messages.smsUrl
      ? `  SMS sink          ${system.messages.smsUrl}   (every SMS, newest first, beside the mail)`
      : `  SMS               to your SMS_GATEWAY_URL ${withoutCredentials(process.env.SMS_GATEWAY_URL ?? '')}   (no sink started)`,
    '',
    'Demo logins:',
    demoUsersTable()
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
    '',
    `Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`,
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (/** @type {number} */ code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await system.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // The server is supervised (restarted, from a warm standby); a dead origin, mail catcher or SMS sink means
  // the system is not what the URLs promise: stop everything and say so.
  const { maildev, smsSink } = system.messages;
  for (const proc of [...system.appProcs.values(), ...(maildev ? [maildev] : []), ...(smsSink ? [smsSink] : [])]) {
    proc.done.then(() => {
      if (!stopping) {
        console.error(`${proc.name} stopped unexpectedly`);
        stop(1);
      }
    });
  }
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
