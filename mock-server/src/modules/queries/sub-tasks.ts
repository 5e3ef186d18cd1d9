// Queries (sub-tasks, spec §4 and §7; README "Queries"): raised on a task by its assignee to a staff user,
// to the task's team, or (requestUserInfo) to the applicant; OPEN until the recipient resolves it
// (RESOLVED) or the raiser closes it (CLOSED); the raiser reopens it. An OPEN query blocks completion
// (QUERIES_PENDING). The applicant answers a request for information from the portal (README "Applicant
// portal"): a comment of theirs with the files they uploaded; the request stays OPEN, marked answered, until
// staff close it. Also the task's snooze (review date).
import { randomUUID } from 'node:crypto';
import {
  type AnswerQueryBody,
  type ApplicantRequest,
  type CreateSubTaskBody,
  inTaskTeam,
  type QueryStatus,
  type RequestedField,
  type SubTask,
  type SubTaskChangeAnswer,
  type SubTaskCommentBody,
  type SubTaskDetails,
  type Team,
  type UpdateSubTaskBody,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { loadApplication, newEffects, notifyTeam, notifyUser, touchApplication } from '../applications';
import { loadTaskContext } from '../tasks';
import { announceLifecycleEvent } from '../templates';
import { findUserById } from '../users';

const SUB_TASK_PAGE_SIZE = 10;

interface SubTaskRow extends Record<string, unknown> {
  sub_task_id: string;
  application_id: string;
  task_id: string;
  title: string;
  description: string;
  status: QueryStatus;
  recipient: 'STAFF' | 'APPLICANT';
  raised_by: string;
  raised_by_name: string;
  assigned_to: string | null;
  assigned_to_name: string | null;
  assigned_team: Team[];
  fields: string[];
  created_at: Date | string;
  updated_at: Date | string;
  answered_at: Date | string | null;
  comment_count: number;
}

const SELECT = `SELECT s.*, r.display_name AS raised_by_name, a.display_name AS assigned_to_name,
                       (SELECT count(*)::int FROM sub_task_comments c WHERE c.sub_task_id = s.sub_task_id) AS comment_count
                  FROM sub_tasks s JOIN users r ON r.userid = s.raised_by LEFT JOIN users a ON a.userid = s.assigned_to`;

const toSubTask = (r: SubTaskRow): SubTask => ({
  subTaskId: r.sub_task_id,
  application_id: r.application_id,
  taskId: r.task_id,
  title: r.title,
  description: r.description,
  status: r.status,
  recipient: r.recipient,
  raisedBy: { userid: r.raised_by, displayName: r.raised_by_name },
  // assigned_to references a user, whose display name the join read.
  assignedTo: r.assigned_to ? { userid: r.assigned_to, displayName: r.assigned_to_name as string } : null,
  assignedTeam: r.assigned_team,
  fields: r.fields,
  commentCount: r.comment_count,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  /** When the applicant last answered this request for information (null: not yet, or not theirs). */
  answeredAt: r.answered_at === null ? null : new Date(r.answered_at).toISOString(),
});

export type CreateKind = 'query' | 'requestInfo' | 'requestUserInfo';

/** A new query; the caller must be the task's assignee ('assigned', spec §4). */
export async function createSubTask(db: Db, user: UserRecord, body: CreateSubTaskBody, kind: CreateKind, now: Date) {
  const ctx = await loadTaskContext(db, user, body.application_id, body.taskId);
  if (!ctx.actor.assigned) throw forbidden('Only the assignee of the task may raise a query on it');
  if (kind === 'requestUserInfo' && body.assignTo !== undefined) {
    throw invalid('assignTo', 'is not allowed: the request goes to the applicant');
  }
  if (kind !== 'query' && (body.fields ?? []).length === 0) throw invalid('fields', 'must name at least one field');
  const recipientUser = body.assignTo === undefined ? null : await findUserById(db, body.assignTo);
  if (body.assignTo !== undefined && !recipientUser) throw invalid('assignTo', 'is not a known user');
  if (recipientUser?.userid === user.userid) throw invalid('assignTo', 'must be someone else than you');
  const team = kind === 'requestUserInfo' || recipientUser ? [] : ctx.task.assigned_team;
  const subTaskId = `SUB-${randomUUID()}`;
  const app = ctx.stored.application;
  const effects = newEffects();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sub_tasks (sub_task_id, application_id, task_id, title, description, status, recipient, raised_by,
         assigned_to, assigned_team, fields, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'OPEN', $6, $7, $8, $9::jsonb, $10::jsonb, $11, $11)`,
      [
        subTaskId,
        app.application_id,
        ctx.task.task_id,
        body.title,
        body.description,
        kind === 'requestUserInfo' ? 'APPLICANT' : 'STAFF',
        user.userid,
        recipientUser?.userid ?? null,
        JSON.stringify(team),
        JSON.stringify(body.fields ?? []),
        now,
      ],
    );
    const notice = {
      actorId: user.userid,
      applicationId: app.application_id,
      at: now,
      message: `${user.displayName} raised a query on application ${app.application_id}: ${body.title}`,
    };
    if (recipientUser) {
      // The recipient may open the application to answer.
      await tx.query(
        `UPDATE tasks SET allowed_users = allowed_users || to_jsonb($2::text) WHERE task_id = $1 AND NOT allowed_users ? $2`,
        [ctx.task.task_id, recipientUser.userid],
      );
      await notifyUser(tx, effects, recipientUser.userid, { ...notice, statusName: 'AssignedQueriesToUser' });
    } else if (team.length > 0) {
      await notifyTeam(tx, effects, team, { ...notice, statusName: 'AssignedQueriesToTeam' });
    }
    // A request for information goes to the applicant: they hear of it (the QUERY_RAISED templates).
    if (kind === 'requestUserInfo') await announceLifecycleEvent(tx, app.application_id, 'QUERY_RAISED', now);
    await touchApplication(tx, effects, {
      applicationId: app.application_id,
      taskId: ctx.task.task_id,
      userId: user.userid,
      action: kind === 'query' ? 'create_query' : kind,
      detail: { subTaskId, title: body.title, to: recipientUser?.userid ?? (team.length ? 'team' : 'applicant') },
      at: now,
    });
  });
  const result: SubTaskChangeAnswer = { subTaskId, status: 'OPEN' };
  return { result, effects };
}

async function findSubTask(db: Queryable, subTaskId: string): Promise<SubTaskRow> {
  const [row] = await db.query<SubTaskRow>(`${SELECT} WHERE s.sub_task_id = $1`, [subTaskId]);
  if (!row) throw notFound('Query not found');
  return row;
}

/** Whether the user is the query's recipient: the user it names, or a member of the team it names. */
const isRecipient = (row: SubTaskRow, user: UserRecord) =>
  row.assigned_to === user.userid || (row.assigned_to === null && inTaskTeam(user.teams, row.assigned_team));

type SubTaskChange = 'update' | 'reopen' | 'close' | 'comment' | 'resolve';

/**
 * update (the raiser, while OPEN), reopen (the raiser, once RESOLVED or CLOSED), close (the raiser:
 * CLOSED; the recipient: RESOLVED), comment (anyone with access to the application), resolve (the
 * recipient answers with a comment: RESOLVED; updateAndResolveQuery). `applicationId`: the application
 * the caller named, which must be the query's.
 */
export async function changeSubTask(
  db: Db,
  user: UserRecord,
  change: SubTaskChange,
  body: UpdateSubTaskBody | SubTaskCommentBody,
  now: Date,
  applicationId?: string,
) {
  const row = await findSubTask(db, body.subTaskId);
  if (applicationId !== undefined && applicationId !== row.application_id) throw notFound('Query not found');
  await loadApplication(db, user, row.application_id);
  const raiser = row.raised_by === user.userid;
  let status: QueryStatus = row.status;
  const update = change === 'update' ? (body as UpdateSubTaskBody) : null;
  const comment = 'comment' in body ? body.comment : undefined;
  let newAssignee: UserRecord | null = null;
  if (change === 'update') {
    if (!raiser) throw forbidden('Only who raised the query may change it');
    if (row.status !== 'OPEN') throw conflict(`The query is ${row.status}; reopen it first`);
    if (update?.assignTo !== undefined) {
      newAssignee = await findUserById(db, update.assignTo);
      if (!newAssignee) throw invalid('assignTo', 'is not a known user');
      if (newAssignee.userid === user.userid) throw invalid('assignTo', 'must be someone else than you');
      if (row.recipient === 'APPLICANT') throw invalid('assignTo', 'is not allowed: the request goes to the applicant');
    }
  } else if (change === 'reopen') {
    if (!raiser) throw forbidden('Only who raised the query may reopen it');
    if (row.status === 'OPEN') throw conflict('The query is already OPEN');
    status = 'OPEN';
  } else if (change === 'close') {
    if (row.status !== 'OPEN') throw conflict(`The query is already ${row.status}`);
    if (raiser) status = 'CLOSED';
    else if (isRecipient(row, user)) status = 'RESOLVED';
    else throw forbidden('Only who raised the query or its recipient may close it');
  } else if (change === 'resolve') {
    if (row.status !== 'OPEN') throw conflict(`The query is already ${row.status}`);
    if (row.recipient === 'APPLICANT') throw forbidden('The applicant answers this request from the portal');
    if (!isRecipient(row, user)) throw forbidden('Only the recipient of the query may answer and resolve it');
    status = 'RESOLVED';
  } else if (comment === undefined) {
    throw invalid('comment', 'is required');
  }

  const effects = newEffects();
  await db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE sub_tasks SET status = $3, updated_at = $4,
              title = coalesce($5, title), description = coalesce($6, description),
              -- Reopened: staff want more than the last answer, so it waits for the applicant again.
              answered_at = CASE WHEN $2 <> 'OPEN' AND $3 = 'OPEN' THEN NULL ELSE answered_at END,
              assigned_to = CASE WHEN $7::text IS NULL THEN assigned_to ELSE $7 END,
              assigned_team = CASE WHEN $7::text IS NULL THEN assigned_team ELSE '[]'::jsonb END
        WHERE sub_task_id = $1 AND status = $2 RETURNING sub_task_id`,
      [
        row.sub_task_id,
        row.status,
        status,
        now,
        update?.title ?? null,
        update?.description ?? null,
        newAssignee?.userid ?? null,
      ],
    );
    if (updated.length === 0) throw conflict('The query changed meanwhile; reload and try again');
    if (comment !== undefined) {
      await tx.query(
        'INSERT INTO sub_task_comments (sub_task_id, user_id, comment, created_at) VALUES ($1, $2, $3, $4)',
        [row.sub_task_id, user.userid, comment, now],
      );
    }
    if (newAssignee && newAssignee.userid !== row.assigned_to) {
      await tx.query(
        `UPDATE tasks SET allowed_users = allowed_users || to_jsonb($2::text) WHERE task_id = $1 AND NOT allowed_users ? $2`,
        [row.task_id, newAssignee.userid],
      );
      await notifyUser(tx, effects, newAssignee.userid, {
        actorId: user.userid,
        applicationId: row.application_id,
        statusName: 'AssignedQueriesToUser',
        message: `${user.displayName} raised a query on application ${row.application_id}: ${update?.title ?? row.title}`,
        at: now,
      });
    }
    await touchApplication(tx, effects, {
      applicationId: row.application_id,
      taskId: row.task_id,
      userId: user.userid,
      action: `${change}_query`,
      detail: { subTaskId: row.sub_task_id, from: row.status, to: status },
      at: now,
    });
  });
  return { result: { subTaskId: row.sub_task_id, status }, effects };
}

