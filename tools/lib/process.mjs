// The one way the repository starts, waits for and stops a process (npm start/dev/test, the e2e system, the
// benches, the supervisor). Plain Node: it runs on a fresh clone before any install.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { ROOT } from './repo.mjs';

/** The API drains for up to DRAIN_TIMEOUT_MS after SIGTERM (mock-server README); a static origin within a moment. */
const DEFAULT_DRAIN_MS = 10_000;

/** How long a stopped process may take before it is killed: the API's drain, and a little more to close. @param {NodeJS.ProcessEnv} env */
function defaultGraceMs(env) {
  const drain = Number(env.DRAIN_TIMEOUT_MS ?? process.env.DRAIN_TIMEOUT_MS);
  return (Number.isInteger(drain) && drain > 0 ? drain : DEFAULT_DRAIN_MS) + 2000;
}

/** Whether a process with this pid exists (a zombie too, until it is reaped). @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a process group by its leader's pid: `signal`, then SIGKILL after graceMs; resolves once the leader is
 * gone. `exited` resolves when a child of this process exits; without it (a pid read from a file) the pid is polled.
 * @param {number} pid
 * @param {{ signal?: NodeJS.Signals, graceMs?: number, exited?: Promise<unknown> }} [opts]
 */
export async function stopProcessGroup(pid, opts = {}) {
  try {
    process.kill(-pid, opts.signal ?? 'SIGTERM');
  } catch {
    return;
  }
  const gone =
    opts.exited ??
    (async () => {
      while (isAlive(pid)) await new Promise((r) => setTimeout(r, 100));
    })();
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }, opts.graceMs ?? defaultGraceMs({}));
  await gone;
  clearTimeout(timer);
}

/**
 * @typedef {{
 *   env?: NodeJS.ProcessEnv,
 *   cwd?: string,
 *   logDir?: string,
 *   echo?: 'prefixed' | 'raw' | 'inherit' | 'none',
 *   ipc?: boolean,
 *   group?: boolean,
 *   stopSignal?: NodeJS.Signals,
 *   graceMs?: number,
 * }} StartOptions
 *   logDir: the child writes to <logDir>/<name>.log itself (and outlives a parent that exits, with no broken pipe);
 *   echo: without a log, how its output reaches this process's (default: each line prefixed with [name]; inherit:
 *     the child writes to this process's stdout and stderr itself, and onOutput sees nothing);
 *   ipc: a message channel to the child (send, onMessage) that does not keep this process alive;
 *   group: its own process group (default), so stop() also stops everything it started; false keeps it in this
 *     one's, so Ctrl-C in the terminal reaches it too (a command run to its end);
 *   stopSignal: what stop() sends first (default SIGTERM); graceMs: then how long until SIGKILL.
 */

/**
 * Starts a command. The answer's `done` resolves when it exits; `stop()` ends it (its whole group) and waits.
 * @param {string} name @param {string} command @param {string[]} args @param {StartOptions} [opts]
 */
