// Picks the application a template is previewed on: the global search (application id or applicant name) as
// the user types, one option per application.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useGlobalSearch } from '../../api/useLists';
import { useSettled } from '../../api/useTemplates';

export interface PickedApplication {
  application_id: string;
  applicantName: string | null;
  product_name: string;
}

const SEARCH_PAUSE_MS = 300;
const label = (a: PickedApplication) =>
  `${a.application_id} · ${a.applicantName ?? 'no applicant name'} · ${a.product_name}`;

export function ApplicationPicker({
  value,
  onChange,
}: {
  value: PickedApplication | null;
  onChange: (application: PickedApplication | null) => void;
}) {
  const [input, setInput] = useState('');
  const typed = value && input === label(value) ? '' : input.trim();
  const search = useSettled(typed, SEARCH_PAUSE_MS);
  const found = useGlobalSearch(search, 0, 20);
  const options = useMemo(() => {
    const byId = new Map<string, PickedApplication>();
    for (const row of found.data?.data ?? []) {
      if (!byId.has(row.application_id)) {
        byId.set(row.application_id, {
          application_id: row.application_id,
          applicantName: row.applicantName,
          product_name: row.product_name,
        });
      }
    }
    return [...byId.values()];
  }, [found.data]);
  return (
    <Autocomplete<PickedApplication>
      options={options}
      value={value}
      onChange={(_e, application) => onChange(application)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      // The server searched; the list is its answer as it stands.
      filterOptions={(all) => all}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.application_id === b.application_id}
      loading={found.isFetching}
      noOptionsText={search ? `No application matches '${search}'` : 'Type an application id or an applicant name'}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label="Preview on application"
          helperText="Its applicant's data and loan fill the placeholders"
        />
      )}
      sx={{ minWidth: 280, flex: 1 }}
    />
  );
}
