// Keeping the API server running under npm start, the e2e system and the crash bench: restarted after every
// exit, from a warm standby, as restart-policy.mjs says.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { startNode } from './process.mjs';
import { restartDecision, restartLine } from './restart-policy.mjs';

/** The last lines of a log file (read from its last 4 KiB), to say why a process stopped. */
function logTail(/** @type {string} */ file, lines = 15) {
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.min(size, 4096));
      readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * Keeps a process running until stop() is called: restarted after every exit as restartDecision
 * says, with a line saying why it stopped, after how long, and when it serves again. Supervision
 * starts with ready(): a process that dies before it ever served (a bad setting, a port in use) is
 * not restarted, so the start fails at once with its log.
 *
 * The child talks to the supervisor over IPC (env SUPERVISOR_IPC=1): it sends { supervisor: 'serving' }
 * once it serves. With standby, a second process (env SUPERVISOR_STANDBY=1) is kept warm: it loads its
 * code, sends { supervisor: 'standby' } and waits for { supervisor: 'start' }; a restart promotes it,
 * so the code is never loaded while the service is down. It is started with the first run and with
 * each restart, so even a run that dies soon finds it (nearly) loaded; a child that does not speak IPC
 * is restarted cold.
 * @param {string} name
 * @param {string[]} args node arguments
 * @param {{ env: NodeJS.ProcessEnv, logDir?: string, standby?: boolean, firstArgs?: string[], onStart?: (pid: number | undefined) => void, log?: (message: string) => void }} opts
 *   firstArgs: node arguments of the first start only (restarts and the standby use args)
 *   onStart: called with the pid of each restarted process
 */
export function superviseProcess(name, args, opts) {
  const log = opts.log ?? console.error;
  const launch = (/** @type {boolean} */ standby, first = false) =>
    startNode(name, first ? (opts.firstArgs ?? args) : args, {
      ...opts,
      env: { ...opts.env, SUPERVISOR_IPC: '1', ...(standby ? { SUPERVISOR_STANDBY: '1' } : {}) },
      ipc: true,
    });
  let stopped = false;
  let supervising = false;
  let delay = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** When the last run stopped, until its successor serves. */
  let downSince = 0;
  /** @typedef {import('./process.mjs').Proc} Proc */
  /** @type {{ proc: Proc, loaded: boolean, promoted: boolean } | null} */
  let spare = null;
  /** @type {{ proc: Proc, startedAt: number, served: boolean }} */
  let current = { proc: launch(false, true), startedAt: Date.now(), served: false };

  const keepSpare = () => {
    if (!opts.standby || spare || stopped) return;
    const proc = launch(true);
    const warm = { proc, loaded: false, promoted: false };
    spare = warm;
    proc.onMessage((message) => {
      if (message?.supervisor !== 'standby') return;
      warm.loaded = true;
      if (warm.promoted) proc.send({ supervisor: 'start' });
    });
    proc.done.then(() => {
      if (spare === warm) spare = null;
    });
  };

  const run = (/** @type {Proc} */ proc) => {
    const thisRun = { proc, startedAt: Date.now(), served: false };
    current = thisRun;
    watch(thisRun);
    keepSpare();
  };

  const served = (/** @type {typeof current} */ thisRun) => {
    if (thisRun.served) return;
    thisRun.served = true;
    if (downSince) {
      log(`[supervisor] ${name} serves again, ${((Date.now() - downSince) / 1000).toFixed(1)} s after it stopped`);
      downSince = 0;
    }
  };

  const watch = (/** @type {typeof current} */ thisRun) => {
    thisRun.proc.onMessage((message) => {
      if (message?.supervisor === 'serving') served(thisRun);
    });
    thisRun.proc.done.then((/** @type {{ code: number | null, signal: string | null }} */ { code, signal }) => {
      if (!supervising && !stopped) {
        stopped = true;
        spare?.proc.stop();
      }
      if (stopped) return;
      const uptimeMs = Date.now() - thisRun.startedAt;
      const decision = restartDecision({ previousDelayMs: delay, served: thisRun.served, uptimeMs });
      delay = decision.delayMs;
      downSince ||= Date.now();
      const tail = opts.logDir ? logTail(path.join(opts.logDir, `${name}.log`)) : '';
      const line = restartLine({
        name,
        code,
        signal,
        uptimeMs,
        served: thisRun.served,
        decision,
        standby: spare !== null,
      });
      log(`${line}${tail ? `. The end of its log:\n${tail}` : ''}`);
      timer = setTimeout(() => {
        const warm = spare;
        spare = null;
        if (warm) {
          warm.promoted = true;
          if (warm.loaded) warm.proc.send({ supervisor: 'start' });
        }
        const proc = warm?.proc ?? launch(false);
        opts.onStart?.(proc.pid);
        run(proc);
      }, delay);
    });
  };
  watch(current);
  // Loaded alongside the first start: a crash soon after it serves finds the standby ready.
  keepSpare();
  return {
    name,
    get pid() {
      return current.proc.pid;
    },
    /** The warm standby's pid, while there is one. */
    get standbyPid() {
      return spare?.proc.pid;
    },
    /** Once ready(), only stop() ends supervision; waitForHttp keeps waiting through restarts. */
    get exited() {
      return stopped;
    },
    /** The process has served once: from now on every exit is restarted. */
    ready() {
      supervising = true;
      served(current);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([current.proc.stop(), spare?.proc.stop()]);
    },
  };
}

const SERVER = path.join('mock-server', 'src', 'main.ts');

/**
 * The API server (mock-server) under supervision, as startSystem and the crash bench run it.
 * The first start seeds the database (an empty one gets its configuration and demo bank); restarts do not.
 * `seed: false` starts on the database as it is (the supervisor's own tests: the seed is not what they test).
 * `built`: the server built to JavaScript (mock-server test/harness/built-server.ts), run by plain node instead of
 * src/main.ts under tsx (the supervisor's own tests: a start then costs about half the CPU).
 * @param {{ env: NodeJS.ProcessEnv, logDir?: string, onStart?: (pid: number | undefined) => void, log?: (message: string) => void, seed?: boolean, built?: string }} opts
 */
export function superviseServer({ seed = true, built, ...opts }) {
  const args = built ? ['--enable-source-maps', built] : ['--import', 'tsx', SERVER];
  return superviseProcess('server', args, {
    ...opts,
    standby: true,
    firstArgs: [...args, ...(seed ? ['--seed'] : [])],
  });
}
