// Every call the application detail makes, through shared's one http client (headers, envelope, the
// error catalogue). Paths come from API_PATHS / apiPath; bodies are the contract's request types.
import {
  API_PATHS,
  APPLICATION_QUERY,
  type Application,
  type ApplicationAction,
  type ApplicationActionBody,
  type ApplicationStatus,
  type ApprovalAction,
  type ApprovalActionBody,
  type ApprovalKind,
  type ApprovalStatus,
  apiPath,
  type CopyFileBody,
  type CreateSubTaskBody,
  type DetailTab,
  type DocumentMetadataBody,
  type DocumentRefBody,
  type FlowType,
  type MergeDocumentBody,
  type NoteBody,
  type OperationalLevelAgreement,
  type QueryStatus,
  type RequestApprovalBody,
  type SnoozeBody,
  type SubTaskCommentBody,
  type TaskAction,
  type TaskProgress,
  type TaskSubStatus,
  type Team,
  type UpdateSubTaskBody,
  type UploadedDocument,
} from '@originate/contract';
import { api, downloadBlob } from '@originate/web';

/** The task the detail shows, as GET /v3/taskconfigs/getConfigs gives it. */
interface DetailTask {
  taskId: string;
  name: string;
  stepName: string;
  stepNumber: number;
  type: FlowType;
  progress: TaskProgress;
  assignedTo: string | null;
  assignedToName?: string | null;
  assignedTeam: Team[];
  allowedUsers: string[];
  reviewDate: string | null;
  callbackRequested: boolean;
  /** When the applicant asked to be called (request_for_callback, rebook), if a time was given. */
  callbackAt?: string | null;
  due_time?: string | null;
  operationalLevelAgreement?: OperationalLevelAgreement;
}

/** GET /v3/taskconfigs/getConfigs?application_id[&taskId]: the application's task and the caller's view of it. */
export interface TaskConfigs {
  application_id: string;
  status: ApplicationStatus;
  stage: string;
  task: DetailTask;
  subStatus: TaskSubStatus;
  /** Spec §5: the stage differs from the task's step, or field access is not WRITE. */
  editingDisabled: boolean;
  hasPreviousStep: boolean;
  /** Spec §4 'assigned' for the caller. */
  assigned: boolean;
  /** The server's visibleTabs (the page computes the same from the same inputs). */
  tabs: DetailTab[];
  taskActions: TaskAction[];
}

/** What getConfigs answers: without a task (none open or ever), only the application's status and stage. */
export type TaskConfigsAnswer =
  | TaskConfigs
  | { application_id: string; status: ApplicationStatus; stage: string; task: null };

/** A user as the back-office lists name one. */
interface Person {
  userid: string;
  displayName: string;
}

interface LifeCycle {
  stage: string;
  steps: {
    stepName: string;
    type: string;
    summaryEnabled: boolean | null;
    assignmentInfo: {
      assignedTo: string | null;
      assignedTeam: Team[];
      allowedUsers: string[];
      progress: string;
      taskName: string;
      taskId: string;
    }[];
  }[];
}

export interface ApplicationDetail {
  application_id: string;
  product_code: string;
  product_name: string;
  _applicationStatus: ApplicationStatus;
  appLifeCycle: LifeCycle;
}

