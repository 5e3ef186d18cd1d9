// Letters (README "Templates and letters"): a PDF template rendered for an application, laid out in the
// document worker (off the event loop, the merge's limits) with the bank's theme, and filed in the application's
// Docs as a new document version under the template's field key (letter_<template_id>). The letter records the
// template version it was made from; a later version makes a later letter and never touches this one. The
// portal's indicative sanction letter is the seeded template INDICATIVE_SANCTION_LETTER laid out the same way.
import {
  bankDayStart,
  DEFAULT_THEME_CONFIG,
  type GeneratedLetterAnswer,
  type GeneratePdfBody,
  letterFieldKey,
  MAX_FILE_SIZE_BYTES,
  type ThemeConfig,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { HttpError, invalid } from '../../http/errors';
import type { FileStore, UserRecord } from '../../platform/context';
import type { DocumentWork } from '../../platform/document-work';
import { addWorklog, type Effects, loadApplication, newEffects, type StoredApplication } from '../applications';
import { readConfig } from '../configs';
import { assertMayManageDocuments, storeGeneratedDocument } from '../documents';
import { type ApplicationData, applicationData, storedApplicationData } from './letter-data';
import { languageFor, type RenderableTemplate, renderVersion } from './render';
import { templateVersion } from './store';

/** The application's data for a template of this type, 404 when it is gone. */
export async function dataFor(db: Queryable, applicationId: string, template: RenderableTemplate, now: Date) {
  const found = await applicationData(db, applicationId, template.template_type, now);
  if (!found) throw invalid('applicationId', 'is not an application');
  return found;
}

/** The theme's colours as a letter uses them (letters and the application receipt). */
export async function letterColors(db: Queryable) {
  const theme = (await readConfig<ThemeConfig>(db, 'Theme', 'Default')) ?? DEFAULT_THEME_CONFIG;
  return {
    primary: theme.primaryColor,
    secondary: theme.secondaryColor,
    text: theme.typography?.primaryColor ?? DEFAULT_THEME_CONFIG.typography?.primaryColor ?? '#1f2933',
    muted: theme.typography?.secondaryColor ?? DEFAULT_THEME_CONFIG.typography?.secondaryColor ?? '#52606d',
  };
}

/** A PDF text rendered and laid out for an application (the preview's bytes, and the letter's), dated `now`. */
export async function letterPdf(
  db: Queryable,
  work: DocumentWork,
  found: ApplicationData,
  template: RenderableTemplate & { title: string },
  language: string | null,
  now: Date,
) {
  const rendered = renderVersion(template, found.data, language);
  const bank = found.data.bank as { name: string; address: string; phone: string; email: string };
  const laidOut = await work.letter({
    text: rendered.text,
    title: template.title,
    colors: await letterColors(db),
    bank,
    reference: `Application ${found.stored.application.application_id}`,
    // The letter's day, not the instant: asked for again that day, the same letter is the same bytes.
    date: bankDayStart(now, found.timeZone),
  });
  if (laidOut.bytes.length > MAX_FILE_SIZE_BYTES) {
    throw new HttpError(413, { code: 413, message: `${template.title} is larger than ${MAX_FILE_SIZE_BYTES} bytes` });
  }
  return { ...laidOut, language: rendered.language };
}

/** 'Sanction Letter - HL-2026-000101.pdf': the template's name and the application, in the characters a file name keeps. */
const letterName = (templateName: string, applicationId: string) =>
  `${templateName.replace(/[^\p{L}\p{N} _.,()-]/gu, '').trim() || 'Letter'} - ${applicationId}.pdf`;

/**
 * POST generatePDF: staff with access to the application and the documents permission generate a PDF template
 * (its current version, or verNum) in the applicant's language where it has a translation (or `language`).
 */
export async function generateLetter(
  db: Db,
  files: FileStore,
  work: DocumentWork,
  user: UserRecord,
  body: GeneratePdfBody,
  now: Date,
): Promise<{ result: GeneratedLetterAnswer; effects: Effects }> {
  await loadApplication(db, user, body.applicationId);
  assertMayManageDocuments(user);
  const version = await templateVersion(db, body.template_id, body.verNum);
  if (version.template_type !== 'PDF') {
    throw invalid('template_id', `is an ${version.template_type} template: only a PDF template makes a letter`);
  }
  const found = await dataFor(db, body.applicationId, version, now);
  const language = languageFor(version.translations, body.language, found.recipient.languages);
  const fileName = letterName(version.template_name, body.applicationId);
  const {
    bytes,
    pageCount,
    language: used,
  } = await letterPdf(db, work, found, { ...version, title: fileName }, language, now);
  const record = {
    applicationId: body.applicationId,
    fieldKey: letterFieldKey(version.template_id),
    fileName,
    mimeType: 'application/pdf',
    metadata: {
      docType: version.template_id,
      description: `${version.template_name}, template version ${version.verNum}${used ? ` (${used})` : ''}`,
    },
  };
  const stored = await storeGeneratedDocument(
    db,
    files,
    record,
    await files.hold(bytes),
    user.userid,
    now,
    async (tx, doc) => {
      await tx.query(
        `INSERT INTO letters (file_id, version, application_id, template_id, ver_num, language, generated_by, generated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [doc.fileId, doc.version, body.applicationId, version.template_id, version.verNum, used, user.userid, now],
      );
      await addWorklog(tx, {
        applicationId: body.applicationId,
        taskId: null,
        userId: user.userid,
        action: 'generate_letter',
        detail: {
          fileId: doc.fileId,
          version: doc.version,
          template_id: version.template_id,
          verNum: version.verNum,
          pageCount,
        },
        at: now,
      });
    },
  );
  const effects = newEffects();
  effects.changed.set(body.applicationId, now);
  return { result: { fileId: stored.fileId, version: stored.version, fileName, pageCount }, effects };
}

/** The seeded template of the portal's indicative sanction letter (seed/templates.ts), worded by the bank. */
export const INDICATIVE_SANCTION_LETTER = 'INDICATIVE_SANCTION_LETTER';

/**
 * The indicative sanction letter of an application as the applicant has filled it so far (stored with the form's
 * values over it): the template's current version in the applicant's language where it has one. Null when the
 * terms price no loan yet (no tenure, an amount of 0): such a letter would name no EMI.
 */
export async function indicativeSanctionLetter(
  db: Queryable,
  work: DocumentWork,
  stored: StoredApplication,
  now: Date,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const version = await templateVersion(db, INDICATIVE_SANCTION_LETTER);
  const found = await storedApplicationData(db, stored, version.template_type, now);
  if (!found.priced) return null;
  const language = languageFor(version.translations, undefined, found.recipient.languages);
  const fileName = letterName(version.template_name, stored.application.application_id);
  const { bytes } = await letterPdf(db, work, found, { ...version, title: fileName }, language, now);
  return { bytes, fileName };
}
