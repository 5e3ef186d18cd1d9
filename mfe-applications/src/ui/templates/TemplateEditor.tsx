// One template, edited: name, type, subject, body (monospace) with the placeholder palette (a click types the
// placeholder in at the cursor of the body last focused), the lifecycle events that send it, its translations,
// and a live preview on a chosen application, in English or a translation. Saving makes a new version; the server's reasons show at their fields, a 409 says someone
// saved since.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ApiError,
  type CreatedTemplateAnswer,
  LIFECYCLE_EVENTS,
  type PreviewTemplateBody,
  TEMPLATE_TYPES,
  type TemplateLanguage,
  type TemplateType,
} from '@originate/contract';
import { useMemo, useRef, useState } from 'react';
import { useSaveTemplate, useTemplatePreview } from '../../api/useTemplates';
import { type FieldProblem, refusedFields } from '../../domain/lifecycleEditor';
import {
  draftProblems,
  EVENT_LABELS,
  hasSubject,
  insertAtCursor,
  isChanged,
  sendsOnEvents,
  staleVersionText,
  subjectOf,
  type TemplateDraft,
  TYPE_LABELS,
  toCreateBody,
} from '../../domain/templates';
import {
  forType,
  languageName,
  translationEntries,
  translationProblems,
  withTranslation,
} from '../../domain/templateTranslations';
import { EditorStatusBar } from '../common/EditorStatusBar';
import { problemsAt } from '../lifecycles/problems';
import { ApplicationPicker, type PickedApplication } from './ApplicationPicker';
import { PlaceholderPalette } from './PlaceholderPalette';
import { PreviewPane } from './PreviewPane';
import { TranslationFields } from './TranslationFields';

