// The back office's language while Admin/Features.MultiLingual is on (spec §6): the user's choice is kept
// in this browser, set as the page's lang, and the menu's labels come through the server's translate route
// (labels it has no translation for stay as they are). With the feature off the back office is English.
import { useEffect, useState } from 'react';
import { useTranslations } from '../api/useTranslations';
import type { MenuItem } from '../remotes/menu';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
const BASE_LANGUAGE: LanguageCode = 'en';
const STORAGE_KEY = 'originate.language';

export function storedLanguage(storage: Pick<Storage, 'getItem'>): LanguageCode {
  const value = storage.getItem(STORAGE_KEY);
  return LANGUAGES.find((l) => l.code === value)?.code ?? BASE_LANGUAGE;
}

/** The language in force (the base one while MultiLingual is off) and the setter the switcher uses. */
export function useBackOfficeLanguage(multiLingual: boolean): [LanguageCode, (code: LanguageCode) => void] {
  const [chosen, setChosen] = useState<LanguageCode>(() => storedLanguage(localStorage));
  const lang = multiLingual ? chosen : BASE_LANGUAGE;
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const choose = (code: LanguageCode) => {
    localStorage.setItem(STORAGE_KEY, code);
    setChosen(code);
  };
  return [lang, choose];
}

function labelsOf(menu: readonly MenuItem[]): string[] {
  return menu.flatMap((i) => (i.kind === 'group' ? [i.label, ...labelsOf(i.children)] : [i.label]));
}

/** The menu with each label replaced by its translation where there is one. */
export function translateMenu(menu: readonly MenuItem[], translations: Record<string, string>): MenuItem[] {
  const t = (label: string) => translations[label] || label;
  return menu.map((i) =>
    i.kind === 'group'
      ? { ...i, label: t(i.label), children: i.children.map((c) => ({ ...c, label: t(c.label) })) }
      : { ...i, label: t(i.label) },
  );
}

export function useTranslatedMenu(menu: MenuItem[], lang: LanguageCode): MenuItem[] {
  const texts = [...new Set(labelsOf(menu))];
  const { data } = useTranslations(texts, lang, lang !== BASE_LANGUAGE);
  return lang === BASE_LANGUAGE || !data ? menu : translateMenu(menu, data);
}