/** One query with its comments, oldest first. */
export async function subTaskDetails(db: Queryable, user: UserRecord, subTaskId: string): Promise<SubTaskDetails> {
  const row = await findSubTask(db, subTaskId);
  await loadApplication(db, user, row.application_id);
  const comments = await commentsOf(db, subTaskId);
  return {
    ...toSubTask(row),
    comments: comments.map((c) => ({
      id: String(c.id),
      userId: c.user_id,
      // The applicant has no user: their answers read as the applicant's.
      userName: c.author === 'APPLICANT' ? APPLICANT_NAME : c.display_name,
      author: c.author,
      comment: c.comment,
      files: c.files,
      createdAt: new Date(c.created_at).toISOString(),
    })),
  };
}

const APPLICANT_NAME = 'Applicant';

interface CommentRow extends Record<string, unknown> {
  id: string;
  sub_task_id: string;
  user_id: string | null;
  display_name: string | null;
  author: 'STAFF' | 'APPLICANT';
  comment: string;
  files: { fileId: string; fileName: string }[];
  created_at: Date | string;
}

/** Comments of some queries, oldest first, each with the files attached to it (removed ones left out). */
function commentsOf(db: Queryable, subTaskIds: string | string[]) {
  return db.query<CommentRow>(
    `SELECT c.id, c.sub_task_id, c.user_id, u.display_name, c.author, c.comment, c.created_at,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('fileId', d.file_id, 'fileName', d.file_name)
                                       ORDER BY f.ord), '[]')
               FROM jsonb_array_elements_text(c.file_ids) WITH ORDINALITY AS f(file_id, ord)
               JOIN documents d ON d.file_id = f.file_id AND d.removed_at IS NULL) AS files
       FROM sub_task_comments c LEFT JOIN users u ON u.userid = c.user_id
      WHERE c.sub_task_id = ANY($1::text[]) ORDER BY c.created_at, c.id`,
    [Array.isArray(subTaskIds) ? subTaskIds : [subTaskIds]],
  );
}

