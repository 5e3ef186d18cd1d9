// Queries of the consent step and the end pages. The product's consent texts and this application's consents as the server recorded them; a tick or untick
// is sent at once (the server records version, time, device and address) and the answer is the new state; the
// box shows the tick while it is recorded.
import type { ConsentRecord, ConsentSetAnswer } from '@originate/contract';
import { reportError } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { missingConsents } from '../domain/consentRules';
import {
  fetchBankContact,
  fetchBranding,
  fetchConfirmation,
  fetchConsentRecords,
  fetchConsentSet,
  recordConsent,
} from './consents';
import { flowKeys } from './keys';

export interface ConsentsController {
  set: ConsentSetAnswer | undefined;
  /** Each consent's newest record, by consent id. */
  accepted: ReadonlySet<string>;
  /** The mandatory consents not accepted at their current version. */
  missing: ConsentSetAnswer['consents'];
  /** The consent a tick is being recorded for. */
  pending: string | null;
  error: Error | null;
  toggle(consentId: string, accepted: boolean): void;
}

/** `onStep`: the application's records are read only on the consent step (the texts, public, on every step). */
export function useConsents(
  productCode: string,
  applicationId: string | undefined,
  onStep: (set: ConsentSetAnswer) => boolean,
): ConsentsController {
  const queryClient = useQueryClient();
  const set = useQuery({ queryKey: flowKeys.consentSet(productCode), queryFn: () => fetchConsentSet(productCode) });
  const records = useQuery({
    queryKey: flowKeys.consentRecords(applicationId ?? ''),
    queryFn: () => fetchConsentRecords(applicationId ?? ''),
    enabled: applicationId !== undefined && set.data !== undefined && onStep(set.data),
  });
  const mutation = useMutation({
    mutationFn: (change: { consentId: string; version: number; accepted: boolean }) =>
      recordConsent(applicationId ?? '', change),
    onSuccess: (answer) => queryClient.setQueryData(flowKeys.consentRecords(applicationId ?? ''), answer),
    onError: (error) => {
      reportError(error);
      // An outdated version: the texts changed since the page loaded; read them again.
      void queryClient.invalidateQueries({ queryKey: flowKeys.consentSet(productCode) });
    },
  });
  const current: readonly ConsentRecord[] = records.data?.records ?? [];
  const accepted = new Set(
    current
      .filter(
        (r) => r.accepted && set.data?.consents.some((c) => c.consentId === r.consentId && c.version === r.version),
      )
      .map((r) => r.consentId),
  );
  // The tick shows at once while it is recorded (the boxes wait meanwhile); a refusal puts it back.
  const recording = mutation.isPending ? mutation.variables : undefined;
  if (recording?.accepted) accepted.add(recording.consentId);
  else if (recording) accepted.delete(recording.consentId);
  return {
    set: set.data,
    accepted,
    missing: set.data ? missingConsents(set.data, accepted) : [],
    pending: mutation.isPending ? (mutation.variables?.consentId ?? null) : null,
    error: set.error ?? records.error ?? null,
    toggle(consentId, value) {
      const text = set.data?.consents.find((c) => c.consentId === consentId);
      if (!text || !applicationId) return;
      mutation.mutate({ consentId, version: text.version, accepted: value });
    },
  };
}

/** The bank's name and contact (the portal's header, end and error pages): public, read once. */
export function useBankContact() {
  return useQuery({ queryKey: flowKeys.bankContact, queryFn: fetchBankContact, staleTime: Number.POSITIVE_INFINITY });
}

/** The bank's logo for the portal's header: public, read once. */
export function useBranding() {
  return useQuery({ queryKey: flowKeys.branding, queryFn: fetchBranding, staleTime: Number.POSITIVE_INFINITY });
}

/** The submitted application's confirmation, read with the receipt pass taken before the submit. */
export function useConfirmation(applicationId: string, pass: string | null) {
  return useQuery({
    queryKey: flowKeys.confirmation(applicationId),
    queryFn: () => fetchConfirmation(applicationId, pass),
  });
}
