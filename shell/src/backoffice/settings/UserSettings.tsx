// Settings › Users (operations admin): the users with their roles and teams, found by name or user name and
// paged by the server (GET /v3/users?search=); Edit changes both (PUT /v3/users/:userid/access, checked and
// audited by the server).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, ASSIGNABLE_ROLES, PAGE_SIZE_OPTIONS, type User } from '@originate/contract';
import { showToast } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsKeys } from '../../api/keys';
import { fetchTeams, saveUserAccess } from '../../api/settings';
import { useUsersPage } from '../../api/useSettings';

const toggled = <T,>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

function EditAccess({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: settingsKeys.teams, queryFn: fetchTeams });
  const [roles, setRoles] = useState<string[]>(user.roles.filter((r) => ASSIGNABLE_ROLES.includes(r)));
  const [teamIds, setTeamIds] = useState<string[]>(user.teams.map((t) => t.id));
  const save = useMutation({
    mutationFn: () =>
      saveUserAccess(user.userid, {
        roles,
        teams: teamIds.map((id) => ({ id, allTeams: user.teams.find((t) => t.id === id)?.allTeams ?? false })),
      }),
    onSuccess: () => {
      showToast(`${user.displayName}: roles and teams saved`, 'success');
      onClose();
      return queryClient.invalidateQueries({ queryKey: settingsKeys.users });
    },
  });
  const problems = save.error instanceof ApiError && save.error.items.length > 0 ? save.error.items : null;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="edit-access-title">
      <DialogTitle id="edit-access-title">{`Roles and teams of ${user.displayName}`}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
          <FormGroup aria-labelledby="roles-label">
            <FormLabel id="roles-label">Roles and permissions</FormLabel>
            {ASSIGNABLE_ROLES.map((role) => (
              <FormControlLabel
                key={role}
                control={<Checkbox checked={roles.includes(role)} onChange={() => setRoles(toggled(roles, role))} />}
                label={role}
              />
            ))}
          </FormGroup>
          <FormGroup aria-labelledby="teams-label">
            <FormLabel id="teams-label">Teams</FormLabel>
            {teams.isPending && <Skeleton variant="rounded" width={260} height={120} />}
            {(teams.data ?? []).map((team) => (
              <FormControlLabel
                key={team.id}
                control={
                  <Checkbox
                    checked={teamIds.includes(team.id)}
                    onChange={() => setTeamIds(toggled(teamIds, team.id))}
                  />
                }
                label={`${team.name} (${team.type === 'HIERARCHY' ? 'hierarchy' : 'department'})`}
              />
            ))}
          </FormGroup>
        </Stack>
        {save.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {(problems ?? [save.error.message]).map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function UserSettings() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const users = useUsersPage(page, size, search);
  const [editing, setEditing] = useState<User | null>(null);
  const find = () => {
    setSearch(typed.trim());
    setPage(1);
  };
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        role="search"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          find();
        }}
      >
        <TextField
          size="small"
          label="Find a user by name or user name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ width: 360 }}
        />
        <Button type="submit" variant="outlined">
          Search
        </Button>
        {search && (
          <Button
            onClick={() => {
              setTyped('');
              setSearch('');
              setPage(1);
            }}
          >
            Show all users
          </Button>
        )}
      </Stack>
      {users.error && <Alert severity="error">The users could not be loaded: {users.error.message}</Alert>}
      {users.isPending && <Skeleton variant="rounded" height={240} />}
      {users.data && users.data.count === 0 && (
        <Typography color="text.secondary">
          {search ? `No user's name or user name contains "${search}".` : 'There are no users.'}
        </Typography>
      )}
      {users.data && users.data.count > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>User name</TableCell>
                <TableCell>Roles</TableCell>
                <TableCell>Teams</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data.users.map((u) => (
                <TableRow key={u.userid}>
                  <TableCell>{u.displayName}</TableCell>
                  <TableCell>{u.userName}</TableCell>
                  <TableCell>{u.roles.join(', ')}</TableCell>
                  <TableCell>{u.teams.map((t) => t.name ?? t.id).join(', ')}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setEditing(u)}
                      aria-label={`Edit roles and teams of ${u.displayName}`}
                    >
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={users.data.count}
            page={page - 1}
            onPageChange={(_, next) => setPage(next + 1)}
            rowsPerPage={size}
            rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
            onRowsPerPageChange={(e) => {
              setSize(Number(e.target.value));
              setPage(1);
            }}
            labelRowsPerPage="Users per page"
          />
        </Paper>
      )}
      {editing && <EditAccess user={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
