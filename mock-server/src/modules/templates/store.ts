// Template versions (migration 029): listed, read, saved as a new version (never changed), and the current
// versions a lifecycle event sends. A save is checked first: every placeholder in the catalogue or a field of
// some product's flow (400 naming each unknown one), the type's parts (subject, events), the version it was
// edited from (409 when another was saved meanwhile).
import type {
  CreateTemplateBody,
  LifecycleEvent,
  TemplateSummary,
  TemplateTranslations,
  TemplateType,
  TemplateVersion,
} from '@originate/contract';
import { isHtmlType, type TemplateProblem, templateProblems } from '@originate/contract/templates';
import type { Db, Queryable } from '../../db';
import { conflict, notFound, ValidationError } from '../../http/errors';

interface TemplateRow extends Record<string, unknown> {
  template_id: string;
  ver_num: number;
  template_name: string;
  template_type: TemplateType;
  subject: string | null;
  body: string;
  translations: TemplateTranslations;
  events: LifecycleEvent[];
  created_by: string;
  created_at: Date | string;
  current: boolean;
}

const COLUMNS = `t.template_id, t.ver_num, t.template_name, t.template_type, t.subject, t.body, t.translations, t.events,
  t.created_by, t.created_at,
  t.ver_num = (SELECT max(c.ver_num) FROM templates c WHERE c.template_id = t.template_id) AS current`;

function toSummary(row: TemplateRow): TemplateSummary {
  return {
    template_id: row.template_id,
    template_name: row.template_name,
    template_type: row.template_type,
    verNum: row.ver_num,
    subject: row.subject,
    events: row.events,
    languages: Object.keys(row.translations).sort(),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    current: row.current,
  };
}

const toVersion = (row: TemplateRow): TemplateVersion => ({
  ...toSummary(row),
  body: row.body,
  translations: row.translations,
});

/** Every version of the templates of these types: by template id, newest version first. */
export async function listTemplateVersions(db: Queryable, types: readonly TemplateType[]): Promise<TemplateSummary[]> {
  const rows = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM templates t WHERE t.template_type = ANY($1::text[]) ORDER BY t.template_id, t.ver_num DESC`,
    [types],
  );
  return rows.map(toSummary);
}

/** One version (the current one when verNum is left out); 404 naming what is missing. */
export async function templateVersion(db: Queryable, templateId: string, verNum?: number): Promise<TemplateVersion> {
  const rows = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM templates t WHERE t.template_id = $1 AND ($2::int IS NULL OR t.ver_num = $2)
      ORDER BY t.ver_num DESC LIMIT 1`,
    [templateId, verNum ?? null],
  );
  const row = rows[0];
  if (!row) {
    throw notFound(
      verNum === undefined ? `No template ${templateId}` : `Template ${templateId} has no version ${verNum}`,
    );
  }
  return toVersion(row);
}

/** The current version of every EMAIL or SMS template that names the event. */
export async function templatesForEvent(db: Queryable, event: LifecycleEvent): Promise<TemplateVersion[]> {
  const rows = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM templates t
      WHERE t.ver_num = (SELECT max(c.ver_num) FROM templates c WHERE c.template_id = t.template_id)
        AND t.events @> ARRAY[$1]::text[] AND t.template_type IN ('EMAIL', 'SMS')
      ORDER BY t.template_id`,
    [event],
  );
  return rows.map(toVersion);
}

/** The keys `{{fields.<key>}}` may name: every field of every stored component of a flow. */
export async function flowFieldKeys(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(
    `SELECT DISTINCT f ->> 'key' AS key FROM component_configs c, jsonb_array_elements(c.value -> 'fields') f
      WHERE f ->> 'key' IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.key));
}

type TemplateText = Pick<CreateTemplateBody, 'template_type' | 'subject' | 'body' | 'translations'>;

/** Every problem of a template's texts (its own and each translation), each naming its field. */
export function textProblems(text: TemplateText, fieldKeys: ReadonlySet<string>): TemplateProblem[] {
  const options = { html: isHtmlType(text.template_type), fieldKeys };
  const problems: TemplateProblem[] = [];
  const check = (subject: string | null, body: string, prefix: string) => {
    if (subject !== null) problems.push(...templateProblems(subject, `${prefix}subject`, options));
    problems.push(...templateProblems(body, `${prefix}body`, options));
  };
  check(text.subject, text.body, '');
  for (const [language, translation] of Object.entries(text.translations)) {
    if (translation) check(translation.subject, translation.body, `translations.${language}.`);
  }
  return problems;
}

/** What a type needs or refuses beyond its text: an e-mail's subject, events only on messages. */
function shapeProblems(body: CreateTemplateBody): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const needsSubject = body.template_type === 'EMAIL';
  const takesSubject = needsSubject || body.template_type === 'HTML';
  const subjects = [
    { label: 'subject', subject: body.subject },
    ...Object.entries(body.translations).map(([language, t]) => ({
      label: `translations.${language}.subject`,
      subject: t?.subject ?? null,
    })),
  ];
  for (const { label, subject } of subjects) {
    if (needsSubject && subject === null) problems.push({ label, reason: 'is required for an EMAIL template' });
    if (!takesSubject && subject !== null) {
      problems.push({ label, reason: `must be null: a ${body.template_type} template has no subject` });
    }
  }
  if (body.events.length > 0 && body.template_type !== 'EMAIL' && body.template_type !== 'SMS') {
    problems.push({ label: 'events', reason: `must be empty: only EMAIL and SMS templates are sent on events` });
  }
  return problems;
}

/**
 * POST createTemplate: the body as the template's next version. 400 listing every problem (unknown
 * placeholders and sections, the type's parts); 409 when the template's newest version is not the one
 * the editor started from (baseVerNum; null for a new id), or when its type would change.
 */
export async function saveTemplateVersion(
  db: Db,
  body: CreateTemplateBody,
  by: string,
  now: Date,
): Promise<{ template_id: string; verNum: number }> {
  const problems = [...shapeProblems(body), ...textProblems(body, await flowFieldKeys(db))];
  if (problems.length > 0) throw new ValidationError(problems);
  return db.transaction(async (tx) => {
    // One save of a template at a time: the lock on its id serialises them, so the second reads the first's version.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`template:${body.template_id}`]);
    const [latest] = await tx.query<{ ver_num: number; template_type: TemplateType }>(
      'SELECT ver_num, template_type FROM templates WHERE template_id = $1 ORDER BY ver_num DESC LIMIT 1',
      [body.template_id],
    );
    const current = latest?.ver_num ?? null;
    if (current !== body.baseVerNum) {
      throw conflict(
        current === null
          ? `Template ${body.template_id} does not exist yet: save it with baseVerNum null`
          : `Template ${body.template_id} was saved as version ${current} since ${body.baseVerNum === null ? 'you started a new one' : `version ${body.baseVerNum} was read`}; reload it and edit again`,
      );
    }
    if (latest && latest.template_type !== body.template_type) {
      throw conflict(`Template ${body.template_id} is a ${latest.template_type} template: its type never changes`);
    }
    const verNum = (current ?? 0) + 1;
    await tx.query(
      `INSERT INTO templates (template_id, ver_num, template_name, template_type, subject, body, translations, events,
         created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::text[], $9, $10)`,
      [
        body.template_id,
        verNum,
        body.template_name,
        body.template_type,
        body.subject,
        body.body,
        JSON.stringify(body.translations),
        body.events,
        by,
        now,
      ],
    );
    return { template_id: body.template_id, verNum };
  });
}
