// A template's translations under its English text: each language's subject (where the type has one) and body,
// a way to remove it, and a picker adding one for a language the contract allows. Read only: the text alone.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
  type TemplateTranslations,
  type TemplateType,
} from '@originate/contract';
import { hasSubject } from '../../domain/templates';
import { languageName, translationEntries, typedSubject, withTranslation } from '../../domain/templateTranslations';
import type { ProblemsAt } from '../lifecycles/problems';

export function TranslationFields({
  type,
  translations,
  readOnly,
  at,
  onChange,
  onBodyFocus,
}: {
  type: TemplateType;
  translations: TemplateTranslations;
  readOnly: boolean;
  at: ProblemsAt;
  onChange: (translations: TemplateTranslations) => void;
  /** A translation's body took the focus: the palette types in there now. */
  onBodyFocus: (language: TemplateLanguage, el: HTMLTextAreaElement) => void;
}) {
  const entries = translationEntries(translations);
  const missing = TEMPLATE_LANGUAGES.filter((l) => !translations[l]);
  const subjectLabel = type === 'EMAIL' ? 'subject' : 'page title';
  return (
    <Box component="section" aria-labelledby="template-translations-title">
      <Stack spacing={1.5}>
        <Box>
          <Typography id="template-translations-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Translations
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {entries.length === 0
              ? 'None: every applicant gets the English text.'
              : 'Sent instead of the English text to an applicant who chose that language.'}
          </Typography>
        </Box>
        {entries.map(([language, t]) => {
          const name = languageName(language);
          const field = `translations.${language}`;
          return (
            <Paper key={language} variant="outlined" sx={{ p: 1.5 }} data-testid={`translation-${language}`}>
              <Stack spacing={1.5}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 600 }} lang="en">
                    {name}
                  </Typography>
                  {!readOnly && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onChange(withTranslation(translations, language, null))}
                    >
                      Remove {name}
                    </Button>
                  )}
                </Stack>
                {hasSubject(type) && (
                  <TextField
                    size="small"
                    label={`${name} ${subjectLabel}`}
                    value={t.subject ?? ''}
                    onChange={(e) =>
                      onChange(withTranslation(translations, language, { ...t, subject: typedSubject(e.target.value) }))
                    }
                    error={at.exact(`${field}.subject`) !== undefined}
                    helperText={at.exact(`${field}.subject`)}
                    slotProps={{ input: { readOnly }, htmlInput: { lang: language } }}
                    required={type === 'EMAIL'}
                  />
                )}
                <TextField
                  label={`${name} body`}
                  multiline
                  minRows={6}
                  value={t.body}
                  onChange={(e) => onChange(withTranslation(translations, language, { ...t, body: e.target.value }))}
                  onFocus={(e) => onBodyFocus(language, e.target as HTMLTextAreaElement)}
                  error={at.exact(`${field}.body`) !== undefined}
                  helperText={at.exact(`${field}.body`)}
                  slotProps={{
                    input: { readOnly, sx: { fontFamily: 'monospace', fontSize: 14 } },
                    htmlInput: { lang: language },
                  }}
                  required
                />
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && missing.length > 0 && (
          <TextField
            select
            size="small"
            label="Add a translation"
            value=""
            onChange={(e) =>
              onChange(
                withTranslation(translations, e.target.value as TemplateLanguage, {
                  subject: null,
                  body: '',
                }),
              )
            }
            sx={{ maxWidth: 260 }}
          >
            {missing.map((language) => (
              <MenuItem key={language} value={language}>
                {languageName(language)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Box>
  );
}
