// Which applications a spec may change (e2e README "Test data: who owns what"). A spec that changes an
// application works on one it made itself through the staff API: a copy of a seeded one, handed to whoever
// the test needs and walked to the step it needs. The one exception is reserved below, for one spec alone.
// Every other seeded application is only read (and copied), so no spec's result depends on which specs
// ran before it.
import type { ApplicationAnswer, LoginResponse, TaskConfigsAnswer } from '@originate/contract';
import { API_PATHS, apiPath } from '@originate/contract';
import { apiGet, apiPost } from './api';

/** The seed's customer-flow home loan in progress (mock-server README "Demo seed"), the officer's. */
export const FLOW_DEMO_APPLICATION = 'HL-2026-600001';

/**
 * Seeded applications that one spec changes, reserved for it: no other spec reads, copies or changes them.
 * customer-requests: the applicant portal asks the applicant of a draft nothing (it says 'Not sent yet'),
 * and every copy is a draft; a submitted application would take the whole applicant flow to make. This
 * personal loan has an applicant e-mail and its task In Progress with the officer.
 */
export const RESERVED = { customerRequests: 'PL-2026-000113' } as const;

const taskConfigs = (session: LoginResponse, applicationId: string) =>
  apiGet<TaskConfigsAnswer>(session, `${API_PATHS.taskConfigs}?application_id=${applicationId}`);

/** The application's open task: every application these helpers walk has one until it completes. */
async function openTask(session: LoginResponse, applicationId: string) {
  const { task, status } = await taskConfigs(session, applicationId);
  if (!task) throw new Error(`${applicationId} has no open task (it is ${status})`);
  return task;
}

/**
 * A new application, the copier's alone: the staff copy of a seeded one (the Copy row action), with its
 * data and documents, DRAFT, its Application Capture task In Progress with the copier.
 */
export async function copyApplication(copier: LoginResponse, sourceId: string): Promise<string> {
  const { application } = await apiGet<ApplicationAnswer>(
    copier,
    apiPath('copyApplication', { applicationId: sourceId }),
  );
  return application.application_id;
}

/** The open task goes to `to`, given by the operations admin (ALL_APPLICATIONS_ASSIGN and _REASSIGN). */
export async function handOver(admin: LoginResponse, applicationId: string, to: LoginResponse): Promise<void> {
  const task = await openTask(admin, applicationId);
  await apiPost(admin, apiPath('applicationAction', { action: task.assignedTo ? 'reassign' : 'assign' }), {
    application_id: applicationId,
    taskId: task.taskId,
    assignTo: to.user.userid,
  });
}

/** A walk longer than this is stuck (the lifecycle has four steps: mock-server README "State machine"). */
const MOST_STEPS = 10;

/** Completes steps, each taken by the operations admin, until the open task is of the step named. */
async function walkTo(admin: LoginResponse, applicationId: string, stepName: string): Promise<void> {
  for (let step = 0; step < MOST_STEPS; step++) {
    const task = await openTask(admin, applicationId);
    if (task.stepName === stepName) return;
    if (task.assignedTo !== admin.user.userid) await handOver(admin, applicationId, admin);
    await apiPost(admin, API_PATHS.completeUserStep, { application_id: applicationId, taskId: task.taskId });
  }
  throw new Error(`${applicationId} did not reach ${stepName} in ${MOST_STEPS} steps`);
}

/**
 * A new application whose task is the approver's, as the seed's are: the operations admin's copy of a
 * seeded one, walked to Sanction (the queue of the approver's teams: 'assigned' needs one) and handed over.
 */
export async function approversApplication(
  admin: LoginResponse,
  approver: LoginResponse,
  sourceId: string,
): Promise<string> {
  const applicationId = await copyApplication(admin, sourceId);
  await walkTo(admin, applicationId, 'Sanction');
  await handOver(admin, applicationId, approver);
  return applicationId;
}

/** A new COMPLETED application: the approver completes Sanction of an approversApplication. */
export async function completedApplication(
  admin: LoginResponse,
  approver: LoginResponse,
  sourceId: string,
): Promise<string> {
  const applicationId = await approversApplication(admin, approver, sourceId);
  const task = await openTask(approver, applicationId);
  await apiPost(approver, API_PATHS.completeUserStep, { application_id: applicationId, taskId: task.taskId });
  const { status } = await taskConfigs(admin, applicationId);
  if (status !== 'COMPLETED') throw new Error(`${applicationId} is ${status} after its last step, not COMPLETED`);
  return applicationId;
}
