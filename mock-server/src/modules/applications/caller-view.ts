// One application as a staff or applicant caller may see it: loaded with the access check (404, 403),
// the caller's actor view of one of its tasks (spec §4 'assigned', in the shape the contract's rules
// take), and whether the caller may edit it.
import { type ActorContext, isAssignedToUser } from '@originate/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import { forbidden, notFound } from '../../http/errors';
import type { AppContext, UserRecord } from '../../platform/context';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { currentTask, findApplication, type StoredApplication, type TaskRow } from './stored';

export const NOT_YOURS = 'An applicant session may only use its own application';

export const NO_ACCESS = 'You do not have access to this application';

/** The actor view of `user` on `task` of `stored`. */
export function actorOn(user: UserRecord, stored: StoredApplication, task: TaskRow | null): ActorContext {
  const assignment = task
    ? { assignedTo: task.assigned_to ?? undefined, assignedTeam: task.assigned_team, progress: task.progress }
    : null;
  return {
    userid: user.userid,
    roles: user.roles,
    teams: user.teams,
    assigned: assignment !== null && isAssignedToUser(stored.application, assignment, user),
    hasAccess: canAccessApplication(toActor(user), stored.tasks.map(toTaskAccess)),
    assignee: task?.assigned_to ?? null,
    taskTeams: task?.assigned_team ?? [],
  };
}

/** The application (404), when the caller has access to it (403). */
export async function loadApplication(db: Queryable, user: UserRecord, applicationId: string) {
  const stored = await findApplication(db, applicationId);
  if (!stored) throw notFound('Application not found');
  if (!canAccessApplication(toActor(user), stored.tasks.map(toTaskAccess))) throw forbidden(NO_ACCESS);
  return stored;
}

/**
 * Spec §5: editing is disabled when the application's stage differs from the task's step. Access control
 * is per field (FieldConfig.accessControl: the form shows those fields read only, staff saves refuse
 * changes to them), so it never disables the whole form.
 */
export function editingDisabledOn(stored: StoredApplication, task: TaskRow): boolean {
  return (stored.application.appLifeCycle?.stage ?? '') !== task.step_name;
}

/**
 * Why a staff save of this application is refused (spec §5, §6: the Save tab's own rule), or null. An
 * application with no task yet (a draft before submission) is judged by access alone.
 */
export function staffEditRefusal(stored: StoredApplication, user: UserRecord): string | null {
  const task = currentTask(stored.tasks);
  if (!task) return null;
  const app = stored.application;
  if (!actorOn(user, stored, task).assigned) {
    return 'Editing is disabled: this application is not assigned to you (its task must be yours, In Progress, and the application ACTIVE)';
  }
  if (editingDisabledOn(stored, task)) {
    const stage = app.appLifeCycle?.stage ?? '';
    return `Editing is disabled: the application's stage (${stage}) differs from the task's step (${task.step_name})`;
  }
  return null;
}

/** An application is the caller's to use: an applicant's own, or a staff user's by the task access rules. */
export async function applicationFor(
  ctx: AppContext,
  request: FastifyRequest,
  applicationId: string,
): Promise<StoredApplication> {
  if (request.applicant && request.applicant.applicationId !== applicationId) throw forbidden(NOT_YOURS);
  const found = await findApplication(ctx.db, applicationId);
  if (!found) throw notFound('Application not found');
  if (request.auth && !canAccessApplication(toActor(request.auth.user), found.tasks.map(toTaskAccess))) {
    throw forbidden(NO_ACCESS);
  }
  return found;
}