/** What a request asks for, in the applicant's words: each field's label and whether it is a document. */
export type RequestedFields = (keys: readonly string[]) => RequestedField[];

/**
 * The requests for information sent to the applicant of this application, newest first, with the
 * applicant's own answers (staff comments and queries between staff are not theirs to read). The caller
 * checked that the application is the applicant's.
 */
export async function applicantRequests(
  db: Queryable,
  applicationId: string,
  fieldsOf: RequestedFields,
): Promise<ApplicantRequest[]> {
  const rows = await db.query<SubTaskRow>(
    `${SELECT} WHERE s.application_id = $1 AND s.recipient = 'APPLICANT' ORDER BY s.created_at DESC, s.sub_task_id
      LIMIT 100`,
    [applicationId],
  );
  const answers = await commentsOf(
    db,
    rows.map((r) => r.sub_task_id),
  );
  return rows.map((r) => ({
    subTaskId: r.sub_task_id,
    application_id: r.application_id,
    title: r.title,
    description: r.description,
    status: r.status,
    askedBy: r.raised_by_name,
    askedAt: new Date(r.created_at).toISOString(),
    fields: fieldsOf(r.fields),
    answers: answers
      .filter((c) => c.sub_task_id === r.sub_task_id && c.author === 'APPLICANT')
      .map((c) => ({ answer: c.comment, files: c.files, answeredAt: new Date(c.created_at).toISOString() })),
  }));
}

