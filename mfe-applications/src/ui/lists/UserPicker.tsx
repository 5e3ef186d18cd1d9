// Picks a user by name for one action (assign, reassign, approval, forward, query): the options are the
// server's candidates for that action (GET /v3/users/candidates), searched there as the user types.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserCandidate, UserCandidatesQuery } from '@originate/contract';
import { useEffect, useState } from 'react';
import { useUserCandidates } from '../../api/useLists';

/** What the picker is for; the search comes from what is typed. */
export type UserPickerFor = Omit<UserCandidatesQuery, 'search'>;

/** A user the picker starts with (e.g. a query's current assignee), before the candidates arrive. */
export type PickedUser = Pick<UserCandidate, 'userid' | 'displayName'> & Partial<UserCandidate>;

const SEARCH_PAUSE_MS = 300;

const userLabel = (u: PickedUser) => (u.userName ? `${u.displayName} (${u.userName})` : u.displayName);

export function UserPicker({
  pickFor,
  label,
  value,
  onChange,
  required,
  helperText,
}: {
  pickFor: UserPickerFor;
  label: string;
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  required?: boolean;
  helperText?: string;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // The search waits for typing to pause, and a picked user's label is not a search.
  useEffect(() => {
    const typed = value && input === userLabel(value) ? '' : input.trim();
    const timer = setTimeout(() => setSearch(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input, value]);
  const candidates = useUserCandidates({ ...pickFor, ...(search ? { search } : {}) }, true);
  const options: PickedUser[] = candidates.data ?? [];
  return (
    <Autocomplete<PickedUser>
      options={options}
      value={value}
      onChange={(_e, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      // The server searched; the list is its answer as it stands.
      filterOptions={(all) => all}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(a, b) => a.userid === b.userid}
      loading={candidates.isFetching}
      noOptionsText={search ? `No user matches '${search}'` : 'No user can be chosen'}
      renderOption={({ key, ...props }, u) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {u.displayName}
            </Typography>
            <Typography component="span" color="text.secondary">
              {' '}
              · {u.userName}
            </Typography>
            {u.teams && u.teams.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {u.teams.map((t) => t.name).join(', ')}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          margin="dense"
          error={candidates.isError}
          helperText={candidates.isError ? `You cannot list users for this: ${candidates.error.message}` : helperText}
        />
      )}
    />
  );
}
