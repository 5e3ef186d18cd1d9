// Hooks of Settings' admin tabs: the users page by page and by search, the products' consent texts and saving
// a new version of one, and the configuration history. A save refreshes the history too: it has a new row.
import type { CONFIG_AUDIT_KINDS, ConsentSet, ProductDocument, ProductDocumentsAnswer } from '@originate/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import {
  fetchConfigAudits,
  fetchConsentSet,
  fetchProductDocuments,
  fetchProductLimits,
  fetchUsers,
  saveConsentSet,
  saveProductDocuments,
} from './settings';

export function useUsersPage(page: number, size: number, search: string) {
  return useQuery({
    queryKey: settingsKeys.usersPage(page, size, search),
    queryFn: () => fetchUsers({ page, size, search }),
    // The table keeps the page shown while the next one loads (no jump to a skeleton).
    placeholderData: keepPreviousData,
  });
}

export function useSettingsProducts() {
  return useQuery({ queryKey: settingsKeys.products, queryFn: fetchProductLimits });
}

export function useConsentSet(productCode: string) {
  return useQuery({ queryKey: settingsKeys.consents(productCode), queryFn: () => fetchConsentSet(productCode) });
}

export function useSaveConsentSet(onSaved: (set: ConsentSet) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveConsentSet,
    onSuccess: async (set) => {
      onSaved(set);
      await Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.consents(set.productCode) }),
        client.invalidateQueries({ queryKey: settingsKeys.audits }),
      ]);
    },
  });
}

export function useConfigAudits(page: number, size: number, kind: (typeof CONFIG_AUDIT_KINDS)[number] | null) {
  return useQuery({
    queryKey: settingsKeys.auditsPage(page, size, kind),
    queryFn: () => fetchConfigAudits({ page, size, kind }),
    placeholderData: keepPreviousData,
  });
}

export function useProductDocuments(productCode: string) {
  return useQuery({
    queryKey: settingsKeys.productDocuments(productCode),
    queryFn: () => fetchProductDocuments(productCode),
  });
}

export function useSaveProductDocuments(productCode: string, onSaved: (answer: ProductDocumentsAnswer) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documents: ProductDocument[]) => saveProductDocuments(productCode, documents),
    onSuccess: async (answer) => {
      onSaved(answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.productDocuments(productCode) }),
        client.invalidateQueries({ queryKey: settingsKeys.audits }),
      ]);
    },
  });
}
