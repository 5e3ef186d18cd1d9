// After login: the bank's theme (cached for the next login page) and the chatbot script.
import { type AdminConfigurations, API_PATHS, type ThemeConfig } from '@originate/contract';
import { api, sharedStore, themeConfigAtom } from '@originate/web';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseThemeConfig, writeCachedTheme } from '../theme/themeCache';
import { injectChatbot } from './chatbot';

export function useBranding(): void {
  const theme = useQuery({
    queryKey: ['customStyle'],
    queryFn: () => api.get<ThemeConfig>(API_PATHS.customStyle),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const admin = useQuery({
    queryKey: ['adminConfigurations'],
    queryFn: () => api.get<AdminConfigurations>(API_PATHS.adminConfigurations),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    const config = parseThemeConfig(theme.data);
    if (!config) return;
    sharedStore.set(themeConfigAtom, config);
    writeCachedTheme(localStorage, config);
  }, [theme.data]);

  useEffect(() => {
    if (admin.data) injectChatbot(admin.data, document);
  }, [admin.data]);
}
