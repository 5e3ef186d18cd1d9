// npm run dev: mock-server (restarting on change) and every app under webpack-dev-server with hot
// reload. Each dev server serves /env.json and /remotes.json from files written here (see
// RUNTIME_ENV_FILE / REMOTES_MANIFEST_FILE in shared/build/createAppConfig.cjs).
import path from 'node:path';
import { buildableApps } from '../lib/app-builds.mjs';
import { ensureInstall } from '../lib/ensure-install.mjs';
import { startVideoGatewayIfPossible } from '../lib/janus-process.mjs';
import { messagePortsFrom, startMessageSinks } from '../lib/message-sinks.mjs';
import { portEnvName, portsEnv, portsFrom } from '../lib/ports.mjs';
import { runCommand, startNode } from '../lib/process.mjs';
import { ROOT, step } from '../lib/repo.mjs';

async function main() {
  await ensureInstall();
  const ports = portsFrom(process.env);
  /** @type {Record<string, number>} */
  const portTable = ports;
  const apps = buildableApps().filter((dir) => portTable[portEnvName(dir)] !== undefined);
  const origin = (/** @type {number} */ port) => `http://127.0.0.1:${port}`;

  const configDir = path.join(ROOT, 'deploy', '.dev');
  const generated = await runCommand(process.execPath, ['--import', 'tsx', 'deploy/src/devConfig.ts', configDir], {
    env: portsEnv(ports),
  });
  if (generated.code !== 0) throw new Error('could not write the dev runtime configuration');
  const runtimeEnvFile = path.join(configDir, 'env.json');
  const remotesFile = path.join(configDir, 'remotes.json');

  const origins = apps.map((dir) => origin(portTable[portEnvName(dir)] ?? 0));
  const env = {
    ...portsEnv(ports),
    RUNTIME_ENV_FILE: runtimeEnvFile,
    REMOTES_MANIFEST_FILE: remotesFile,
    CORS_ORIGINS: origins.join(','),
    CUSTOMER_PORTAL_URL: `${origin(ports.SHELL_PORT)}/newapplication?product=PL`,
    DATA_DIR: process.env.DATA_DIR || path.join(ROOT, 'mock-server', '.data'),
  };
  // The video gateway (deploy README "Video gateway"): optional, the rest runs without it.
  const janus = await startVideoGatewayIfPossible({ dataDir: env.DATA_DIR, port: ports.JANUS_PORT ?? 8188, env });
  // Mail and SMS as npm start has them: the local catcher and sink unless SMTP_URL / SMS_GATEWAY_URL are set.
  const messages = await startMessageSinks({
    ports: messagePortsFrom(process.env),
    dataDir: env.DATA_DIR,
    configured: process.env,
  });
  Object.assign(env, messages.env);
  step(`Starting mock-server (tsx watch) and webpack-dev-server for ${apps.join(', ')}`);
  const webpackCli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const procs = [
    startNode(
      'server',
      [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'mock-server/src/main.ts', '--seed'],
      {
        env,
      },
    ),
    ...apps.map((dir) =>
      startNode(
        dir,
        [webpackCli, 'serve', '--mode', 'development', '--config', path.join(ROOT, dir, 'webpack.config.cjs')],
        { env: { ...env, PORT: String(portTable[portEnvName(dir)]) } },
      ),
    ),
  ];
  console.log(
    [
      '',
      `Back office  ${origin(ports.SHELL_PORT)}   API  ${origin(ports.SERVER_PORT)}   video gateway  ${
        janus ? `ws://127.0.0.1:${janus.port}` : 'not running'
      }`,
      ...apps.map((dir) => `  ${dir.padEnd(18)} ${origin(portTable[portEnvName(dir)] ?? 0)}`),
      ...(messages.mailUrl ? [`  mail catcher       ${messages.mailUrl}`] : []),
      ...(messages.smsUrl ? [`  SMS sink           ${messages.smsUrl}`] : []),
      'Edit any src/ file: the page reloads in place. Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await Promise.all([...procs, ...(janus ? [janus] : [])].map((p) => p.stop()));
    await messages.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`npm run dev failed: ${error.message}`);
  process.exit(1);
});
