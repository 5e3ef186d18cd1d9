import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import type { ChangeEvent } from 'react';
import { LANGUAGES, type LanguageCode } from './language';

/**
 * The header's language picker; the layout shows it only while MultiLingual is on. The browser's own
 * select, not an MUI Menu: a Menu/MenuItem provided by the shell's build would be mixed by federation with
 * a remote's Menu (each build carries MUI's internal MenuList context), breaking the remote's selects.
 */
export function LanguageSwitcher({ lang, onChange }: { lang: LanguageCode; onChange: (code: LanguageCode) => void }) {
  const current = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <TranslateIcon fontSize="small" aria-hidden />
      <Box
        component="select"
        aria-label={`Language: ${current.label}`}
        value={lang}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value as LanguageCode)}
        sx={{ color: 'inherit', bgcolor: 'transparent', border: 0, font: 'inherit', cursor: 'pointer' }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} style={{ color: '#1f2933' }}>
            {l.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}
