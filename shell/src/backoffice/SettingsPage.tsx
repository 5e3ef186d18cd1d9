import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { resolveDebugRole } from '@originate/contract';
import { debugModeAtom, getSession, reportError, type Session, showToast } from '@originate/web';
import { useManifest } from '@originate/web/remotes';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { userKeys } from '../api/keys';
import { saveSelectedTeams } from '../api/users';
import { useSaveSelectedTeams, useUser } from '../api/useUsers';
import { askInToast } from '../chrome/questionToast';
import { settingsLinks } from '../remotes/manifest';
import { settingsTabsFor, tabOf } from './settings/settingsRules';

// The admin's tabs load when opened: a user who only picks teams never downloads them.
const UserSettings = lazy(() => import('./settings/UserSettings'));
const ProductSettings = lazy(() => import('./settings/ProductSettings'));
const ConsentSettings = lazy(() => import('./settings/ConsentSettings'));
const ThemeSettings = lazy(() => import('./settings/ThemeSettings'));
const HistorySettings = lazy(() => import('./settings/HistorySettings'));
const ADMIN_TABS = {
  users: UserSettings,
  products: ProductSettings,
  consents: ConsentSettings,
  theme: ThemeSettings,
  history: HistorySettings,
} as const;

/** Settings: the caller's teams and debug mode; for an operations admin also users, products, consents, theme and their history (spec §6). */
export function SettingsPage({ session }: { session: Session }) {
  const [params, setParams] = useSearchParams();
  const roles = session.user.roles;
  const tabs = settingsTabsFor(roles);
  const tab = tabOf(params.get('tab'), roles);
  const AdminTab = tab === 'teams' ? null : ADMIN_TABS[tab];
  return (
    <Stack spacing={3} sx={{ maxWidth: tab === 'teams' ? 800 : 1200 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Settings
      </Typography>
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_, next: string) => setParams(next === 'teams' ? {} : { tab: next })}
          aria-label="Settings"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`settings-tab-${t.id}`} aria-controls="settings-panel" />
          ))}
        </Tabs>
      )}
      <Box role={tabs.length > 1 ? 'tabpanel' : undefined} id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {AdminTab ? (
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <AdminTab />
          </Suspense>
        ) : (
          <MySettings session={session} />
        )}
      </Box>
    </Stack>
  );
}

const UNSAVED_TEAMS_QUESTION = 'Your team selection is not saved. Save it now?';

/** What every user sets: their teams, and debug mode for a DEVELOPER or DEBUGGER. */
function MySettings({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const profile = useUser(session.user.userid);
  const [choice, setChoice] = useState<string[] | null>(null);
  const [debugMode, setDebugMode] = useAtom(debugModeAtom);
  const debugRole = resolveDebugRole(session.user.roles);
  const { manifest } = useManifest();
  const links = settingsLinks(manifest, session.user.roles);

  const teams = profile.data?.teams ?? [];
  const selected = choice ?? profile.data?.teamData?.selectedTeams ?? teams.map((t) => t.id);
  const save = useSaveSelectedTeams(session.user.userid, () => {
    showToast('Team selection saved', 'success');
    setChoice(null);
  });

  // Leaving with a selection not saved asks (a question toast) rather than dropping it silently.
  const unsaved = useRef<string[] | null>(null);
  unsaved.current = choice !== null && selected.length > 0 ? selected : null;
  const userid = session.user.userid;
  useEffect(
    () => () => {
      const teams = unsaved.current;
      // After a logoff there is nobody to ask.
      if (!teams || !getSession()) return;
      const saveLater = () =>
        saveSelectedTeams(teams)
          .then(() => {
            showToast('Team selection saved', 'success');
            return queryClient.invalidateQueries({ queryKey: userKeys.user(userid) });
          })
          .catch(reportError);
      askInToast(UNSAVED_TEAMS_QUESTION, [{ label: 'Save', onClick: () => void saveLater() }, { label: 'Discard' }]);
    },
    [queryClient, userid],
  );

  const toggle = (id: string) =>
    setChoice(selected.includes(id) ? selected.filter((t) => t !== id) : [...selected, id]);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          Teams
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Lists and assignments use the teams you select here.
        </Typography>
        {profile.error && <Alert severity="error">{profile.error.message}</Alert>}
        {profile.isPending ? (
          <Skeleton height={80} />
        ) : (
          <FormGroup>
            {teams.map((team) => (
              <FormControlLabel
                key={team.id}
                control={<Checkbox checked={selected.includes(team.id)} onChange={() => toggle(team.id)} />}
                label={`${team.name ?? team.id} (${team.type === 'HIERARCHY' ? 'hierarchy' : 'department'})`}
              />
            ))}
          </FormGroup>
        )}
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={choice === null || selected.length === 0 || save.isPending}
          onClick={() => save.mutate(selected)}
        >
          Save teams
        </Button>
      </Paper>
      {links.length > 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            Configuration
          </Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {links.map((link) => (
              <Link key={link.path} component={RouterLink} to={link.path}>
                {link.label}
              </Link>
            ))}
          </Stack>
        </Paper>
      )}
      {debugRole && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            Debug mode
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            As {debugRole}, your calls can go to the debugger service.
          </Typography>
          <FormControlLabel
            control={<Switch checked={debugMode} onChange={(e) => setDebugMode(e.target.checked)} />}
            label="Debug mode"
          />
        </Paper>
      )}
    </Stack>
  );
}
