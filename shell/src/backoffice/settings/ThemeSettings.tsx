// Settings › Theme (operations admin): the theme config of spec §3 (colours, typography colours, font)
// with a live preview of the back office in it and its shades (spec §9: 100, 200, 300, 500, 700, 900);
// saved as the Theme/Default configuration, which every screen then wears; the bank's logo (PNG, JPEG or
// WebP, at most 100 KB, never SVG) the portal's header shows.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ApiError,
  DEFAULT_THEME_CONFIG,
  THEME_LOGO_TYPES,
  THEME_SHADES,
  type ThemeConfig,
  themeLogoProblem,
} from '@originate/contract';
import { buildTheme, shadesOf, sharedStore, showToast, themeConfigAtom } from '@originate/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { configKeys } from '../../api/keys';
import { saveTheme } from '../../api/settings';
import { useCustomStyle } from '../../api/useConfigs';

type ColourKey = 'primaryColor' | 'secondaryColor' | 'backgroundColor' | 'surfaceColor';
const COLOURS: { key: ColourKey; label: string }[] = [
  { key: 'primaryColor', label: 'Primary colour' },
  { key: 'secondaryColor', label: 'Secondary colour' },
  { key: 'backgroundColor', label: 'Background colour' },
  { key: 'surfaceColor', label: 'Surface colour' },
];

function Shades({ name, colour }: { name: string; colour: string }) {
  const shades = shadesOf(colour);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label={`${name} shades`}
    >
      <Typography variant="body2" sx={{ minWidth: 80 }}>
        {name}
      </Typography>
      {THEME_SHADES.map((shade) => (
        <Box key={shade} sx={{ textAlign: 'center' }}>
          <Box
            sx={{ width: 44, height: 28, bgcolor: shades[shade], border: 1, borderColor: 'divider', borderRadius: 0.5 }}
          />
          <Typography variant="caption">{shade}</Typography>
        </Box>
      ))}
    </Stack>
  );
}

function Preview({ config }: { config: ThemeConfig }) {
  const theme = useMemo(() => buildTheme(config), [config]);
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ bgcolor: 'background.default', p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            px: 2,
            py: 1,
            mb: 2,
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
          }}
        >
          {config.logo && (
            <Box
              component="img"
              src={config.logo}
              alt="Logo preview"
              sx={{ height: 36, maxWidth: 160, objectFit: 'contain', bgcolor: '#fff', borderRadius: '6px', p: 0.5 }}
            />
          )}
          <Typography sx={{ fontWeight: 600 }}>Portal header</Typography>
        </Box>
        <Paper sx={{ p: 2 }} component="section" aria-label="Theme preview">
          <Typography variant="h6" component="h3" color="text.primary">
            Application HL-2026-000101
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Home Loan · ₹45,00,000.00 · Assess Credit
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Button variant="contained">Approve</Button>
            <Button variant="outlined">Save</Button>
            <Chip color="primary" label="In Progress" />
          </Stack>
          <Stack spacing={1}>
            <Shades name="Primary" colour={config.primaryColor} />
            <Shades name="Secondary" colour={config.secondaryColor} />
          </Stack>
        </Paper>
      </Box>
    </ThemeProvider>
  );
}

/** A picked file as a data URL, or why it cannot be the logo (the server checks the same rule again). */
function readLogo(file: File): Promise<{ logo: string } | { problem: string }> {
  if (!(THEME_LOGO_TYPES as readonly string[]).includes(file.type)) {
    return Promise.resolve({ problem: 'The logo must be a PNG, JPEG or WebP image (no SVG).' });
  }
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const problem = themeLogoProblem(reader.result);
      resolve(problem ? { problem: `The logo ${problem}.` } : { logo: String(reader.result) });
    };
    reader.onerror = () => resolve({ problem: 'The file could not be read.' });
    reader.readAsDataURL(file);
  });
}