export function TemplateEditor({
  initial,
  readOnly,
  onSaved,
}: {
  initial: TemplateDraft;
  readOnly: boolean;
  onSaved: (saved: CreatedTemplateAnswer) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [application, setApplication] = useState<PickedApplication | null>(null);
  const [previewLanguage, setPreviewLanguage] = useState<TemplateLanguage | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  /** The translation's body the palette types into; null: the English body. */
  const target = useRef<{ language: TemplateLanguage; el: HTMLTextAreaElement } | null>(null);
  const isNew = initial.baseVerNum === null;
  const problems = useMemo(
    () => [...draftProblems(draft), ...translationProblems(draft.translations, draft.template_type), ...serverProblems],
    [draft, serverProblems],
  );
  const at = useMemo(() => problemsAt(problems), [problems]);
  const changed = isChanged(draft, initial);
  const save = useSaveTemplate();
  // A translation removed since it was picked: the preview is the English text again.
  const previewed = previewLanguage ? draft.translations[previewLanguage] : undefined;
  const language = previewed ? previewLanguage : null;
  const previewText = previewed
    ? {
        subject: subjectOf({ template_type: draft.template_type, subject: previewed.subject ?? '' }),
        body: previewed.body,
      }
    : { subject: subjectOf(draft), body: draft.body };
  const previewBody: PreviewTemplateBody | null =
    application && previewText.body.trim() !== ''
      ? {
          applicationId: application.application_id,
          template_type: draft.template_type,
          ...previewText,
          ...(language ? { language } : {}),
        }
      : null;
  const preview = useTemplatePreview(previewBody);

  const edit = (patch: Partial<TemplateDraft>) => {
    setServerProblems([]);
    setSaveError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const insert = (token: string) => {
    const into = target.current;
    const translation = into ? draft.translations[into.language] : undefined;
    const el = translation ? into?.el : body.current;
    const before = translation ? translation.body : draft.body;
    const { text, caret } = insertAtCursor(
      before,
      el?.selectionStart ?? before.length,
      el?.selectionEnd ?? before.length,
      token,
    );
    if (into && translation) {
      edit({ translations: withTranslation(draft.translations, into.language, { ...translation, body: text }) });
    } else {
      edit({ body: text });
    }
    // The cursor goes after what was typed in, once the text area shows it.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };

  // The promise rather than mutate's callbacks: the save refreshes the list, which can open the new version (a new
  // editor) before those callbacks run, and a callback of an editor no longer shown never runs.
  const onSave = () =>
    save.mutateAsync(toCreateBody(draft)).then(
      (saved) => onSaved(saved),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          setSaveError(staleVersionText(draft.baseVerNum));
        } else if (error instanceof ApiError && error.status === 400) {
          const refused = refusedFields(error.body);
          setServerProblems(refused);
          setSaveError(
            `The server refused the template: ${refused.map((p) => `${p.field}: ${p.reason}`).join('; ') || error.message}`,
          );
        } else {
          setSaveError(error instanceof Error ? error.message : String(error));
        }
      },
    );

  const readOnlyInput = { input: { readOnly } };
  return (
    <Stack spacing={2}>
      <EditorStatusBar
        title={
          isNew ? 'New template' : readOnly ? draft.template_id : `${draft.template_id}: editing from the version shown`
        }
        readOnlyNote={readOnly ? 'Read only: only an operations admin changes templates.' : null}
        problems={problems.length}
        changes={changed ? 'Changes not saved' : 'No changes'}
        statusTestId="template-status"
        actions={
          <>
            <Button disabled={!changed} onClick={() => edit(initial)}>
              Discard changes
            </Button>
            <Button variant="contained" disabled={problems.length > 0 || !changed || save.isPending} onClick={onSave}>
              {isNew ? 'Save version 1' : `Save as version ${(draft.baseVerNum ?? 0) + 1}`}
            </Button>
          </>
        }
      />
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                label="Template id"
                value={draft.template_id}
                onChange={(e) => edit({ template_id: e.target.value.toUpperCase() })}
                error={at.exact('template_id') !== undefined}
                helperText={
                  at.exact('template_id') ?? (isNew ? 'e.g. SANCTION_LETTER; cannot change later' : undefined)
                }
                slotProps={{ input: { readOnly: readOnly || !isNew } }}
                required={isNew}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                size="small"
                label="Type"
                value={draft.template_type}
                onChange={(e) => {
                  const type = e.target.value as TemplateType;
                  edit({ template_type: type, translations: forType(draft.translations, type) });
                }}
                disabled={readOnly || !isNew}
                error={at.exact('template_type') !== undefined}
                helperText={at.exact('template_type')}
                sx={{ minWidth: 160 }}
              >
                {TEMPLATE_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              size="small"
              label="Name"
              value={draft.template_name}
              onChange={(e) => edit({ template_name: e.target.value })}
              error={at.exact('template_name') !== undefined}
              helperText={at.exact('template_name')}
              slotProps={readOnlyInput}
              required
            />
            {hasSubject(draft.template_type) && (
              <TextField
                size="small"
                label={draft.template_type === 'EMAIL' ? 'Subject' : 'Page title'}
                value={draft.subject}
                onChange={(e) => edit({ subject: e.target.value })}
                error={at.exact('subject') !== undefined}
                helperText={at.exact('subject') ?? 'Placeholders work here too'}
                slotProps={readOnlyInput}
                required={draft.template_type === 'EMAIL'}
              />
            )}
            <TextField
              label="Body"
              multiline
              minRows={12}
              value={draft.body}
              onChange={(e) => edit({ body: e.target.value })}
              inputRef={body}
              onFocus={() => {
                target.current = null;
              }}
              error={at.exact('body') !== undefined}
              helperText={at.exact('body') ?? bodyHint(draft.template_type)}
              slotProps={{ input: { readOnly, sx: { fontFamily: 'monospace', fontSize: 14 } } }}
              required
            />
            {!readOnly && <PlaceholderPalette onPick={insert} />}
            {sendsOnEvents(draft.template_type) && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend">Sent to the applicant when</FormLabel>
                <FormGroup row>
                  {LIFECYCLE_EVENTS.map((event) => (
                    <FormControlLabel
                      key={event}
                      label={EVENT_LABELS[event]}
                      control={
                        <Checkbox
                          checked={draft.events.includes(event)}
                          disabled={readOnly}
                          onChange={(e) =>
                            edit({
                              events: e.target.checked
                                ? LIFECYCLE_EVENTS.filter((x) => x === event || draft.events.includes(x))
                                : draft.events.filter((x) => x !== event),
                            })
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText error={at.exact('events') !== undefined}>
                  {at.exact('events') ?? 'None ticked: sent only when staff send it from an application.'}
                </FormHelperText>
              </Box>
            )}
            <TranslationFields
              type={draft.template_type}
              translations={draft.translations}
              readOnly={readOnly}
              at={at}
              onChange={(translations) => edit({ translations })}
              onBodyFocus={(language, el) => {
                target.current = { language, el };
              }}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="template-preview-title">
          <Stack spacing={2}>
            <Typography id="template-preview-title" variant="h6" component="h2">
              Preview
            </Typography>
            <ApplicationPicker value={application} onChange={setApplication} />
            {translationEntries(draft.translations).length > 0 && (
              <TextField
                select
                size="small"
                label="Preview in"
                value={language ?? 'en'}
                onChange={(e) =>
                  setPreviewLanguage(e.target.value === 'en' ? null : (e.target.value as TemplateLanguage))
                }
              >
                <MenuItem value="en">English</MenuItem>
                {translationEntries(draft.translations).map(([l]) => (
                  <MenuItem key={l} value={l}>
                    {languageName(l)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!application ? (
              <Typography color="text.secondary">
                Pick an application to see the template filled in with its data.
              </Typography>
            ) : previewBody === null ? (
              <Typography color="text.secondary">Write a body to preview it.</Typography>
            ) : (
              <PreviewPane
                type={draft.template_type}
                preview={preview.data}
                loading={preview.isFetching}
                error={preview.error}
                title={`Preview of ${draft.template_id || 'the new template'} for ${application.application_id}${language ? ` in ${languageName(language)}` : ''}`}
              />
            )}
          </Stack>
        </Paper>
      </Box>
    </Stack>
  );
}

function bodyHint(type: TemplateType): string {
  switch (type) {
    case 'PDF':
      return 'Blocks: "# heading", paragraphs, "| a | b |" table rows, "---" for a new page.';
    case 'SMS':
      return 'Plain text: 160 characters make one SMS (70 with characters outside the GSM alphabet).';
    default:
      return 'Placeholders are written {{applicant.name}}; values are escaped.';
  }
}
