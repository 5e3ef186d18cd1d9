// After login: the bank's theme (cached for the next login page), its time zone and the chatbot script.
import { sharedStore, themeConfigAtom } from '@originate/web';
import { useEffect } from 'react';
import { useAdminConfigurations, useCustomStyle } from '../api/useConfigs';
import { keepBankTimeZone, parseThemeConfig, writeCachedTheme } from '../theme/themeCache';
import { injectChatbot } from './chatbot';

export function useBranding(): void {
  const theme = useCustomStyle();
  const admin = useAdminConfigurations();

  useEffect(() => {
    const config = parseThemeConfig(theme.data);
    if (!config) return;
    sharedStore.set(themeConfigAtom, config);
    writeCachedTheme(localStorage, config);
  }, [theme.data]);

  useEffect(() => {
    if (!admin.data) return;
    keepBankTimeZone(admin.data.bankTimeZone, localStorage);
    injectChatbot(admin.data, document);
  }, [admin.data]);
}
