// SLA due times of a task (spec §3 operationalLevelAgreement): the overall, queued and assigned parts,
// each due at its expectedEndTS; breached when the server says so or when a running part is past due; due soon
// in the last quarter of its time (README "SLA states"), else on track. Times in the bank's time zone.
import { formatBankDateTime, type OperationalLevelAgreement, type SlaPart } from '@originate/contract';

const SLA_PARTS = ['overall', 'queued', 'assigned'] as const;
type SlaPartName = (typeof SLA_PARTS)[number];

export interface SlaView {
  part: SlaPartName;
  /** DD/MM/YYYY hh:mm:ss, or null when the part has no time limit. */
  due: string | null;
  state: 'breached' | 'due soon' | 'on track' | 'met' | 'not started' | 'no limit';
}

/** A running part is due soon in the last quarter of its time (the last hour when its start is unknown). */
const DUE_SOON_SHARE = 0.25;
const DUE_SOON_WITHOUT_START_MS = 3_600_000;

function stateOf(part: SlaPart, now: number): SlaView['state'] {
  // The server's word first: the sweep marks a breach whatever the page knows of the limit.
  if (part.status === 'BREACHED') return 'breached';
  if (!part.timeLimit.enabled || !part.timeLimit.expectedEndTS) {
    return part.status === 'NOT_STARTED' ? 'not started' : 'no limit';
  }
  if (part.status === 'MET') return 'met';
  if (part.status === 'NOT_STARTED') return 'not started';
  const end = Date.parse(part.timeLimit.expectedEndTS);
  if (end < now) return 'breached';
  const start = part.startTS ? Date.parse(part.startTS) : Number.NaN;
  const soon = Number.isNaN(start) ? DUE_SOON_WITHOUT_START_MS : (end - start) * DUE_SOON_SHARE;
  return end - now <= soon ? 'due soon' : 'on track';
}

export function slaView(ola: OperationalLevelAgreement, now: number): SlaView[] {
  return SLA_PARTS.map((part) => {
    const p = ola[part];
    const expected = p.timeLimit.enabled ? p.timeLimit.expectedEndTS : null;
    return { part, due: expected ? formatBankDateTime(expected) : null, state: stateOf(p, now) };
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

const STATE_WORDS: Record<SlaView['state'], string> = {
  breached: 'Breached',
  'due soon': 'Due soon',
  'on track': 'On track',
  met: 'Met',
  'not started': 'Not started',
  'no limit': 'No limit',
};

/** A chip's words: the state first ('Breached', 'Due soon', 'On track'), the part, and when it is due. */
export function slaChipLabel(view: SlaView): string {
  const due = view.due ? ` (due ${view.due})` : '';
  return `${STATE_WORDS[view.state]}: ${view.part}${view.state === 'met' ? '' : due}`;
}

/** The chip's colour: the state is in its words too, never in the colour alone. */
export const SLA_COLOURS: Record<SlaView['state'], 'error' | 'warning' | 'success' | 'default'> = {
  breached: 'error',
  'due soon': 'warning',
  'on track': 'success',
  met: 'success',
  'not started': 'default',
  'no limit': 'default',
};