function LogoPicker({ logo, onChange }: { logo: string | undefined; onChange(logo: string | undefined): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack spacing={1} role="group" aria-labelledby="theme-logo-label">
      <Typography id="theme-logo-label" variant="body2" sx={{ fontWeight: 500 }}>
        Logo (PNG, JPEG or WebP, at most 100 KB)
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" size="small">
          {logo ? 'Replace logo' : 'Upload logo'}
          <input
            hidden
            type="file"
            accept={THEME_LOGO_TYPES.join(',')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              void readLogo(file).then((read) => {
                if ('problem' in read) setProblem(read.problem);
                else {
                  setProblem(null);
                  onChange(read.logo);
                }
              });
            }}
          />
        </Button>
        {logo && (
          <Button size="small" onClick={() => onChange(undefined)}>
            Remove logo
          </Button>
        )}
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

/** The colour picker only takes #rrggbb: a shorter or named colour shows the default's until retyped. */
const pickable = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;

function ThemeForm({ saved }: { saved: ThemeConfig }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ThemeConfig>(saved);
  const save = useMutation({
    mutationFn: () => saveTheme(draft),
    onSuccess: (theme) => {
      sharedStore.set(themeConfigAtom, theme);
      showToast('Theme saved', 'success');
      return queryClient.invalidateQueries({ queryKey: configKeys.customStyle });
    },
  });
  const text = { ...DEFAULT_THEME_CONFIG.typography, ...draft.typography };
  const font = { ...DEFAULT_THEME_CONFIG.font, ...draft.font };
  const colourField = (label: string, value: string, fallback: string, set: (v: string) => void) => (
    <TextField
      key={label}
      size="small"
      type="color"
      label={label}
      value={pickable(value, fallback)}
      onChange={(e) => set(e.target.value)}
      sx={{ width: 200 }}
    />
  );
  const problems = save.error instanceof ApiError && save.error.items.length > 0 ? save.error.items : null;
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3}>
      <Stack spacing={2} sx={{ minWidth: 280 }}>
        {COLOURS.map(({ key, label }) =>
          colourField(label, draft[key], DEFAULT_THEME_CONFIG[key], (v) => setDraft({ ...draft, [key]: v })),
        )}
        {colourField('Text colour', text.primaryColor ?? '', '#1f2933', (v) =>
          setDraft({ ...draft, typography: { ...text, primaryColor: v } }),
        )}
        {colourField('Secondary text colour', text.secondaryColor ?? '', '#52606d', (v) =>
          setDraft({ ...draft, typography: { ...text, secondaryColor: v } }),
        )}
        <TextField
          size="small"
          label="Font family"
          value={font.family ?? ''}
          onChange={(e) => setDraft({ ...draft, font: { ...font, family: e.target.value } })}
        />
        <TextField
          size="small"
          type="number"
          label="Font size (px)"
          value={font.size ?? ''}
          onChange={(e) => setDraft({ ...draft, font: { ...font, size: Number(e.target.value) } })}
          slotProps={{ htmlInput: { min: 8, max: 32 } }}
        />
        <LogoPicker
          logo={draft.logo}
          onChange={(logo) => {
            const { logo: _old, ...rest } = draft;
            setDraft(logo ? { ...rest, logo } : rest);
          }}
        />
        {save.error && (
          <Alert severity="error">
            {(problems ?? [save.error.message]).map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
            Save theme
          </Button>
          <Button onClick={() => setDraft(saved)}>Undo changes</Button>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Preview
        </Typography>
        <Preview config={draft} />
      </Box>
    </Stack>
  );
}

export default function ThemeSettings() {
  const theme = useCustomStyle();
  if (theme.error) return <Alert severity="error">The theme could not be loaded: {theme.error.message}</Alert>;
  if (!theme.data) return <Skeleton variant="rounded" height={320} />;
  return <ThemeForm saved={theme.data} />;
}