/**
 * The applicant answers a request for information of their application (the caller checked it is
 * theirs): their comment with the files they uploaded for its document fields; the request stays OPEN,
 * marked answered, for staff to read and close. A worklog row, and a notification to who asked.
 */
export async function answerAsApplicant(db: Db, body: AnswerQueryBody, fieldsOf: RequestedFields, now: Date) {
  const [row] = await db.query<SubTaskRow>(`${SELECT} WHERE s.sub_task_id = $1 AND s.application_id = $2`, [
    body.subTaskId,
    body.application_id,
  ]);
  // Another application's request, or one between staff: the applicant cannot tell it from none.
  if (row?.recipient !== 'APPLICANT') throw notFound('Request not found');
  if (row.status !== 'OPEN') throw conflict(`This request is ${row.status === 'CLOSED' ? 'closed' : 'resolved'}`);
  const fileIds = body.fileIds ?? [];
  if (new Set(fileIds).size !== fileIds.length) throw invalid('fileIds', 'names a file twice');
  const documentKeys = fieldsOf(row.fields)
    .filter((f) => f.kind === 'document')
    .map((f) => f.key);
  if (fileIds.length > 0 && documentKeys.length === 0) throw invalid('fileIds', 'this request asks for no document');
  const files = await db.query<{ file_id: string; file_name: string }>(
    `SELECT file_id, file_name FROM documents
      WHERE file_id = ANY($1::text[]) AND application_id = $2 AND removed_at IS NULL AND field_key = ANY($3::text[])`,
    [fileIds, row.application_id, documentKeys],
  );
  const known = new Set(files.map((f) => f.file_id));
  const unknown = fileIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw invalid(`fileIds[${unknown}]`, 'is not a document you uploaded for this request');

  const effects = newEffects();
  await db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE sub_tasks SET answered_at = $2, updated_at = $2 WHERE sub_task_id = $1 AND status = 'OPEN'
       RETURNING sub_task_id`,
      [row.sub_task_id, now],
    );
    if (updated.length === 0) throw conflict('The request changed meanwhile; reload and try again');
    await tx.query(
      `INSERT INTO sub_task_comments (sub_task_id, user_id, author, comment, file_ids, created_at)
       VALUES ($1, NULL, 'APPLICANT', $2, $3::jsonb, $4)`,
      [row.sub_task_id, body.answer, JSON.stringify(fileIds), now],
    );
    await touchApplication(tx, effects, {
      applicationId: row.application_id,
      taskId: row.task_id,
      userId: null,
      action: 'applicant_answered_request',
      detail: { subTaskId: row.sub_task_id, title: row.title, files: files.map((f) => f.file_name) },
      at: now,
    });
    await notifyUser(tx, effects, row.raised_by, {
      statusName: 'AssignedQueriesToUser',
      applicationId: row.application_id,
      message: `The applicant answered your request on application ${row.application_id}: ${row.title}`,
      at: now,
    });
  });
  return { result: { subTaskId: row.sub_task_id, status: row.status, answeredAt: now.toISOString() }, effects };
}

/** A page of an application's queries: of one task or ALL, of one status or ALL, newest first. */
export async function subTaskPage(
  db: Queryable,
  user: UserRecord,
  applicationId: string,
  taskId: string,
  status: QueryStatus | 'ALL',
  page: number,
) {
  await loadApplication(db, user, applicationId);
  const task = taskId === 'ALL' ? null : taskId;
  const where = `s.application_id = $1 AND ($2::text IS NULL OR s.task_id = $2) AND ($3::text IS NULL OR s.status = $3)`;
  const params = [applicationId, task, status === 'ALL' ? null : status];
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sub_tasks s WHERE ${where}`,
    params,
  );
  const rows = await db.query<SubTaskRow>(
    `${SELECT} WHERE ${where} ORDER BY s.created_at DESC, s.sub_task_id LIMIT $4 OFFSET $5`,
    [...params, SUB_TASK_PAGE_SIZE, page * SUB_TASK_PAGE_SIZE],
  );
  return { data: rows.map(toSubTask), count, page, size: SUB_TASK_PAGE_SIZE };
}