export interface Worklog {
  id: string;
  taskId: string | null;
  userId: string | null;
  userName: string | null;
  action: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

export interface Audit {
  id: string;
  fieldKey: string;
  oldValue: unknown;
  newValue: unknown;
  userId: string | null;
  userName: string | null;
  source: string;
  createdAt: string;
}

export interface QueryComment {
  id: string;
  userId: string | null;
  userName: string | null;
  /** APPLICANT: the applicant's answer to a request for information, with the files they uploaded. */
  author: 'STAFF' | 'APPLICANT';
  comment: string;
  files: { fileId: string; fileName: string }[];
  createdAt: string;
}

/** A query (sub-task) of GET /v3/queries/{application_id}. */
export interface SubTask {
  subTaskId: string;
  taskId: string;
  title: string;
  description: string;
  status: QueryStatus;
  raisedBy: Person;
  assignedTo: Person | null;
  fields: string[];
  /** APPLICANT: a request for information to the applicant (requestUserInfo), answered in the portal. */
  recipient: 'STAFF' | 'APPLICANT';
  /** When the applicant last answered it (null: not yet, or not theirs). */
  answeredAt: string | null;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An earlier file of a document, kept when it was replaced (POST /v3/updateDocument). */
interface DocumentVersion {
  version: number;
  fileName: string;
  mimeType: string;
  size: number;
  uploadedBy: string | null;
  uploadedAt: string;
  replacedAt: string;
}

export interface StaffDocument {
  fileId: string;
  fileName: string;
  fieldKey: string;
  mimeType: string;
  size: number;
  metadata: { docType?: string; description?: string };
  /** Who uploaded the current file (null: the applicant). */
  uploadedBy: string | null;
  createdAt: string;
  /** The current file's number and upload time; `versions` are the earlier files, newest first. */
  version: number;
  updatedAt: string;
  versions: DocumentVersion[];
}

export interface Note {
  id: string;
  userId: string;
  userName?: string | null;
  text: string;
  createdAt: string;
}

export interface Approval {
  approvalId: string;
  taskId: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  reason: string;
  requestedBy: Person;
  approver: Person;
  decidedBy: string | null;
  decisionComment: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** Another application of the same primary applicant (same mobile or e-mail). */
export interface RelatedApplication {
  application_id: string;
  product_name: string;
  _applicationStatus: ApplicationStatus;
  stage: string;
  applicantName: string | null;
  cre_time: string;
}

/** The back-office lists answer { data: [...] }. */
async function listOf<T>(answer: Promise<{ data: T[] }>): Promise<T[]> {
  return (await answer).data;
}

export const detailApi = {
  configs: (applicationId: string, taskId?: string) =>
    api.get<TaskConfigsAnswer>(API_PATHS.taskConfigs, {
      searchParams: taskId ? { application_id: applicationId, taskId } : { application_id: applicationId },
    }),

  /** GraphQL 'application' (appLifeCycle); the body travels as the {data} envelope (spec §7). */
  application: async (applicationId: string) => {
    const answer = await api.post<{ data?: { application: ApplicationDetail | null } }>(
      API_PATHS.graphql,
      { query: APPLICATION_QUERY, variables: { application_id: applicationId } },
      { encrypted: true },
    );
    return answer.data?.application ?? null;
  },

  /** The stored application (product, applicant) for the header. */
  record: (applicationId: string) => api.get<Application>(apiPath('application', { applicationId })),

  worklogs: async (applicationId: string) =>
    listOf<Worklog>(api.get(apiPath('applicationWorklogs', { applicationId }))),

  audits: async (applicationId: string, fieldKey?: string) =>
    listOf<Audit>(
      api.get(API_PATHS.getAudits, {
        searchParams: fieldKey ? { application_id: applicationId, fieldKey } : { application_id: applicationId },
      }),
    ),

  queries: async (applicationId: string) => listOf<SubTask>(api.get(apiPath('applicationQueries', { applicationId }))),
  query: (subTaskId: string) =>
    api.get<SubTask & { comments: QueryComment[] }>(apiPath('subTaskDetails', { subTaskId })),
  createQuery: (body: CreateSubTaskBody) => api.post(API_PATHS.createSubTask, body),
  /** A request for information to a user: a query naming the fields they are asked to fill. */
  requestInfo: (body: CreateSubTaskBody) => api.post(API_PATHS.requestInfo, body),
  requestUserInfo: (body: CreateSubTaskBody) => api.post(API_PATHS.requestUserInfo, body),
  updateQuery: (body: UpdateSubTaskBody) => api.post(API_PATHS.updateSubTask, body),
  queryStep: (step: 'reopenSubTask' | 'closeSubTask' | 'addCommentToTask', body: SubTaskCommentBody) =>
    api.post(API_PATHS[step], body),

  documents: async (applicationId: string) =>
    listOf<StaffDocument>(api.get(apiPath('applicationDocuments', { applicationId }))),
  upload: (applicationId: string, fieldKey: string, file: File) => {
    const form = new FormData();
    // The server reads the application and field before the file (it checks access first).
    form.append('application_id', applicationId);
    form.append('fieldKey', fieldKey);
    form.append('file', file, file.name);
    return api.post<UploadedDocument>(API_PATHS.uploadDocument, form);
  },
  /** A document's new file: same id, type and metadata; the one it held becomes an earlier version. */
  replaceDocument: (body: DocumentRefBody, file: File) => {
    const form = new FormData();
    // The server checks access and the document before it reads the file.
    form.append('application_id', body.application_id);
    form.append('fileId', body.fileId);
    form.append('file', file, file.name);
    return api.post<UploadedDocument & { version: number }>(API_PATHS.updateDocument, form);
  },
  deleteDocument: (body: DocumentRefBody) => api.post(API_PATHS.deleteDocument, body),
  updateMetadata: (body: DocumentMetadataBody) => api.post(API_PATHS.updateDocumentMetadata, body),
  copyFile: (body: CopyFileBody) => api.post(API_PATHS.copyFile, body),
  mergeDocuments: (body: MergeDocumentBody) => api.post(API_PATHS.mergeDocument, body),
  download: (fileId: string) => downloadBlob(apiPath('downloadDocument', { fileId }), API_PATHS.downloadDocument),
  downloadVersion: (fileId: string, version: number) =>
    downloadBlob(apiPath('documentVersion', { fileId, version }), API_PATHS.documentVersion),

  notes: async (applicationId: string) => listOf<Note>(api.get(apiPath('applicationNotes', { applicationId }))),
  addNote: (applicationId: string, body: NoteBody) => api.post(apiPath('applicationNotes', { applicationId }), body),

  approvals: async (applicationId: string) =>
    listOf<Approval>(api.get(API_PATHS.getApprovals, { searchParams: { application_id: applicationId } })),
  decide: (action: ApprovalAction, body: ApprovalActionBody) => api.post(apiPath('approvalAction', { action }), body),
  requestApproval: (body: RequestApprovalBody) => api.post(API_PATHS.requestApproval, body),

  related: async (applicationId: string) =>
    listOf<RelatedApplication>(api.get(apiPath('relatedApplications', { applicationId }))),

  snooze: (body: SnoozeBody) => api.post(API_PATHS.updateSnoozeTime, body),
  removeSnooze: (body: Pick<SnoozeBody, 'application_id' | 'taskId'>) => api.post(API_PATHS.removeSnoozeTime, body),

  action: (action: Exclude<ApplicationAction, 'complete_step/user'>, body: ApplicationActionBody) =>
    api.post(apiPath('applicationAction', { action }), body),
  completeStep: (body: ApplicationActionBody) => api.post(API_PATHS.completeUserStep, body),
};
