// Every call the application detail makes, through the web package's one http client (headers, envelope, the
// error catalogue). Paths come from API_PATHS / apiPath; bodies are the contract's request types.
import {
  type ActionAnswer,
  type AddedNoteAnswer,
  API_PATHS,
  APPLICATION_QUERY,
  type Application,
  type ApplicationAction,
  type ApplicationActionBody,
  type ApplicationQueryAnswer,
  type Approval,
  type ApprovalAction,
  type ApprovalActionBody,
  type ApprovalDecisionAnswer,
  type Audit,
  apiPath,
  type ConsentRecordsAnswer,
  type CopiedFileAnswer,
  type CopyFileBody,
  type CreateSubTaskBody,
  type CreditSummaryAnswer,
  type DeletedDocumentAnswer,
  type DocumentMetadataBody,
  type DocumentRefBody,
  type MergeDocumentBody,
  type MergedDocumentAnswer,
  type MetadataAnswer,
  type Note,
  type NoteBody,
  type RelatedApplication,
  type ReplacedDocumentAnswer,
  type RequestApprovalBody,
  type RequestedApprovalAnswer,
  type SnoozeAnswer,
  type SnoozeBody,
  type StaffDocument,
  type SubTask,
  type SubTaskChangeAnswer,
  type SubTaskCommentBody,
  type SubTaskDetails,
  type TaskConfigsAnswer,
  type UpdateSubTaskBody,
  type UploadedDocument,
  type VideoCall,
  type VideoCalls,
  type Worklog,
} from '@originate/contract';
import { api, downloadBlob } from '@originate/web';

/** The back-office lists answer { data: [...] }. */
async function listOf<T>(answer: Promise<{ data: T[] }>): Promise<T[]> {
  return (await answer).data;
}

export const detailApi = {
  consents: (applicationId: string) => api.get<ConsentRecordsAnswer>(apiPath('applicationConsents', { applicationId })),
  configs: (applicationId: string, taskId?: string) =>
    api.get<TaskConfigsAnswer>(API_PATHS.taskConfigs, {
      searchParams: taskId ? { application_id: applicationId, taskId } : { application_id: applicationId },
    }),

  /** GraphQL 'application' (appLifeCycle); the body travels as the {data} envelope (spec §7). */
  application: async (applicationId: string) => {
    const answer = await api.post<ApplicationQueryAnswer>(
      API_PATHS.graphql,
      { query: APPLICATION_QUERY, variables: { application_id: applicationId } },
      { encrypted: true },
    );
    return answer.data.application;
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
  query: (subTaskId: string) => api.get<SubTaskDetails>(apiPath('subTaskDetails', { subTaskId })),
  createQuery: (body: CreateSubTaskBody) => api.post<SubTaskChangeAnswer>(API_PATHS.createSubTask, body),
  /** A request for information to a user: a query naming the fields they are asked to fill. */
  requestInfo: (body: CreateSubTaskBody) => api.post<SubTaskChangeAnswer>(API_PATHS.requestInfo, body),
  requestUserInfo: (body: CreateSubTaskBody) => api.post<SubTaskChangeAnswer>(API_PATHS.requestUserInfo, body),
  updateQuery: (body: UpdateSubTaskBody) => api.post<SubTaskChangeAnswer>(API_PATHS.updateSubTask, body),
  queryStep: (step: 'reopenSubTask' | 'closeSubTask' | 'addCommentToTask', body: SubTaskCommentBody) =>
    api.post<SubTaskChangeAnswer>(API_PATHS[step], body),

  /** The reviewer's credit summary: figures with their sources, deviations, the product's documents received. */
  creditSummary: (applicationId: string) =>
    api.get<CreditSummaryAnswer>(apiPath('applicationCreditSummary', { applicationId })),
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
    return api.post<ReplacedDocumentAnswer>(API_PATHS.updateDocument, form);
  },
  deleteDocument: (body: DocumentRefBody) => api.post<DeletedDocumentAnswer>(API_PATHS.deleteDocument, body),
  updateMetadata: (body: DocumentMetadataBody) => api.post<MetadataAnswer>(API_PATHS.updateDocumentMetadata, body),
  copyFile: (body: CopyFileBody) => api.post<CopiedFileAnswer>(API_PATHS.copyFile, body),
  mergeDocuments: (body: MergeDocumentBody) => api.post<MergedDocumentAnswer>(API_PATHS.mergeDocument, body),
  download: (fileId: string) => downloadBlob(apiPath('downloadDocument', { fileId }), API_PATHS.downloadDocument),
  downloadVersion: (fileId: string, version: number) =>
    downloadBlob(apiPath('documentVersion', { fileId, version }), API_PATHS.documentVersion),

  notes: async (applicationId: string) => listOf<Note>(api.get(apiPath('applicationNotes', { applicationId }))),
  addNote: (applicationId: string, body: NoteBody) =>
    api.post<AddedNoteAnswer>(apiPath('applicationNotes', { applicationId }), body),

  approvals: async (applicationId: string) =>
    listOf<Approval>(api.get(API_PATHS.getApprovals, { searchParams: { application_id: applicationId } })),
  decide: (action: ApprovalAction, body: ApprovalActionBody) =>
    api.post<ApprovalDecisionAnswer>(apiPath('approvalAction', { action }), body),
  requestApproval: (body: RequestApprovalBody) => api.post<RequestedApprovalAnswer>(API_PATHS.requestApproval, body),

  related: async (applicationId: string) =>
    listOf<RelatedApplication>(api.get(apiPath('relatedApplications', { applicationId }))),

  snooze: (body: SnoozeBody) => api.post<SnoozeAnswer>(API_PATHS.updateSnoozeTime, body),
  removeSnooze: (body: Pick<SnoozeBody, 'application_id' | 'taskId'>) =>
    api.post<SnoozeAnswer>(API_PATHS.removeSnoozeTime, body),

  /** The application's video calls, each with the recordings the gateway wrote. */
  videoCalls: async (applicationId: string): Promise<VideoCall[]> =>
    (await api.get<VideoCalls>(API_PATHS.videoCallsOfApplication, { searchParams: { applicationId } })).calls,
  /** One recording's bytes (the session's headers, as document downloads). */
  downloadRecording: (callId: string, fileName: string) =>
    downloadBlob(apiPath('videoRecording', { callId, fileName }), API_PATHS.videoRecording),

  action: (action: Exclude<ApplicationAction, 'complete_step/user'>, body: ApplicationActionBody) =>
    api.post<ActionAnswer>(apiPath('applicationAction', { action }), body),
  completeStep: (body: ApplicationActionBody) => api.post<ActionAnswer>(API_PATHS.completeUserStep, body),
};
