// `npm run sla:sweep -- [--times N] [--every MS]`: SLA breach sweeps from a process of its own on the configured
// database (README "SLA breaches"), N of them (default 1) MS apart (default 0), each printed as one JSON line:
// whether it ran (another process holding the sweep's lock skips it), the breaches it marked by part, the
// notifications it sent and its milliseconds. What a running server would sweep on its interval, now; the SLA
// bench times sweeps with it beside a server answering lists. Notifications are stored; a live push reaches
// the servers' sockets only through their Redis, which this process does not join.
import { loadConfig } from '../src/config';
import { openDb } from '../src/db';
import { sweepSlaBreaches } from '../src/modules/sla';
import { Hub } from '../src/platform/hub';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} takes a whole number, got '${process.argv[at + 1]}'`);
  return value;
}

const times = option('--times', 1);
const every = option('--every', 0);
const config = loadConfig();
const db = await openDb(config);
const ctx = { db, config, hub: new Hub(), now: () => new Date() };
try {
  for (let i = 0; i < times; i++) {
    if (i > 0 && every > 0) await new Promise((resolve) => setTimeout(resolve, every));
    const report = await sweepSlaBreaches(ctx);
    const parts: Record<string, number> = { queued: 0, assigned: 0, overall: 0 };
    for (const breach of report.breaches) parts[breach.part] = (parts[breach.part] ?? 0) + 1;
    console.log(
      JSON.stringify({
        ran: report.ran,
        breaches: report.breaches.length,
        parts,
        notified: report.notified,
        escalated: report.escalated,
        ms: Math.round(report.ms * 10) / 10,
      }),
    );
  }
} finally {
  await db.close();
}
