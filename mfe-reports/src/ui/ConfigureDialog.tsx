// "Configure" (operations admin): which dashboard widgets and reports exist, in which order, under which
// title, for which roles (/setup/configs/Analytics/Reports). The rules are domain/configForm; a refusal
// by the server goes through the shared error path; a save shows at once on both pages.
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportsConfig } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { useSaveReportsConfig } from '../api/useReports';
import {
  type ConfigForm,
  type ConfigRow,
  type ConfigSection,
  configForm,
  configIssues,
  configOf,
  DEFAULT_TITLES,
  KNOWN_ROLES,
  moved,
} from '../domain/configForm';

const SECTIONS: { section: ConfigSection; heading: string }[] = [
  { section: 'dashboard', heading: 'Dashboard widgets' },
  { section: 'reports', heading: 'Reports' },
];

export function ConfigureDialog({
  open,
  onClose,
  config,
}: {
  open: boolean;
  onClose: () => void;
  config: ReportsConfig;
}) {
  const [form, setForm] = useState<ConfigForm>(() => configForm(config));
  const [tried, setTried] = useState(false);
  const save = useSaveReportsConfig();
  const issues = configIssues(form);
  const shown = tried ? issues : {};
  const roleOptions = [
    ...new Set([
      ...KNOWN_ROLES,
      ...config.dashboard.flatMap((e) => e.roles),
      ...config.reports.flatMap((e) => e.roles),
    ]),
  ].sort();

  const rows = (section: ConfigSection) => form[section] as ConfigRow<string>[];
  const setRows = (section: ConfigSection, next: ConfigRow<string>[]) =>
    setForm((prev) => ({ ...prev, [section]: next }));
  const change = (section: ConfigSection, index: number, patch: Partial<ConfigRow<string>>) =>
    setRows(
      section,
      rows(section).map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );

  const submit = () => {
    setTried(true);
    if (Object.keys(issues).length > 0) return;
    save.mutate(configOf(form), {
      onSuccess: () => {
        showToast('Dashboard and reports configuration saved', 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="configure-reports-title" fullWidth maxWidth="md">
      <DialogTitle id="configure-reports-title">Configure dashboard and reports</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Shown entries appear in this order to users holding one of their roles; an entry without roles is shown to
          everyone.
        </Typography>
        <Stack
          component="form"
          id="configure-reports-form"
          noValidate
          spacing={3}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {SECTIONS.map(({ section, heading }) => (
            <Stack key={section} spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {heading}
              </Typography>
              {rows(section).map((row, index, all) => {
                const name = DEFAULT_TITLES[row.id as keyof typeof DEFAULT_TITLES];
                const titleIssue = shown[`${section}.${row.id}.title`];
                const rolesIssue = shown[`${section}.${row.id}.roles`];
                return (
                  <Stack
                    key={row.id}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                    data-testid={`config-row-${row.id}`}
                  >
                    <FormControlLabel
                      sx={{ width: { sm: 240 }, flexShrink: 0, mt: { sm: 1 } }}
                      control={
                        <Checkbox
                          checked={row.shown}
                          onChange={(event) => change(section, index, { shown: event.target.checked })}
                        />
                      }
                      label={name}
                    />
                    <TextField
                      size="small"
                      label={`${name}: title`}
                      value={row.title}
                      onChange={(event) => change(section, index, { title: event.target.value })}
                      error={Boolean(titleIssue)}
                      helperText={titleIssue}
                      disabled={!row.shown}
                      sx={{ flex: 1 }}
                    />
                    <Autocomplete
                      multiple
                      freeSolo
                      size="small"
                      options={roleOptions}
                      value={row.roles}
                      disabled={!row.shown}
                      onChange={(_event, roles) => change(section, index, { roles: roles.map((r) => r.trim()) })}
                      sx={{ flex: 1.4 }}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label={`${name}: roles`}
                          placeholder={row.roles.length === 0 ? 'Everyone' : undefined}
                          error={Boolean(rolesIssue)}
                          helperText={rolesIssue}
                        />
                      )}
                    />
                    <Stack direction="row">
                      <IconButton
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => setRows(section, moved(all, index, -1))}
                      >
                        <span aria-hidden="true">↑</span>
                      </IconButton>
                      <IconButton
                        aria-label={`Move ${name} down`}
                        disabled={index === all.length - 1}
                        onClick={() => setRows(section, moved(all, index, 1))}
                      >
                        <span aria-hidden="true">↓</span>
                      </IconButton>
                    </Stack>
                  </Stack>
                );
              })}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="configure-reports-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
