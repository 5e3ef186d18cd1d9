// A template version rendered for one application: in the applicant's language when it has a translation in it
// (the language asked for first, else the first of the applicant's languages that has one, English meaning the
// template's own text), HTML types escaped with their plain-text part beside, SMS and PDF as plain text.
import type { TemplateTranslations, TemplateType } from '@originate/contract';
import { htmlToText, isHtmlType, renderTemplate, type TemplateData } from '@originate/contract/templates';

export interface RenderableTemplate {
  template_type: TemplateType;
  subject: string | null;
  body: string;
  translations: TemplateTranslations;
}

export interface RenderedTemplate {
  subject: string | null;
  text: string;
  /** HTML and EMAIL: the body with every value escaped; otherwise null. */
  html: string | null;
  /** The translation used, null for the template's own text. */
  language: string | null;
}

/** The language a template is rendered in for an applicant: asked for, else the applicant's first with a translation. */
export function languageFor(
  translations: TemplateTranslations,
  asked: string | undefined,
  applicantLanguages: readonly string[],
): string | null {
  const has = (language: string) => Object.hasOwn(translations, language);
  if (asked !== undefined) return has(asked) ? asked : null;
  for (const language of applicantLanguages) {
    if (language === 'en') return null;
    if (has(language)) return language;
  }
  return null;
}

export function renderVersion(
  template: RenderableTemplate,
  data: TemplateData,
  language: string | null,
): RenderedTemplate {
  const translated = language ? template.translations[language as keyof TemplateTranslations] : undefined;
  const { subject, body } = translated ?? template;
  // A subject is a header line, never HTML: its values are not escaped.
  const renderedSubject = subject === null ? null : renderTemplate(subject, data, false).replace(/\s+/g, ' ').trim();
  if (isHtmlType(template.template_type)) {
    const html = renderTemplate(body, data, true);
    return { subject: renderedSubject, text: htmlToText(html), html, language: translated ? language : null };
  }
  return {
    subject: renderedSubject,
    text: renderTemplate(body, data, false).trim(),
    html: null,
    language: translated ? language : null,
  };
}
