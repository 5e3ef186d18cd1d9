// Moving through the flow: Next (the step's check, then a draft saved at the next step), Back, Save and
// Submit (every step's check: the first refused one opens). The session checks and marks; here the calls,
// the refusal handed to the screen (its error summary) and the focus.

import type { FlowApplication, FlowConfig } from '@originate/contract';
import { nextStep, previousStep, type Step } from '@originate/flow-engine';
import { dismissProblemToasts, reportError, showToast } from '@originate/web';
import { useCallback } from 'react';
import { isNetworkError, type SaveQueue } from '../../../api/saveQueue';
import type { FlowCheck, FlowSession } from '../../../domain/flowSession';
import { focusField } from '../../fields/focus';
import { requestSendLink, SEND_LINK_LABEL } from '../ResumeLinkPanel';
import type { FlowOptions } from './options';

interface StepActionsArgs {
  flow: FlowConfig;
  opts: FlowOptions;
  productCode: string;
  step: Step | undefined;
  session: FlowSession;
  queue: SaveQueue<FlowApplication>;
  send(mode: 'DRAFT' | 'SAVED', at: Step): Promise<FlowApplication>;
  saveDraft(at: Step): Promise<FlowApplication | null>;
  /** A refused check: the screen's error summary lists its fields. */
  onRefused(invalid: readonly string[]): void;
}

/**
 * The error summary shows (role alert: read out) and the first invalid field gets focus, once the marked
 * fields rendered their errors.
 */
function refused(check: FlowCheck, onRefused: (invalid: readonly string[]) => void): boolean {
  if (check.ok) return false;
  onRefused(check.invalid);
  const first = check.invalid[0];
  if (first) requestAnimationFrame(() => focusField(first));
  return true;
}

export function useStepActions({
  flow,
  opts,
  productCode,
  step,
  session,
  queue,
  send,
  saveDraft,
  onRefused,
}: StepActionsArgs) {
  const next = useCallback(async () => {
    session.settle();
    if (!step || refused(session.check(), onRefused)) return;
    const target = nextStep(flow, session.context(), step);
    if (!target) return;
    session.dispatch({ type: 'busy', busy: true });
    try {
      await saveDraft(target);
      session.goTo(target);
    } catch (error) {
      reportError(error);
    } finally {
      session.dispatch({ type: 'busy', busy: false });
    }
  }, [step, flow, saveDraft, session, onRefused]);

  const back = useCallback(() => {
    session.settle();
    if (!step) return;
    const target = previousStep(flow, session.context(), step);
    if (target) session.goTo(target);
  }, [step, flow, session]);

  const save = useCallback(async () => {
    session.settle();
    if (!step) return;
    session.dispatch({ type: 'busy', busy: true });
    try {
      const saved = await saveDraft(step);
      // An applicant may send themselves the link from here (README "Resume links").
      if (saved) {
        showToast(
          'Your application is saved',
          'success',
          opts.role === 'applicant' ? { label: SEND_LINK_LABEL, onClick: requestSendLink } : undefined,
        );
      }
    } catch (error) {
      reportError(error);
    } finally {
      session.dispatch({ type: 'busy', busy: false });
    }
  }, [step, saveDraft, session, opts.role]);

  const submit = useCallback(async () => {
    session.settle();
    if (!step || refused(session.checkAll(), onRefused)) return;
    session.dispatch({ type: 'busy', busy: true });
    try {
      const saved = await queue.save(() => send('SAVED', step), { keepOffline: false });
      if (saved) {
        // Before the screen says so: what follows the submit (the applicant's session ending) is done by then,
        // and a refusal shown before (a mandatory field, offline) no longer stands beside 'Application submitted'.
        opts.onSubmitted?.(saved);
        dismissProblemToasts();
        session.dispatch({ type: 'submitted' });
        if (opts.drafts) await opts.drafts.remove({ productCode, applicationId: saved.application_id });
      }
    } catch (error) {
      if (isNetworkError(error))
        showToast(
          'You are offline. Your application is kept on this device: submit again when you are back online.',
          'warning',
        );
      else reportError(error);
    } finally {
      session.dispatch({ type: 'busy', busy: false });
    }
  }, [step, queue, send, opts, productCode, session, onRefused]);

  return { next, back, save, submit };
}
