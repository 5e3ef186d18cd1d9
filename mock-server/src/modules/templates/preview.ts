// The editor's live preview: an unsaved template text rendered for one application the caller may see, checked
// like a save (400 naming each unknown placeholder), nothing stored: EMAIL, HTML and SMS as text (an SMS with
// its parts as gateways count them), a PDF as the letter's bytes.
import type { PreviewTemplateBody, TemplatePreviewAnswer } from '@originate/contract';
import { smsSegments } from '@originate/contract/templates';
import type { Queryable } from '../../db';
import { ValidationError } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import type { DocumentWork } from '../../platform/document-work';
import { loadApplication } from '../applications';
import { dataFor, letterPdf } from './letters';
import { renderVersion } from './render';
import { flowFieldKeys, textProblems } from './store';

export async function previewTemplate(
  db: Queryable,
  work: DocumentWork,
  user: UserRecord,
  body: PreviewTemplateBody,
  now: Date,
): Promise<TemplatePreviewAnswer | { pdf: Buffer }> {
  await loadApplication(db, user, body.applicationId);
  const translations = body.language ? { [body.language]: { subject: body.subject, body: body.body } } : {};
  const template = { template_type: body.template_type, subject: body.subject, body: body.body, translations };
  const problems = textProblems({ ...template, translations: {} }, await flowFieldKeys(db));
  if (problems.length > 0) throw new ValidationError(problems);
  const found = await dataFor(db, body.applicationId, template, now);
  const language = body.language ?? null;
  if (body.template_type === 'PDF') {
    const { bytes } = await letterPdf(db, work, found, { ...template, title: 'Preview' }, language, now);
    return { pdf: bytes };
  }
  const rendered = renderVersion(template, found.data, language);
  return {
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    smsSegments: body.template_type === 'SMS' ? smsSegments(rendered.text) : null,
  };
}
