// The pure rules of consents: a text's hash, what a tick or untick of a set's consents refers to (an unknown
// consent or a version that is not the current one is refused, naming it), whether a set of records covers
// the mandatory ones, and the confirmation's 'what happens next' sentence. (A saved set's checks: the contract.)
import { createHash } from 'node:crypto';
import type { AcceptConsentsBody, ConsentRecord, ConsentSet, ConsentText, LifecycleTask } from '@originate/contract';

interface Problem {
  label: string;
  reason: string;
}

/** sha256 (hex) of a consent's wording: the record says which words were agreed to. */
export const consentHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Each entry of the body with its configured text, or the problems naming the entries that have none. */
export function resolveAcceptance(
  set: ConsentSet,
  body: AcceptConsentsBody,
): { ok: true; entries: { text: ConsentText; accepted: boolean }[] } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const entries: { text: ConsentText; accepted: boolean }[] = [];
  const seen = new Set<string>();
  body.consents.forEach((entry, i) => {
    const label = `consents[${i}]`;
    const text = set.consents.find((c) => c.consentId === entry.consentId);
    if (seen.has(entry.consentId)) {
      problems.push({ label, reason: `names consent '${entry.consentId}' twice` });
    } else if (!text) {
      problems.push({ label, reason: `'${entry.consentId}' is not a consent of product ${set.productCode}` });
    } else if (entry.version !== text.version) {
      problems.push({
        label,
        reason: `version ${entry.version} of '${entry.consentId}' is ${entry.version < text.version ? 'outdated' : 'unknown'}: the current version is ${text.version}; reload the page to read it`,
      });
    } else {
      entries.push({ text, accepted: entry.accepted });
    }
    seen.add(entry.consentId);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

/** The mandatory consents of the set that the records do not show accepted at their current version. */
export function missingMandatory(set: ConsentSet, records: readonly ConsentRecord[]): ConsentText[] {
  return set.consents.filter(
    (c) => c.mandatory && !records.some((r) => r.consentId === c.consentId && r.accepted && r.version === c.version),
  );
}

/** Minutes as the applicant reads them: '4 hours', '2 days'. */
function durationText(minutes: number): string {
  const days = minutes / 1440;
  if (Number.isInteger(days)) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Without a lifecycle step after the capture (an installation that configured none): README "Consents and the receipt". */
const DEFAULT_NEXT_STEP = {
  stepName: 'Review',
  text: 'A loan officer reviews your application within 2 working days and contacts you if anything is missing.',
};

/** The step that follows the submit and its first task's overall limit, in words. */
export function nextStepText(step: { stepName: string; tasks: readonly Pick<LifecycleTask, 'sla'>[] } | undefined) {
  if (!step) return DEFAULT_NEXT_STEP;
  const sla = step.tasks[0]?.sla;
  const within = !sla?.overallMins
    ? 'shortly'
    : sla.clock === 'WORKING_HOURS'
      ? `within ${Math.ceil(sla.overallMins / 60)} working hours`
      : `within ${durationText(sla.overallMins)}`;
  return {
    stepName: step.stepName,
    text: `Next: ${step.stepName}. Our team starts on your application ${within} and contacts you if anything is missing.`,
  };
}