/** Every query of an application (GET /v3/queries/{application_id}), newest first. */
export async function queriesOf(db: Queryable, user: UserRecord, applicationId: string) {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<SubTaskRow>(
    `${SELECT} WHERE s.application_id = $1 ORDER BY s.created_at DESC, s.sub_task_id LIMIT 500`,
    [applicationId],
  );
  return rows.map(toSubTask);
}

/**
 * POST /queries/getQueriesUnresolvedCountByUserId: the OPEN queries a user has to answer (named to them, or
 * to one of their teams with no one named) and those they raised that are still OPEN.
 */
export async function unresolvedCounts(db: Queryable, user: UserRecord) {
  const values: unknown[] = [user.userid];
  const probes = user.teams.map((team) => {
    values.push(JSON.stringify(team.allTeams ? [{ type: team.type }] : [{ type: team.type, id: team.id }]));
    return `s.assigned_team @> $${values.length}::jsonb`;
  });
  const team = probes.length ? `OR (s.assigned_to IS NULL AND s.recipient = 'STAFF' AND (${probes.join(' OR ')}))` : '';
  const [row] = await db.query<{ to_answer: number; raised: number }>(
    `SELECT count(*) FILTER (WHERE s.assigned_to = $1 ${team})::int AS to_answer,
            count(*) FILTER (WHERE s.raised_by = $1)::int AS raised
       FROM sub_tasks s WHERE s.status = 'OPEN'`,
    values,
  );
  return { toAnswer: row?.to_answer ?? 0, raised: row?.raised ?? 0 };
}

