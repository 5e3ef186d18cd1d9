// Choices of the lifecycle editor made by name from lists, never typed ids: teams (departments or any),
// users and roles. A chosen id the directory does not hold (a read-only viewer may not list users) shows
// as the id itself.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Team } from '@originate/contract';
import type { DirectoryUser } from '../../api/lifecycles';

interface PickerProps {
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  readOnly: boolean;
  error?: string;
  helperText?: string;
}

function IdsPicker<T>({
  options,
  idOf,
  labelOf,
  label,
  value,
  onChange,
  readOnly,
  error,
  helperText,
}: PickerProps & { options: readonly T[]; idOf: (o: T) => string; labelOf: (o: T) => string }) {
  const byId = new Map(options.map((o) => [idOf(o), labelOf(o)]));
  return (
    <Autocomplete<string, true>
      multiple
      size="small"
      options={options.map(idOf)}
      value={[...value]}
      onChange={(_e, ids) => onChange(ids)}
      getOptionLabel={(id) => byId.get(id) ?? id}
      readOnly={readOnly}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText} />}
    />
  );
}

const teamLabel = (t: Team) => t.name ?? t.id;

export function TeamsPicker(props: PickerProps & { teams: readonly Team[] }) {
  return <IdsPicker {...props} options={props.teams} idOf={(t) => t.id} labelOf={teamLabel} />;
}

export function UsersPicker(props: PickerProps & { users: readonly DirectoryUser[] }) {
  return (
    <IdsPicker {...props} options={props.users} idOf={(u) => u.userid} labelOf={(u) => `${u.name} (${u.userName})`} />
  );
}

export function RolesPicker(props: PickerProps & { roles: readonly string[] }) {
  return <IdsPicker {...props} options={props.roles} idOf={(r) => r} labelOf={(r) => r} />;
}
