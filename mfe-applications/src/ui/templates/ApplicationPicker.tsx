// Picks the application a template is previewed on: the global search (application id or applicant name) as
// the user types, one option per application; a whole application id also finds that application directly,
// since the global search answers only applications in the caller's lists (a decided loan is in none).
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useGlobalSearch } from '../../api/useLists';
import { useApplicationById, useSettled } from '../../api/useTemplates';

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
  const exact = useApplicationById(search);
  const options = useMemo(() => {
    const byId = new Map<string, PickedApplication>();
    const record = exact.data;
    if (record) {
      const primary = record.applicant?.primary ?? {};
      const name = primary.fullName ?? [primary.firstName, primary.lastName].filter(Boolean).join(' ');
      byId.set(record.application_id, {
        application_id: record.application_id,
        applicantName: typeof name === 'string' && name.trim() !== '' ? name : null,
        product_name: record.product_name,
      });
    }
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
  }, [found.data, exact.data]);
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
      loading={found.isFetching || exact.isFetching}
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
