// A template's translations as the editor changes them: in the contract's language order (so a translation
// removed and added again is no change), a subject only where the type has one, and what each field asks for
// before saving (placeholders are the server's check, as for the English text).
import {
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
  type TemplateTranslations,
  type TemplateType,
} from '@originate/contract';
import type { FieldProblem } from './lifecycleEditor';
import { hasSubject } from './templates';

type Translation = NonNullable<TemplateTranslations[TemplateLanguage]>;

const names = new Intl.DisplayNames(['en'], { type: 'language' });
/** 'hi' → 'Hindi'. */
export const languageName = (language: TemplateLanguage): string => names.of(language) ?? language;

/** The translations there are, in the contract's order. */
export function translationEntries(translations: TemplateTranslations): [TemplateLanguage, Translation][] {
  return TEMPLATE_LANGUAGES.flatMap((language) => {
    const translation = translations[language];
    return translation ? [[language, translation] as [TemplateLanguage, Translation]] : [];
  });
}

/** `translations` with `language` set to `translation` (or left out when null), in the contract's order. */
export function withTranslation(
  translations: TemplateTranslations,
  language: TemplateLanguage,
  translation: Translation | null,
): TemplateTranslations {
  const next: TemplateTranslations = {};
  for (const l of TEMPLATE_LANGUAGES) {
    const t = l === language ? translation : translations[l];
    if (t) next[l] = t;
  }
  return next;
}

/** The translations for a template of `type`: without subjects where it has none (a new template's type changed). */
export function forType(translations: TemplateTranslations, type: TemplateType): TemplateTranslations {
  if (hasSubject(type)) return translations;
  return Object.fromEntries(translationEntries(translations).map(([l, t]) => [l, { ...t, subject: null }]));
}

/** A subject as typed: none rather than an empty one (the server takes a subject of at least one character). */
export const typedSubject = (text: string): string | null => (text.trim() === '' ? null : text);

/** What each translation's fields say before saving, at `translations.<language>.subject` and `.body`. */
export function translationProblems(translations: TemplateTranslations, type: TemplateType): FieldProblem[] {
  return translationEntries(translations).flatMap(([language, t]) => [
    ...(type === 'EMAIL' && (t.subject ?? '').trim() === ''
      ? [{ field: `translations.${language}.subject`, reason: 'an e-mail needs a subject' }]
      : []),
    ...(t.body.trim() === '' ? [{ field: `translations.${language}.body`, reason: 'is required' }] : []),
  ]);
}
