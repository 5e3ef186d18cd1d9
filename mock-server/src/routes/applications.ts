// Spec §7 "Application actions": read one application; assign and reassign its tasks.

import { API_PATHS, type Notification } from '@originate/shared/node';
import type { FastifyPluginAsync } from 'fastify';
import { type AuthContext, caller, type PluginOptions } from '../context';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { type Actor, type AssignAction, canAccessApplication, canAssign, type TaskAccess } from '../services/access';
import { findApplication, forApplicant, type TaskRow } from '../services/applications';
import { insertNotification, uncountedCount } from '../services/notifications';
import { findUserById, type UserRecord } from '../services/users';
import { idString, objectSchema } from './schemas';

export const NO_ACCESS = 'You do not have access to this application';
export const NOT_YOURS = 'An applicant session may only use its own application';

export const toTaskAccess = (t: TaskRow): TaskAccess => ({
  assignedTo: t.assigned_to,
  assignedTeam: t.assigned_team,
  allowedUsers: t.allowed_users,
});

export const toActor = (u: UserRecord): Actor => ({
  userid: u.userid,
  userName: u.userName,
  roles: u.roles,
  teams: u.teams,
});

interface AssignBody {
  application_id: string;
  taskId: string;
  assignTo: string;
}

function assignmentMessage(action: AssignAction, applicationId: string, productName: string, by: string) {
  const verb = action === 'assign' ? 'assigned' : 'reassigned';
  return `Application ${applicationId} (${productName}) has been ${verb} to you by ${by}`;
}

export const applicationsRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { db, hub } = ctx;

  app.get<{ Params: { applicationId: string } }>(
    API_PATHS.application,
    { config: { applicant: true }, schema: { params: objectSchema({ applicationId: idString }) } },
    async (request) => {
      const { applicationId } = request.params;
      // An applicant reads its own application only; whether another one exists is not revealed.
      if (request.applicant && request.applicant.applicationId !== applicationId) throw forbidden(NOT_YOURS);
      const found = await findApplication(db, applicationId);
      if (!found) throw notFound();
      if (request.auth && !canAccessApplication(toActor(request.auth.user), found.tasks.map(toTaskAccess))) {
        throw forbidden(NO_ACCESS);
      }
      return request.applicant ? forApplicant(found.application) : found.application;
    },
  );

  async function assign(action: AssignAction, auth: AuthContext, body: AssignBody) {
    const found = await findApplication(db, body.application_id);
    if (!found) throw notFound('Application not found');
    const task = found.tasks.find((t) => t.task_id === body.taskId);
    if (!task) throw invalid('taskId', `is not a task of application ${body.application_id}`);
    const target = await findUserById(db, body.assignTo);
    if (!target) throw invalid('assignTo', 'is not a known user');
    if (!canAssign(action, toActor(auth.user), target, toTaskAccess(task))) {
      throw forbidden(`You may not ${action} this task to ${target.displayName}`);
    }
    if (found.application._applicationStatus !== 'ACTIVE') throw conflict('Only an ACTIVE application can be assigned');
    if (task.progress === 'Completed' || task.progress === 'Rejected' || task.progress === 'Cancelled') {
      throw conflict(`The task is ${task.progress} and cannot be assigned`);
    }
    if (action === 'assign' && task.assigned_to) throw conflict('The task is already assigned; use reassign');
    if (action === 'reassign' && !task.assigned_to) throw conflict('The task is not assigned yet; use assign');
    if (task.assigned_to === target.userid) throw invalid('assignTo', 'is already the assignee');

    const now = ctx.now();
    const notify = target.userid !== auth.user.userid;
    const notification = await db.transaction(async (tx): Promise<Notification | null> => {
      // The guard on the previous assignee makes two racing assigns fail instead of both succeeding.
      const updated = await tx.query(
        `UPDATE tasks SET assigned_to = $2, progress = 'In Progress', mod_time = $3
          WHERE task_id = $1 AND assigned_to IS NOT DISTINCT FROM $4 RETURNING task_id`,
        [task.task_id, target.userid, now, task.assigned_to],
      );
      if (updated.length === 0) throw conflict('The task changed meanwhile; reload and try again');
      await tx.query('UPDATE applications SET mod_time = $2 WHERE application_id = $1', [body.application_id, now]);
      await tx.query(
        `INSERT INTO assignments (application_id, task_id, action, assigned_from, assigned_to, assigned_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [body.application_id, task.task_id, action, task.assigned_to, target.userid, auth.user.userid, now],
      );
      // Assigning to oneself tells nobody anything new, so it makes no notification.
      if (!notify) return null;
      return insertNotification(tx, {
        userId: target.userid,
        actorId: auth.user.userid,
        kind: 'ASSIGNED',
        statusName: 'AssignedToUser',
        applicationId: body.application_id,
        message: assignmentMessage(action, body.application_id, found.application.product_name, auth.user.displayName),
        createdAt: now,
      });
    });
    if (notification) hub.emit('notification', target.userid, notification, await uncountedCount(db, target.userid));
    return {
      message: `Application ${body.application_id} ${action === 'assign' ? 'assigned' : 'reassigned'} to ${target.displayName}`,
      application_id: body.application_id,
      taskId: task.task_id,
      assignedTo: target.userid,
      assignedBy: auth.user.userid,
      progress: 'In Progress',
      notificationId: notification?.notificationId ?? null,
    };
  }

  const assignSchema = { body: objectSchema({ application_id: idString, taskId: idString, assignTo: idString }) };
  for (const action of ['assign', 'reassign'] as const) {
    const path = action === 'assign' ? API_PATHS.assignApplication : API_PATHS.reassignApplication;
    app.post<{ Body: AssignBody }>(path, { schema: assignSchema }, (request) =>
      assign(action, caller(request), request.body),
    );
  }
};
