// Settings → Templates and the detail's messages and letters: every call through the web package's one
// http client (paths from API_PATHS / apiPath, bodies the contract's request types).
import {
  API_PATHS,
  type ApplicationMessagesAnswer,
  apiPath,
  type CreatedTemplateAnswer,
  type CreateTemplateBody,
  type GeneratedLetterAnswer,
  type GeneratePdfBody,
  type PreviewTemplateBody,
  type SendMailCommonBody,
  type SentMessageAnswer,
  type TemplateListAnswer,
  type TemplateListBody,
  type TemplatePreviewAnswer,
  type TemplateType,
  type TemplateVersion,
} from '@originate/contract';
import { api, downloadBlob } from '@originate/web';

/** A rendered preview: the message (EMAIL, HTML, SMS) or the PDF's bytes. */
export type TemplatePreview = { kind: 'message'; rendered: TemplatePreviewAnswer } | { kind: 'pdf'; pdf: Blob };

export const templatesApi = {
  /** Every version of every template of these types (summaries, newest first per template). */
  list: async (types: readonly TemplateType[]) => {
    const body: TemplateListBody = { templateTypesArray: [...types] };
    return (await api.post<TemplateListAnswer>(API_PATHS.templateListAllVersion, body)).templates;
  },

  /** One version with its body (the latest without `verNum`). */
  version: (templateId: string, verNum?: number) =>
    api.get<TemplateVersion>(
      apiPath('mailTemplate', { id: templateId }),
      verNum === undefined ? undefined : { searchParams: { verNum } },
    ),

  /** Saves a new version; 409 when another was saved since `baseVerNum`, 400 naming each refused field. */
  save: (body: CreateTemplateBody) => api.post<CreatedTemplateAnswer>(API_PATHS.createTemplate, body),

  /** The template text rendered for one application, nothing saved (a PDF answers its bytes). */
  preview: async (body: PreviewTemplateBody): Promise<TemplatePreview> =>
    body.template_type === 'PDF'
      ? { kind: 'pdf', pdf: await downloadBlob(API_PATHS.previewTemplate, API_PATHS.previewTemplate, body) }
      : { kind: 'message', rendered: await api.post<TemplatePreviewAnswer>(API_PATHS.previewTemplate, body) },

  /** A PDF template rendered for the application and stored in its Docs as a new document version. */
  generatePdf: (body: GeneratePdfBody) => api.post<GeneratedLetterAnswer>(API_PATHS.generatePdf, body),

  /** An EMAIL or SMS template sent to the application's applicant, with documents of its Docs attached. */
  send: (body: SendMailCommonBody) => api.post<SentMessageAnswer>(API_PATHS.sendMailCommon, body),

  /** The application's delivery log, newest first. */
  messages: async (applicationId: string) =>
    (await api.get<ApplicationMessagesAnswer>(apiPath('applicationMessages', { applicationId }))).messages,
};
