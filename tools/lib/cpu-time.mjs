// CPU time of a step's whole process tree, for npm test's summary. Linux counts, in a process's /proc/<pid>/stat,
// the CPU of every child it waited for, and of theirs (cutime, cstime): a wrapper that spawns the step's command
// and waits for it therefore reads the whole tree's CPU from its own stat once the command has ended.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's figures (`getconf CLK_TCK`; 100 on Linux). */
function ticksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * This process's own CPU seconds (utime + stime) and those of the children it waited for (cutime + cstime),
 * or null where there is no /proc.
 * @returns {{ self: number, children: number } | null}
 */
export function cpuSeconds() {
  let stat;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // Fields from the third on follow the command name's closing parenthesis (a name may hold spaces).
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const field = (/** @type {number} */ n) => fields[n - 3] ?? 0;
  const hz = ticksPerSecond();
  return { self: (field(14) + field(15)) / hz, children: (field(16) + field(17)) / hz };
}

/** What the wrapper wrote (the CPU seconds of its command's tree), or null. @param {string} file */
export function readCpuFile(file) {
  try {
    const { cpuSeconds: seconds } = JSON.parse(readFileSync(file, 'utf8'));
    return typeof seconds === 'number' ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU seconds so far, busy and idle (the first line of /proc/stat: user nice system idle
 * iowait irq softirq steal), or null where there is no /proc. It counts what a step's tree does not: the
 * PostgreSQL and Redis services the tests talk to, and anything else running on the machine.
 * @returns {{ busy: number, idle: number } | null}
 */
export function machineSeconds() {
  let stat;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = stat
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const hz = ticksPerSecond();
  return { busy: (user + nice + system + irq + softirq + (steal || 0)) / hz, idle: (idle + iowait) / hz };
}