export function startProcess(name, command, args, opts = {}) {
  const env = { ...process.env, FORCE_COLOR: '0', ...opts.env };
  const group = opts.group ?? true;
  let logFd = null;
  if (opts.logDir) {
    mkdirSync(opts.logDir, { recursive: true });
    logFd = openSync(path.join(opts.logDir, `${name}.log`), 'a');
  }
  const echo = opts.echo ?? 'prefixed';
  /** @type {import('node:child_process').StdioOptions} */
  const stdio =
    logFd !== null
      ? ['ignore', logFd, logFd]
      : echo === 'inherit'
        ? ['ignore', 'inherit', 'inherit']
        : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, {
    cwd: opts.cwd ?? ROOT,
    env,
    stdio: opts.ipc ? [...stdio, 'ipc'] : stdio,
    detached: group,
  });
  child.channel?.unref();
  /** @type {((text: string) => void)[]} */
  const listeners = [];
  if (logFd === null) {
    const take = (/** @type {NodeJS.WriteStream} */ sink) => (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      for (const listener of listeners) listener(text);
      if (echo === 'raw') sink.write(chunk);
      if (echo === 'prefixed') {
        for (const line of text.split('\n')) if (line.trim()) sink.write(`[${name}] ${line}\n`);
      }
    };
    child.stdout?.on('data', take(process.stdout));
    child.stderr?.on('data', take(process.stderr));
  } else {
    closeSync(logFd);
    child.unref();
  }
  let exited = false;
  /** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */
  /** @type {(exit: Exit) => void} */
  let outputRead = () => {};
  /** Once it exited and its output was read to the end (a process it started may hold its pipes longer). @type {Promise<Exit>} */
  const finished = new Promise((resolve) => {
    outputRead = resolve;
  });
  /** Once it exited: what a supervisor or stop() waits for, whatever still holds its pipes. @type {Promise<Exit>} */
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.on('close', (code, signal) => outputRead({ code, signal }));
    // A command that cannot be started (not installed) ends as a shell's 'not found' would.
    child.on('error', (error) => {
      for (const listener of listeners) listener(`${error.message}\n`);
      exited = true;
      resolve({ code: 127, signal: null });
      outputRead({ code: 127, signal: null });
    });
  });
  return {
    name,
    pid: child.pid,
    get exited() {
      return exited;
    },
    done,
    finished,
    /** Everything it prints from now on (only without a log file), in chunks. @param {(text: string) => void} listener */
    onOutput(listener) {
      listeners.push(listener);
    },
    /** Sends over the IPC channel; a child that is gone or has none is not an error. */
    send(/** @type {unknown} */ message) {
      if (child.connected) child.send(/** @type {import('node:child_process').Serializable} */ (message), () => {});
    },
    /** @param {(message: any) => void} listener */
    onMessage(listener) {
      child.on('message', listener);
    },
    /** Sends it (its whole process group unless group: false) a signal, without waiting; gone already is no error. */
    kill(/** @type {NodeJS.Signals} */ signal) {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(group ? -child.pid : child.pid, signal);
      } catch {}
    },
    /** Stops it (its whole process group unless group: false) and waits until it is gone. */
    async stop() {
      if (exited || child.pid === undefined) return;
      const signal = opts.stopSignal ?? 'SIGTERM';
      const graceMs = opts.graceMs ?? defaultGraceMs(env);
      if (group) {
        await stopProcessGroup(child.pid, { signal, graceMs, exited: done });
        return;
      }
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await done;
      clearTimeout(timer);
    },
  };
}

/** @typedef {ReturnType<typeof startProcess>} Proc */

/** A Node process running `args` (node's own arguments first, e.g. --import tsx). @param {string} name @param {string[]} args @param {StartOptions} [opts] */
export function startNode(name, args, opts) {
  return startProcess(name, process.execPath, args, opts);
}

/**
 * Runs a command to its end in this process's group (Ctrl-C reaches it), streaming its output unless quiet,
 * and resolves with the exit code and everything it printed (npm test reads the counts from it).
 * @param {string} command @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, quiet?: boolean }} [opts]
 * @returns {Promise<{ code: number, output: string }>}
 */
export async function runCommand(command, args, opts = {}) {
  const proc = startProcess(command, command, args, {
    env: opts.env,
    cwd: opts.cwd,
    echo: opts.quiet ? 'none' : 'raw',
    group: false,
  });
  let output = '';
  proc.onOutput((text) => {
    output += text;
  });
  const { code, signal } = await proc.finished;
  return { code: code ?? (signal ? 128 : 1), output };
}

/**
 * Resolves once the URL answers HTTP at all; rejects if the process exits or time runs out.
 * @param {string} url @param {{ name: string, exited: boolean }} proc what answers there @param {number} timeoutMs
 */
export async function waitForHttp(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${proc.name} exited before ${url} answered (see its log)`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${proc.name}: ${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. @param {number} port @returns {Promise<boolean>} */
export function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 2000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Resolves once something accepts TCP connections on 127.0.0.1:port; rejects if the process exits or time runs out.
 * @param {number} port @param {{ name: string, exited: boolean }} proc @param {number} timeoutMs
 */
export async function waitForPort(port, proc, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exited) throw new Error(`${proc.name} exited before it listened on 127.0.0.1:${port}`);
    if (await listening(port)) return;
    if (Date.now() > deadline)
      throw new Error(`${proc.name} did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resolves once the process prints a line matching `pattern` (with that line); rejects if it exits first or
 * time runs out. Only for a process started without a log file.
 * @param {Proc} proc @param {RegExp} pattern @param {number} timeoutMs
 * @returns {Promise<string>}
 */
export function waitForOutput(proc, pattern, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let settled = false;
    const settle = (/** @type {() => void} */ how) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      how();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`${proc.name} printed no ${pattern} within ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    proc.onOutput((text) => {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const line = lines.find((l) => pattern.test(l));
      if (line !== undefined) settle(() => resolve(line));
    });
    proc.done.then(({ code, signal }) =>
      settle(() => reject(new Error(`${proc.name} exited (${signal ?? code}) before it printed ${pattern}`))),
    );
  });
}
