// Debian's nginx as the project's own process (README "nginx topology"): installed with apt-get when
// missing, started in the foreground on a prefix folder that holds its configuration, pid, logs and temp files.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';
import { run } from './run.mjs';

export const NGINX = '/usr/sbin/nginx';
/** Debian's libnginx-mod-http-brotli-static: serves the build's .br files (`brotli_static on`). */
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
 * prefixed on this process's stderr. stop() ends it gracefully (SIGQUIT: connections in flight finish)
 * and waits; reload() re-reads the configuration (`nginx -s reload`) without dropping a connection.
 * @param {string} prefixDir @param {string} confFile
 */
export async function startNginx(prefixDir, confFile) {
  const test = await run(NGINX, [...prefixArgs(prefixDir, confFile), '-t', '-q'], { quiet: true });
  if (test.code !== 0) throw new Error(`nginx -t refused ${confFile}:\n${test.output}`);
  const child = spawn(NGINX, [...prefixArgs(prefixDir, confFile), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[nginx] ${line}\n`);
  });
  let exited = false;
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
  });
  return {
    name: 'nginx',
    pid: child.pid,
    get exited() {
      return exited;
    },
    done,
    async reload() {
      const result = await run(NGINX, [...prefixArgs(prefixDir, confFile), '-s', 'reload'], { quiet: true });
      if (result.code !== 0) throw new Error(`nginx -s reload failed:\n${result.output}`);
    },
    async stop() {
      if (exited) return;
      child.kill('SIGQUIT');
      await done;
    },
  };
}
