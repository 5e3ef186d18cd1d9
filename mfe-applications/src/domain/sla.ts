// SLA due times of a task (spec §3 operationalLevelAgreement): the overall, queued and assigned parts,
// each due at its expectedEndTS; breached when the server says so or when a running part is past due.
import { formatDateTime, type OperationalLevelAgreement, type SlaPart } from '@originate/contract';

const SLA_PARTS = ['overall', 'queued', 'assigned'] as const;
type SlaPartName = (typeof SLA_PARTS)[number];

export interface SlaView {
  part: SlaPartName;
  /** DD/MM/YYYY hh:mm:ss, or null when the part has no time limit. */
  due: string | null;
  state: 'breached' | 'running' | 'met' | 'not started' | 'no limit';
}

function stateOf(part: SlaPart, now: number): SlaView['state'] {
  // The server's word first: the sweep marks a breach whatever the page knows of the limit.
  if (part.status === 'BREACHED') return 'breached';
  if (!part.timeLimit.enabled || !part.timeLimit.expectedEndTS) {
    return part.status === 'NOT_STARTED' ? 'not started' : 'no limit';
  }
  if (part.status === 'MET') return 'met';
  if (part.status === 'NOT_STARTED') return 'not started';
  return Date.parse(part.timeLimit.expectedEndTS) < now ? 'breached' : 'running';
}

export function slaView(ola: OperationalLevelAgreement, now: number): SlaView[] {
  return SLA_PARTS.map((part) => {
    const p = ola[part];
    const expected = p.timeLimit.enabled ? p.timeLimit.expectedEndTS : null;
    return { part, due: expected ? formatDateTime(expected) : null, state: stateOf(p, now) };
  });
}

/**
 * What a list shows of a task's SLA: a chip for each part still running (with its due time) and each the server
 * marked breached; a part met in time needs nobody's attention (a task assigned as it opened has its queued part
 * met at once), so it is only summed up in the caption when no chip is left.
 */
export function listSla(ola: OperationalLevelAgreement, now: number): { chips: SlaView[]; caption: string | null } {
  const parts = slaView(ola, now);
  const chips = parts.filter((p) => p.state === 'breached' || (p.due !== null && p.state !== 'met'));
  if (chips.length > 0) return { chips, caption: null };
  return { chips, caption: parts.some((p) => p.state === 'met') ? 'SLA met' : 'No SLA limit' };
}

/** A chip's words: 'Breached: overall (due …)' stands out; the others say when they are due. */
export function slaChipLabel(view: SlaView): string {
  const due = view.due ? ` (due ${view.due})` : '';
  if (view.state === 'breached') return `Breached: ${view.part}${due}`;
  return view.state === 'met' ? `${view.part} met` : `${view.part} due ${view.due ?? '—'}`;
}
