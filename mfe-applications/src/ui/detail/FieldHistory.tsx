// Field history (GET /v3/audits/getAudits?application_id&fieldKey): every change of one field or of all,
// old → new, who, when; fields named by the flow's labels (api/fieldLabels), the key as a hint.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldName, fieldName, pickerFields } from '../../api/fieldLabels';
import { useAudits, useFieldLabels, useReported } from '../../api/useDetail';
import { historyRows } from '../../domain/detail';
import { Loading } from './tabs/Loading';

const ALL = '';

export function FieldHistory({ applicationId }: { applicationId: string }) {
  const [fieldKey, setFieldKey] = useState(ALL);
  const all = useAudits(applicationId);
  const one = useAudits(applicationId, fieldKey, fieldKey !== ALL);
  const shown = fieldKey === ALL ? all : one;
  useReported(shown.error);
  const labels = useFieldLabels(applicationId);
  const fields = pickerFields(
    (all.data ?? []).map((a) => a.fieldKey),
    labels.data,
  );
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-label="Field history">
      <Typography variant="h6" component="h2">
        Field history
      </Typography>
      <TextField
        select
        size="small"
        label="Field"
        value={fieldKey}
        onChange={(e) => setFieldKey(e.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 260, alignSelf: 'flex-start' }}
      >
        <MenuItem value={ALL}>All fields</MenuItem>
        {fields.map((f) => (
          <MenuItem key={f.key} value={f.key}>
            <Name name={f} />
          </MenuItem>
        ))}
      </TextField>
      {labels.isError && (
        <Typography variant="caption" color="text.secondary">
          Fields are shown by key: their labels could not be loaded ({labels.error.message}).
        </Typography>
      )}
      {!shown.data ? (
        <Loading query={shown} what="field history" />
      ) : shown.data.length === 0 ? (
        <Typography color="text.secondary">No field of this application has changed yet.</Typography>
      ) : (
        <Table size="small" aria-label="Changes">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Change</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>When</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {historyRows(shown.data).map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Name name={fieldName(row.field, labels.data)} />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.change}</TableCell>
                <TableCell>{row.who}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.when}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** A field's label, and its key beside it when the label is not the key. */
function Name({ name }: { name: FieldName }) {
  return (
    <span>
      {name.label}
      {name.hint && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {name.hint}
        </Typography>
      )}
    </span>
  );
}