/**
 * The same for an applicant: a request to the applicant on an application they own (`owns`); any other id answers
 * 404, as one that does not exist, so ids cannot be probed.
 */
export async function applicantRequestForInfo(
  db: Queryable,
  owns: (applicationId: string) => Promise<boolean>,
  subTaskId: string,
) {
  const [row] = await db.query<SubTaskRow>(`${SELECT} WHERE s.sub_task_id = $1`, [subTaskId]);
  if (row?.recipient !== 'APPLICANT' || !(await owns(row.application_id))) {
    throw notFound('Request for information not found');
  }
  return row;
}

/** GET /v3/queries/fetchFieldsForReqInfo/{id}: a request for information's fields, for staff with access. */
export async function requestForInfoFields(db: Queryable, user: UserRecord, subTaskId: string) {
  const row = await findSubTask(db, subTaskId);
  await loadApplication(db, user, row.application_id);
  if (row.recipient !== 'APPLICANT') throw notFound('Request for information not found');
  return row;
}

/**
 * POST /v3/queries/sendRequestForInfoNotifications: the applicant hears of an OPEN request for information
 * again (the QUERY_RAISED templates), sent by who raised it or the task's assignee; a worklog row says so.
 */
export async function remindRequestForInfo(
  db: Db,
  user: UserRecord,
  body: { application_id: string; subTaskId: string },
  now: Date,
) {
  const row = await findSubTask(db, body.subTaskId);
  if (row.application_id !== body.application_id || row.recipient !== 'APPLICANT') {
    throw notFound('Request for information not found');
  }
  await loadApplication(db, user, row.application_id);
  const ctx = await loadTaskContext(db, user, row.application_id, row.task_id);
  if (row.raised_by !== user.userid && !ctx.actor.assigned) {
    throw forbidden('Only who asked, or the assignee of the task, may remind the applicant');
  }
  if (row.status !== 'OPEN') throw conflict(`The request is ${row.status}`);
  const effects = newEffects();
  await db.transaction(async (tx) => {
    await announceLifecycleEvent(tx, row.application_id, 'QUERY_RAISED', now);
    await touchApplication(tx, effects, {
      applicationId: row.application_id,
      taskId: row.task_id,
      userId: user.userid,
      action: 'remind_request_info',
      detail: { subTaskId: row.sub_task_id },
      at: now,
    });
  });
  return { result: { subTaskId: row.sub_task_id, remindedAt: now.toISOString() }, effects };
}
