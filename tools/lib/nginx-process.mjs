// Debian's nginx as the project's own process (README "nginx topology"): installed with apt-get when
// missing, started in the foreground on a prefix folder that holds its configuration, pid, logs and temp files.
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';
import { runCommand, startProcess } from './process.mjs';

export const NGINX = '/usr/sbin/nginx';
/** Debian's libnginx-mod-http-brotli-static, the module deploy/src/nginx.ts's configuration loads. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Whether nginx and the brotli static module are installed. */
export function hasNginx() {
  return existsSync(NGINX) && existsSync(BROTLI_STATIC_MODULE);
}

/** Installs nginx and its brotli static module when either is missing. */
export async function ensureNginx() {
  await aptInstall(
    'Debian nginx and its brotli static module',
    ['nginx', 'libnginx-mod-http-brotli-static'],
    [NGINX, BROTLI_STATIC_MODULE],
  );
}

/** The arguments that point nginx at a prefix folder and its configuration. @param {string} prefixDir @param {string} confFile */
function prefixArgs(prefixDir, confFile) {
  return ['-p', prefixDir, '-c', confFile];
}

/**
 * Checks the configuration (`nginx -t`), then runs nginx in the foreground (`daemon off`), its output
 * prefixed on this process's. stop() ends it gracefully (SIGQUIT: connections in flight finish) and waits;
 * reload() re-reads the configuration (`nginx -s reload`) without dropping a connection.
 * @param {string} prefixDir @param {string} confFile
 */
export async function startNginx(prefixDir, confFile) {
  const test = await runCommand(NGINX, [...prefixArgs(prefixDir, confFile), '-t', '-q'], { quiet: true });
  if (test.code !== 0) throw new Error(`nginx -t refused ${confFile}:\n${test.output}`);
  const proc = startProcess('nginx', NGINX, [...prefixArgs(prefixDir, confFile), '-g', 'daemon off;'], {
    stopSignal: 'SIGQUIT',
  });
  return Object.assign(proc, {
    async reload() {
      const result = await runCommand(NGINX, [...prefixArgs(prefixDir, confFile), '-s', 'reload'], { quiet: true });
      if (result.code !== 0) throw new Error(`nginx -s reload failed:\n${result.output}`);
    },
  });
}
