// The task's review date (Snooze tab): POST /v3/taskconfigs/updateSnoozeTime and removeSnoozeTime.
import { futureTimeProblem, Permissions, type SnoozeBody } from '@originate/contract';
import type { Db } from '../../db';
import { conflict, forbidden, invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { type Effects, newEffects, touchApplication } from '../applications';
import { loadTaskContext } from './write-context';

/**
 * The task's review date (Snooze tab): TASK_REVIEW_DATE and access to the application; the task open
 * on an ACTIVE application; a date ahead of now. removeSnooze (reviewDate undefined) clears it.
 */
export async function snooze(
  db: Db,
  user: UserRecord,
  body: Omit<SnoozeBody, 'reviewDate'> & { reviewDate?: string },
  now: Date,
): Promise<{ result: { taskId: string; reviewDate: string | null }; effects: Effects }> {
  if (!user.roles.includes(Permissions.TASK_REVIEW_DATE))
    throw forbidden('Snoozing needs the TASK_REVIEW_DATE permission');
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  const { task } = ctx;
  if (ctx.stored.application._applicationStatus !== 'ACTIVE')
    throw conflict('Only an ACTIVE application can be snoozed');
  if (task.progress !== 'In Progress' && task.progress !== 'Pending') throw conflict(`The task is ${task.progress}`);
  const problem = body.reviewDate === undefined ? null : futureTimeProblem(body.reviewDate, now);
  if (problem) throw invalid('reviewDate', problem);
  const reviewDate = body.reviewDate === undefined ? null : new Date(body.reviewDate);
  if (!reviewDate && task.review_date === null) throw conflict('The task is not snoozed');
  const effects = newEffects();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE tasks SET review_date = $2, mod_time = $3 WHERE task_id = $1', [
      task.task_id,
      reviewDate,
      now,
    ]);
    await touchApplication(tx, effects, {
      applicationId: task.application_id,
      taskId: task.task_id,
      userId: user.userid,
      action: reviewDate ? 'snooze' : 'remove_snooze',
      detail: { reviewDate: reviewDate?.toISOString() ?? null },
      at: now,
    });
  });
  return { result: { taskId: task.task_id, reviewDate: reviewDate?.toISOString() ?? null }, effects };
}
