// TanStack Query per resource of one application (keys: ./keys detailKeys), and each mutation invalidates what it changes (every write also adds a worklog row). Failures go to the web package's
// reportError (the catalogue's modal or toast) unless the caller shows them itself.
import type { StaffDocument } from '@originate/contract';
import { reportError, runtimeEnvAtom, sessionAtom } from '@originate/web';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { type PreviewKind, typedForPreview } from '../domain/documents';
import { detailApi } from './detail';
import { fetchFieldLabels } from './fieldLabels';
import { detailKeys } from './keys';
import { type OpenLiveSocket, openSocketIo, subscribeApplicationChanges } from './live';

type Resource = Exclude<keyof typeof detailKeys, 'all' | 'query' | 'fieldLabels'>;

/** Marks resources of the application stale; a prefix covers every task id, field key and query under it. */
export function invalidate(client: QueryClient, applicationId: string, resources: readonly Resource[]) {
  return Promise.all(
    resources.map((r) =>
      client.invalidateQueries({ queryKey: [...detailKeys.all(applicationId), r] as readonly unknown[] }),
    ),
  );
}

/** Reports a query's failure once per error through the catalogue's path. */
export function useReported(error: Error | null): void {
  useEffect(() => {
    if (error) reportError(error);
  }, [error]);
}

export const useConfigs = (applicationId: string, taskId?: string) =>
  useQuery({
    queryKey: detailKeys.configs(applicationId, taskId),
    queryFn: () => detailApi.configs(applicationId, taskId),
  });
export const useApplicationLifeCycle = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.application(applicationId), queryFn: () => detailApi.application(applicationId) });
export const useRecord = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.record(applicationId), queryFn: () => detailApi.record(applicationId) });
export const useQueryDetails = (applicationId: string, subTaskId: string, enabled: boolean) =>
  useQuery({
    queryKey: detailKeys.query(applicationId, subTaskId),
    queryFn: () => detailApi.query(subTaskId),
    enabled,
  });
export const useWorklogs = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.worklogs(applicationId), queryFn: () => detailApi.worklogs(applicationId) });
export const useAudits = (applicationId: string, fieldKey?: string, enabled = true) =>
  useQuery({
    queryKey: detailKeys.audits(applicationId, fieldKey),
    queryFn: () => detailApi.audits(applicationId, fieldKey),
    enabled,
  });
export const useQueries = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.queries(applicationId), queryFn: () => detailApi.queries(applicationId) });
export const useDocuments = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.documents(applicationId), queryFn: () => detailApi.documents(applicationId) });
export const useCreditSummary = (applicationId: string) =>
  useQuery({
    queryKey: detailKeys.creditSummary(applicationId),
    queryFn: () => detailApi.creditSummary(applicationId),
  });
export const useNotes = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.notes(applicationId), queryFn: () => detailApi.notes(applicationId) });
export const useApprovals = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.approvals(applicationId), queryFn: () => detailApi.approvals(applicationId) });
/** The application's video calls: refreshed while shown, since a call waits for the applicant and then records. */
export const useVideoCalls = (applicationId: string) =>
  useQuery({
    queryKey: detailKeys.videoCalls(applicationId),
    queryFn: () => detailApi.videoCalls(applicationId),
    refetchInterval: 15_000,
  });
export const useRelated = (applicationId: string) =>
  useQuery({ queryKey: detailKeys.related(applicationId), queryFn: () => detailApi.related(applicationId) });

/**
 * A write on the application: runs `fn`, then marks `changes` stale (the worklog always). Failures are
 * reported through the catalogue unless `onError` handles them.
 */
export function useDetailMutation<V, R = unknown>(
  applicationId: string,
  // R is named by a caller that reads the answer; the others keep unknown.
  fn: (vars: V) => Promise<NoInfer<R>>,
  changes: readonly Resource[],
  opts: { onSuccess?: () => void; onError?: (error: Error) => boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await invalidate(client, applicationId, [...changes, 'worklogs']);
      opts.onSuccess?.();
    },
    onError: (error: Error) => {
      if (!opts.onError?.(error)) reportError(error);
    },
  });
}

/**
 * While mounted, refetches what the page shows of the application when it changes elsewhere (a lead
 * reassigns it, an approver decides): the staff namespace's APPLICATION_CHANGED, as the lists use it.
 */
export function useLiveDetail(applicationId: string, open: OpenLiveSocket = openSocketIo): void {
  const client = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const apiBaseUrl = useAtomValue(runtimeEnvAtom)?.apiBaseUrl;
  const token = session?.access_token;
  const sessionId = session?.sessionid;
  useEffect(() => {
    if (!token || !sessionId || !apiBaseUrl) return;
    return subscribeApplicationChanges(open, apiBaseUrl, { token, sessionId }, (ids) => {
      if (ids.includes(applicationId)) void client.invalidateQueries({ queryKey: detailKeys.all(applicationId) });
    });
  }, [open, client, token, sessionId, apiBaseUrl, applicationId]);
}

/** The labels of the application's flow fields (its captured flow version), once the record is in. */
export function useFieldLabels(applicationId: string) {
  const record = useRecord(applicationId);
  const flowId = record.data?.flowId;
  const verNum = record.data?.verNum;
  return useQuery({
    queryKey: detailKeys.fieldLabels(applicationId, flowId, verNum),
    queryFn: () => fetchFieldLabels(flowId ?? '', verNum ?? 0),
    enabled: flowId !== undefined && verNum !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What the applicant accepted (the detail's Consents block). */
export function useApplicationConsents(applicationId: string) {
  return useQuery({ queryKey: detailKeys.consents(applicationId), queryFn: () => detailApi.consents(applicationId) });
}

/** A document's bytes as the page shows them; cached per file and version, so the thumbnail and preview share one fetch. */
export function usePreviewBytes(applicationId: string, doc: StaffDocument, kind: PreviewKind | null) {
  return useQuery({
    queryKey: detailKeys.documentBytes(applicationId, doc.fileId, doc.version),
    queryFn: async () => typedForPreview(await detailApi.download(doc.fileId), kind ?? 'pdf', doc.mimeType),
    enabled: kind !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
