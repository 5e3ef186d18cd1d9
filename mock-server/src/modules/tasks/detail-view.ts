// GET /v3/taskconfigs/getConfigs (README "Detail"): the task configuration the detail view reads (current
// task, sub-status, tabs, the actions the caller may take), all from the contract's rules.
import {
  APPLICATION_ACTIONS,
  actionPermission,
  applyAction,
  stepOf,
  type TaskConfigsAnswer,
  taskActionsFor,
  taskSubStatus,
  visibleTabs,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { actorOn, currentTask, editingDisabledOn, iso, loadApplication, type TaskRow } from '../applications';
import { lifecycleOf } from '../lifecycle';
import { operationalLevelAgreement, taskLifecycleFields } from '../lists';
import { findUserById } from '../users';
import { stateOf } from './actions';

/** GET /v3/taskconfigs/getConfigs: the named task (taskId, or the latest of stepNumber), else the current one. */
export async function taskConfigs(
  db: Queryable,
  user: UserRecord,
  applicationId: string,
  pick: { taskId?: string; stepNumber?: number },
  now: Date,
): Promise<TaskConfigsAnswer> {
  const stored = await loadApplication(db, user, applicationId);
  let task: TaskRow | null;
  if (pick.taskId !== undefined) {
    task = stored.tasks.find((t) => t.task_id === pick.taskId) ?? null;
    if (!task) throw invalid('taskId', `is not a task of application ${applicationId}`);
  } else if (pick.stepNumber !== undefined) {
    task = currentTask(stored.tasks.filter((t) => t.step_number === pick.stepNumber));
    if (!task) throw invalid('stepNumber', `is not a step of application ${applicationId}`);
  } else {
    task = currentTask(stored.tasks);
  }
  const app = stored.application;
  const stage = app.appLifeCycle?.stage ?? '';
  const actor = actorOn(user, stored, task);
  if (!task) {
    return { application_id: applicationId, status: app._applicationStatus, stage, task: null, assigned: false };
  }
  const first = Math.min(...stored.tasks.map((t) => t.step_number));
  const hasPreviousStep = task.step_number > first;
  const subStatus = taskSubStatus(task.progress, task.callback_requested, iso(task.review_date), now);
  const editingDisabled = editingDisabledOn(stored, task);
  const state = stateOf({ stored, task, actor, hasPreviousStep });
  const sla = operationalLevelAgreement(task, now);
  const assignee = task.assigned_to ? await findUserById(db, task.assigned_to) : null;
  const lifecycle = await lifecycleOf(db, app.product_code, (app as { lifecycle?: { verNum?: number } }).lifecycle);
  const ofTask = lifecycle
    ? {
        product_code: app.product_code,
        flowName: lifecycle.flowName,
        verNum: lifecycle.verNum,
        stepType:
          stepOf(lifecycle, task.step_number)?.stepName === task.step_name
            ? (stepOf(lifecycle, task.step_number)?.type ?? null)
            : null,
      }
    : null;
  const actions = APPLICATION_ACTIONS.filter(
    (a) => applyAction(a, state).ok && actionPermission(a, actor, app._applicationStatus) === null,
  );
  return {
    application_id: applicationId,
    status: app._applicationStatus,
    stage,
    task: {
      taskId: task.task_id,
      name: task.name,
      stepName: task.step_name,
      stepNumber: task.step_number,
      type: task.type,
      progress: task.progress,
      assignedTo: task.assigned_to,
      assignedToName: assignee?.displayName ?? null,
      assignedTeam: task.assigned_team,
      allowedUsers: task.allowed_users,
      reviewDate: iso(task.review_date),
      callbackRequested: task.callback_requested,
      callbackAt: iso(task.callback_at),
      start_time: iso(task.start_time) as string,
      end_time: iso(task.end_time),
      due_time: sla.overall.timeLimit.expectedEndTS,
      operationalLevelAgreement: sla,
      ...taskLifecycleFields(task, app._applicationStatus, ofTask),
    },
    subStatus,
    editingDisabled,
    hasPreviousStep,
    assigned: actor.assigned,
    tabs: visibleTabs({
      status: app._applicationStatus,
      subStatus,
      roles: user.roles,
      assigned: actor.assigned,
      editingDisabled,
    }),
    taskActions: taskActionsFor(
      {
        status: app._applicationStatus,
        progress: task.progress,
        assignedTo: task.assigned_to,
        callbackRequested: task.callback_requested,
        hasPreviousStep,
      },
      actor,
    ),
    actions,
    // The steps of the lifecycle version the application walks.
    steps: app.appLifeCycle.steps.map((s, i) => ({ stepNumber: i + 1, stepName: s.stepName })),
  };
}
