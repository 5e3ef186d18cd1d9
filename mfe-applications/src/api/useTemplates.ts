// Hooks of Settings → Templates and of the detail's messages: the template list and versions, the live
// preview (asked once typing pauses), the save, and the delivery log with the two actions that add to it.
import type {
  CreateTemplateBody,
  GeneratePdfBody,
  PreviewTemplateBody,
  SendMailCommonBody,
  TemplateType,
} from '@originate/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { detailApi } from './detail';
import { detailKeys, templateKeys } from './keys';
import { templatesApi } from './templates';
import { invalidate } from './useDetail';

export function useTemplateList(types: readonly TemplateType[], enabled = true) {
  return useQuery({ queryKey: templateKeys.list(types), queryFn: () => templatesApi.list(types), enabled });
}

/** One version with its body; the editor starts from what it loaded, so no background refetch replaces it. */
export function useTemplateVersion(templateId: string | null, verNum: number | null) {
  return useQuery({
    queryKey: templateKeys.version(templateId ?? '', verNum),
    queryFn: () => templatesApi.version(templateId as string, verNum ?? undefined),
    enabled: templateId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => templatesApi.save(body),
    // Not awaited: the refetched list names the new version, which opens a new editor in place of the one that
    // saved; awaiting it unmounted that editor before its own onSuccess ran, and the save went unconfirmed.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}

/** The value once it has stopped changing for `ms` (the preview waits for typing to pause). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const PREVIEW_PAUSE_MS = 400;

/** The rendered preview of `body` (null: nothing to preview), once typing pauses; the last one stays meanwhile. */
export function useTemplatePreview(body: PreviewTemplateBody | null) {
  const settled = useSettled(body, PREVIEW_PAUSE_MS);
  return useQuery({
    queryKey: templateKeys.preview(settled),
    queryFn: () => templatesApi.preview(settled as PreviewTemplateBody),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
}

/** The delivery log: refreshed while shown, since the outbox delivers after the answer. */
export function useMessages(applicationId: string, enabled = true) {
  return useQuery({
    queryKey: detailKeys.messages(applicationId),
    queryFn: () => templatesApi.messages(applicationId),
    refetchInterval: 5_000,
    enabled,
  });
}

/** Sending a message adds to the delivery log (and the worklog). */
export function useSendMessage(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMailCommonBody) => templatesApi.send(body),
    onSuccess: () => invalidate(client, applicationId, ['messages', 'worklogs']),
  });
}

/** A generated letter is a new document (version) in Docs. */
export function useGenerateLetter(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneratePdfBody) => templatesApi.generatePdf(body),
    onSuccess: () => invalidate(client, applicationId, ['documents', 'worklogs']),
  });
}

/** A whole application id as the bank writes them (PL-2026-000131). */
const APPLICATION_ID = /^[A-Z]{2,5}-\d{4}-\d{4,7}$/;

/**
 * The application a whole id names, read directly: the global search answers only applications in the caller's
 * lists (a decided loan is in none). Anything else than a whole id reads nothing.
 */
export function useApplicationById(text: string) {
  const id = text.toUpperCase();
  const whole = APPLICATION_ID.test(id);
  const query = useQuery({
    queryKey: detailKeys.record(id),
    queryFn: () => detailApi.record(id),
    enabled: whole,
    retry: false,
  });
  return { ...query, data: whole ? query.data : undefined };
}
