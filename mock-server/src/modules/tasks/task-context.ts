// One application and one of its tasks as every back-office write sees them: the caller's access and
// spec §4 'assigned', in the shape the contract's rules (actionPermission, taskActionsFor, visibleTabs) take.
import { type ActorContext, isAssignedToUser } from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, notFound } from '../../errors';
import {
  canAccessApplication,
  currentTask,
  findApplication,
  type StoredApplication,
  type TaskRow,
  toActor,
  toTaskAccess,
} from '../applications';
import type { UserRecord } from '../users';

export const NO_ACCESS = 'You do not have access to this application';

export interface TaskContext {
  stored: StoredApplication;
  task: TaskRow;
  actor: ActorContext;
  /** revert_stage has a step to go back to. */
  hasPreviousStep: boolean;
}

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

/** The application (404), the caller's access to it (403), and its open task or a named one (400). */
export async function loadApplication(db: Queryable, user: UserRecord, applicationId: string) {
  const stored = await findApplication(db, applicationId);
  if (!stored) throw notFound('Application not found');
  if (!canAccessApplication(toActor(user), stored.tasks.map(toTaskAccess))) throw forbidden(NO_ACCESS);
  return stored;
}

export async function loadTaskContext(
  db: Queryable,
  user: UserRecord,
  applicationId: string,
  taskId: string | undefined,
  label = 'taskId',
): Promise<TaskContext> {
  const stored = await loadApplication(db, user, applicationId);
  const task = taskId === undefined ? currentTask(stored.tasks) : stored.tasks.find((t) => t.task_id === taskId);
  if (!task) throw invalid(label, `is not a task of application ${applicationId}`);
  const actor = actorOn(user, stored, task);
  const first = Math.min(...stored.tasks.map((t) => t.step_number));
  return { stored, task, actor, hasPreviousStep: task.step_number > first };
}
