// One application and one of its tasks as every back-office write sees them: the caller's actor view of
// the task (modules/applications caller-view) and whether there is a step to go back to.
import type { ActorContext } from '@originate/contract';
import type { Queryable } from '../../db';
import { invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { actorOn, currentTask, loadApplication, type StoredApplication, type TaskRow } from '../applications';

export interface TaskContext {
  stored: StoredApplication;
  task: TaskRow;
  actor: ActorContext;
  /** revert_stage has a step to go back to. */
  hasPreviousStep: boolean;
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
