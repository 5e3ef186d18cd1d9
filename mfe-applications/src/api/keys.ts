// Every TanStack Query key of this remote, one builder per resource. The shell's one QueryClient serves
// every remote, so each key starts with the remote's name.
import type { ListQueryArgs, UserCandidatesQuery } from '@originate/contract';

/** Query keys as data (TanStack Query): everything that makes a page different is in the key. */
export const listKeys = {
  all: ['mfe-applications', 'lists'] as const,
  /** Every page of every list (what a change refetches); search pages too. */
  pages: ['mfe-applications', 'lists', 'page'] as const,
  page: (variables: ListQueryArgs) => ['mfe-applications', 'lists', 'page', variables] as const,
  searches: ['mfe-applications', 'lists', 'search'] as const,
  search: (query: string, page: number, size: number) =>
    ['mfe-applications', 'lists', 'search', query, page, size] as const,
  userCandidates: (query: UserCandidatesQuery) => ['mfe-applications', 'lists', 'userCandidates', query] as const,
  products: ['mfe-applications', 'lists', 'products'] as const,
  /** GET /v3/lead/getAllProducts: what an application can be started for. */
  productList: ['mfe-applications', 'lists', 'productList'] as const,
};

/** One application's resources: everything under ['mfe-applications', 'detail', id]. */
export const detailKeys = {
  all: (applicationId: string) => ['mfe-applications', 'detail', applicationId] as const,
  configs: (applicationId: string, taskId?: string) =>
    ['mfe-applications', 'detail', applicationId, 'configs', taskId ?? null] as const,
  application: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'application'] as const,
  worklogs: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'worklogs'] as const,
  audits: (applicationId: string, fieldKey?: string) =>
    ['mfe-applications', 'detail', applicationId, 'audits', fieldKey ?? null] as const,
  queries: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'queries'] as const,
  query: (applicationId: string, subTaskId: string) =>
    ['mfe-applications', 'detail', applicationId, 'queries', subTaskId] as const,
  record: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'record'] as const,
  documents: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'documents'] as const,
  /** A document's bytes for its thumbnail and preview (one version of one file: they never change). */
  documentBytes: (applicationId: string, fileId: string, version: number) =>
    ['mfe-applications', 'detail', applicationId, 'documentBytes', fileId, version] as const,
  /** GET applicationConsents: what the applicant accepted, each consent's newest record. */
  consents: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'consents'] as const,
  creditSummary: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'creditSummary'] as const,
  notes: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'notes'] as const,
  approvals: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'approvals'] as const,
  related: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'related'] as const,
  /** GET /v3/video/calls?applicationId=: the application's video calls and their recordings. */
  videoCalls: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'videoCalls'] as const,
  /** GET applicationMessages: the application's delivery log. */
  messages: (applicationId: string) => ['mfe-applications', 'detail', applicationId, 'messages'] as const,
  fieldLabels: (applicationId: string, flowId?: string, verNum?: number) =>
    ['mfe-applications', 'detail', applicationId, 'fieldLabels', flowId, verNum] as const,
};

/** The lifecycle editor: a product's lifecycle (latest or one version) and the pickers' directory. */
export const lifecycleKeys = {
  all: ['mfe-applications', 'lifecycles'] as const,
  lifecycle: (product: string, verNum?: number) =>
    ['mfe-applications', 'lifecycles', product, verNum ?? 'latest'] as const,
  directory: ['mfe-applications', 'lifecycles', 'directory'] as const,
};

/** Settings → Decision tables: a product's decision (latest or a version) and its version history. */
export const decisionKeys = {
  all: ['mfe-applications', 'decisions'] as const,
  decision: (product: string, verNum?: number) =>
    ['mfe-applications', 'decisions', product, verNum ?? 'latest'] as const,
  versions: (product: string) => ['mfe-applications', 'decisions', product, 'versions'] as const,
};

/** Settings → Templates and the detail's messages: template versions, previews, the delivery log. */
export const templateKeys = {
  all: ['mfe-applications', 'templates'] as const,
  list: (types: readonly string[]) => ['mfe-applications', 'templates', 'list', types] as const,
  version: (templateId: string, verNum: number | null) =>
    ['mfe-applications', 'templates', 'version', templateId, verNum ?? 'latest'] as const,
  /** Everything that makes a preview different is in the key: typing a character is a new preview. */
  preview: (body: unknown) => ['mfe-applications', 'templates', 'preview', body] as const,
};
