// The users a picker may offer for one action on one application (GET /v3/users/candidates): exactly those the
// action's own service would accept, asked of the same rules, and only to a caller who may take the action.

import {
  type ApprovalLevel,
  actionPermission,
  assignGrants,
  assignRefusal,
  type FourEyesFacts,
  PORTAL_APP_NAME,
  type UserCandidate,
  type UserCandidatesQuery,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { findStaff, findUserById } from '../users';
import { approvalSubject, fourEyesFacts, levelApprovers } from './approval-matrix';
import { pendingApprovalFor } from './approvals';
import { loadTaskContext } from './write-context';

/** A picker shows the first matches; typing narrows them. */
const CANDIDATES_LIMIT = 20;

const toCandidate = (u: UserRecord): UserCandidate => ({
  userid: u.userid,
  userName: u.userName,
  displayName: u.displayName,
  teams: u.teamDetails.map(({ id, name }) => ({ id, name })),
});

export async function userCandidates(
  db: Queryable,
  user: UserRecord,
  query: UserCandidatesQuery,
): Promise<UserCandidate[]> {
  const { purpose, application_id, search, approvalId } = query;
  const staff = (excludeIds: string[], teamIds?: string[]) =>
    findStaff(db, { portalApp: PORTAL_APP_NAME, search, excludeIds, teamIds, limit: CANDIDATES_LIMIT });
  /** The approvers of a matrix level whom the four-eyes rule allows, but the caller, matching the search. */
  const levelCandidates = async (level: ApprovalLevel, facts: FourEyesFacts) => {
    const text = search?.trim().toLowerCase() ?? '';
    const eligible = (await levelApprovers(db, level, facts)).filter((e) => e.userid !== user.userid);
    const users = await Promise.all(eligible.map((e) => findUserById(db, e.userid)));
    return users
      .filter((u): u is UserRecord => u !== null)
      .filter((u) => text === '' || `${u.displayName}\n${u.userName}`.toLowerCase().includes(text))
      .slice(0, CANDIDATES_LIMIT)
      .map(toCandidate);
  };

  if (purpose === 'forward') {
    // modules/tasks/approvals decideApproval: someone who may act on a pending approval forwards it to an
    // approver of the next level whom the four-eyes rule allows.
    if (approvalId === undefined) throw invalid('approvalId', 'is required for forward');
    const { approval, subject, next } = await pendingApprovalFor(db, user, approvalId, 'forward');
    if (approval.application_id !== application_id)
      throw invalid('approvalId', `is not an approval of application ${application_id}`);
    if (!next) return [];
    return levelCandidates(next, fourEyesFacts(subject, next.level, approval.decisions));
  }

  if (approvalId !== undefined) throw invalid('approvalId', `is only for forward, not ${purpose}`);
  const ctx = await loadTaskContext(db, user, application_id, query.taskId);
  if (purpose === 'approval' || purpose === 'query') {
    // modules/tasks/approvals requestApproval: the assignee, to an approver of the matrix's first level whom
    // the four-eyes rule allows; modules/queries/queries createSubTask: the assignee, to anyone else.
    if (!ctx.actor.assigned)
      throw forbidden(
        purpose === 'approval'
          ? 'Only the assignee of the task may ask for an approval'
          : 'Only the assignee of the task may raise a query on it',
      );
    if (purpose === 'query') return (await staff([user.userid])).map(toCandidate);
    const subject = await approvalSubject(db, application_id);
    const first = subject.matrix.levels[0] as ApprovalLevel;
    return levelCandidates(first, fourEyesFacts(subject, first.level, []));
  }

  // assign, reassign: modules/tasks/actions performAction's actionPermission, then assignRefusal per target.
  const refused = actionPermission(purpose, ctx.actor, ctx.stored.application._applicationStatus);
  if (refused) throw forbidden(`You may not ${purpose} this application: ${refused}`);
  const taskTeams = ctx.task.assigned_team;
  // Without a grant that reaches anyone the targets are in the caller's teams: the query narrows to them
  // (a team covering all of its type cannot be narrowed by id), and the rule decides each one.
  const narrow = !assignGrants(purpose, user, taskTeams).includes('anyone') && !user.teams.some((t) => t.allTeams);
  const teamIds = narrow ? user.teams.map((t) => t.id) : undefined;
  const excluded = ctx.task.assigned_to ? [ctx.task.assigned_to] : [];
  return (await staff(excluded, teamIds))
    .filter((target) => assignRefusal(purpose, user, taskTeams, target) === null)
    .map(toCandidate);
}
